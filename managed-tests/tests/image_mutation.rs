//! Mutation test of the runtime loader: corrupted copies of the `Basics` fixture, of the
//! generator's `Fixture.dll` (generics, nested types, attributes) and of Mono's
//! System.Numerics.Vectors.dll go through `Runtime::load_assembly`. Each mutant runs in its own
//! child process, because a crash inside Mono kills the process. A mutant that loads is then
//! listed in full: every class (with its parent, interfaces, enclosing type, kind and, for a
//! value type, its size), every method, and every parameter and return type.
//!
//! Every mutant must end in a clean outcome: rejected by the loader with
//! `Error::AssemblyLoad`, or loaded and listed (or a listing error value). A crash signal, an
//! abort, a hang or an unexpected exit fails the test.
//!
//! ```sh
//! cargo test -p managed-tests --release --test image_mutation -- --nocapture    # 300 mutants
//! CILBIND_MUTANTS=500 cargo test -p managed-tests --release --test image_mutation -- --nocapture
//! ```
//!
//! `CILBIND_MUTANT_SEED` changes the first seed (default 0). `CILBIND_MUTANT_JOBS` sets the
//! number of parallel processes (default 2). `tests/corpus/loader.txt` holds every mutant that
//! ever crashed the loader; all of them are replayed first, on every run. The small input is
//! built by build.rs from `tests/corpus/Basics.cs`, a frozen copy of `fixtures/Basics.cs` (mcs
//! gives the same bytes for the same source), so that the corpus's file offsets keep their
//! meaning.

use cilbind::Error;
use cilbind_image_check::mutate::{self, Input};
use std::collections::BTreeMap;
use std::io::Read;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const VECTORS: &str = "/usr/lib/mono/4.5/System.Numerics.Vectors.dll";
const TIMEOUT: Duration = Duration::from_secs(60);
const CHILD_ENV: &str = "CILBIND_MUTANT_CHILD";
/// Mutants handed to one child at a time.
const BATCH: usize = 40;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    /// `load_assembly` returned `Error::AssemblyLoad`.
    Rejected,
    /// Loaded; every class, method and signature listed.
    Listed,
    /// Loaded; listing returned an error value (a class Mono could not load).
    ListError,
    CrashSignal,
    Abort,
    Timeout,
    OtherExit,
}

impl Outcome {
    fn is_failure(self) -> bool {
        !matches!(self, Outcome::Rejected | Outcome::Listed | Outcome::ListError)
    }
}

/// The child's work. `CILBIND_MUTANT_CHILD` lists mutant files, one per line. Each is loaded
/// in turn and gets a `RESULT <outcome> <detail>` line. Rejected files never reach Mono, so
/// the child goes on to the next one. It stops after the first file that loads: that file is
/// listed in full, and Mono keeps loaded assemblies by name, so no other mutant can follow it
/// in this process. A crash is therefore always the first file without a `RESULT` line. Run
/// only by [`mutants_never_crash_the_loader`].
#[test]
#[ignore = "child process of mutants_never_crash_the_loader"]
fn mutant_child() {
    let Some(list) = std::env::var_os(CHILD_ENV) else {
        return;
    };
    let rt = managed_tests::runtime();
    for path in list.to_string_lossy().lines() {
        let asm = match rt.load_assembly(path) {
            Ok(a) => a,
            Err(e @ Error::AssemblyLoad { .. }) => {
                println!("\nRESULT Rejected {e}");
                continue;
            }
            Err(e) => panic!("load_assembly returned a non-AssemblyLoad error: {e}"),
        };
        let classes = match asm.classes() {
            Ok(c) => c,
            Err(e) => {
                println!("\nRESULT ListError {e}");
                return;
            }
        };
        let (mut methods, mut types, mut unresolved) = (0usize, 0usize, 0usize);
        for class in &classes {
            let _ = class.full_name();
            let _ = (
                class.parent(),
                class.declared_interfaces(),
                class.nesting_type(),
                class.kind(),
            );
            if class.is_value_type() {
                let _ = class.value_size();
            }
            for m in class.methods() {
                let _ = m.name();
                // A signature naming a type Mono cannot load is an error value (Error::TypeLoad).
                match (m.parameter_types(), m.return_type()) {
                    (Ok(p), Ok(_)) => types += p.len(),
                    _ => unresolved += 1,
                }
                methods += 1;
            }
        }
        println!(
            "\nRESULT Listed {} classes, {methods} methods ({unresolved} with unresolvable signatures), {types} parameter types",
            classes.len()
        );
        return;
    }
}

fn env_num(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Runs one child on `dlls` (in order). Returns an outcome for each mutant the child got to:
/// all of them, or a prefix ending with the one that loaded (or crashed).
fn run(dlls: &[PathBuf], dir: &Path) -> Vec<(Outcome, String)> {
    let list: Vec<String> = dlls.iter().map(|p| p.display().to_string()).collect();
    let mut child = Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "--ignored",
            "--exact",
            "mutant_child",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_ENV, list.join("\n"))
        // Mono writes mono_crash.*.json into the working directory when it crashes.
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the child test");
    let mut out_pipe = child.stdout.take().expect("piped stdout");
    let mut err_pipe = child.stderr.take().expect("piped stderr");
    let out_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = out_pipe.read_to_string(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err_pipe.read_to_string(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for the child") {
            break Some(status);
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let stdout = out_reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    let mut results: Vec<(Outcome, String)> = stdout
        .lines()
        .filter_map(|l| l.strip_prefix("RESULT "))
        .map(|r| {
            let outcome = if r.starts_with("Rejected ") {
                Outcome::Rejected
            } else if r.starts_with("Listed ") {
                Outcome::Listed
            } else if r.starts_with("ListError ") {
                Outcome::ListError
            } else {
                Outcome::OtherExit
            };
            (outcome, r.to_string())
        })
        .collect();
    let stopped_after_load = results.last().is_some_and(|(o, _)| *o != Outcome::Rejected);
    let clean_exit = status.is_some_and(|s| s.success());
    if clean_exit && (stopped_after_load || results.len() == dlls.len()) {
        results.truncate(dlls.len());
        return results;
    }
    // The mutant after the last RESULT line crashed, hung or exited strangely.
    let outcome = match status {
        None => Outcome::Timeout,
        Some(s) if s.signal() == Some(6) => Outcome::Abort,
        Some(s) if s.signal().is_some() => Outcome::CrashSignal,
        Some(_) => Outcome::OtherExit,
    };
    // The first line Mono or the panic printed says most.
    let lines = || stderr.lines().chain(stdout.lines());
    let detail = ["Assertion", "SIGSEGV", "panicked", "error"]
        .iter()
        .find_map(|needle| lines().find(|l| l.contains(needle)))
        .unwrap_or("")
        .chars()
        .take(200)
        .collect();
    results.truncate(dlls.len().saturating_sub(1));
    results.push((outcome, detail));
    results
}

fn inputs() -> Vec<Input> {
    [
        ("basics", "Basics.dll", frozen("Basics.dll")),
        // The generator's frozen fixture: generics, nested types, attributes.
        ("fixture", "Fixture.dll", frozen("Fixture.dll")),
        ("vectors", "System.Numerics.Vectors.dll", PathBuf::from(VECTORS)),
    ]
    .into_iter()
    .map(|(key, file_name, path)| Input::load(key, file_name, &path).unwrap_or_else(|e| panic!("{e}")))
    .collect()
}

/// A mutation input that build.rs compiled from a frozen source (`tests/corpus/Basics.cs`,
/// `codegen/tests/corpus/Fixture.cs`): corpus edits are file offsets, so the input must not
/// change when the fixtures do.
fn frozen(dll: &str) -> PathBuf {
    Path::new(env!("CORPUS_DIR")).join(dll)
}

/// The corpus folder (the regression corpus and the frozen sources).
fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

#[test]
fn mutants_never_crash_the_loader() {
    let inputs = inputs();
    let count = env_num("CILBIND_MUTANTS", 300);
    let first_seed = env_num("CILBIND_MUTANT_SEED", 0);
    let jobs_n = env_num("CILBIND_MUTANT_JOBS", 2).max(1) as usize;

    let corpus = std::fs::read_to_string(corpus_dir().join("loader.txt"))
        .unwrap_or_else(|e| panic!("the committed corpus: {e}"));
    let jobs = mutate::jobs(&inputs, &corpus, first_seed, count).unwrap_or_else(|e| panic!("{e}"));
    let corpus_len = jobs.len() - count as usize;

    let root = std::env::temp_dir().join(format!("cilbind-loader-mutants-{}", std::process::id()));
    let next = AtomicUsize::new(0);
    let counts: Mutex<BTreeMap<Outcome, usize>> = Mutex::new(BTreeMap::new());
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let start = Instant::now();
    std::thread::scope(|s| {
        for worker in 0..jobs_n {
            let (jobs, inputs, next, counts, failures) = (&jobs, &inputs, &next, &counts, &failures);
            let dir = root.join(format!("w{worker}"));
            std::fs::create_dir_all(&dir).unwrap();
            s.spawn(move || loop {
                // Claim a batch; the child reports on a prefix of it, the rest goes back.
                let first = next.fetch_add(BATCH, Ordering::Relaxed);
                if first >= jobs.len() {
                    break;
                }
                let mut pending: Vec<usize> = (first..(first + BATCH).min(jobs.len())).collect();
                while !pending.is_empty() {
                    let dlls: Vec<PathBuf> = pending
                        .iter()
                        .map(|&i| {
                            let input = &inputs[jobs[i].input];
                            let sub = dir.join(format!("m{i}"));
                            std::fs::create_dir_all(&sub).unwrap();
                            let dll = sub.join(input.file_name);
                            std::fs::write(&dll, mutate::apply(&input.bytes, &jobs[i].edits)).unwrap();
                            dll
                        })
                        .collect();
                    let results = run(&dlls, &dir);
                    for (k, (outcome, detail)) in results.iter().enumerate() {
                        let job = &jobs[pending[k]];
                        *counts.lock().unwrap().entry(*outcome).or_default() += 1;
                        if outcome.is_failure() {
                            failures.lock().unwrap().push(format!(
                                "{outcome:?} ({}): corpus line: {} {}  # {detail}",
                                job.label,
                                inputs[job.input].key,
                                mutate::format_edits(&job.edits)
                            ));
                        }
                    }
                    for d in &dlls {
                        let _ = std::fs::remove_dir_all(d.parent().unwrap());
                    }
                    pending.drain(..results.len().max(1).min(pending.len()));
                }
            });
        }
    });

    let counts = counts.into_inner().unwrap();
    println!(
        "loader mutation test: {} mutants ({corpus_len} from the corpus, {count} from seeds {first_seed}..{}) in {:.1?}",
        jobs.len(),
        first_seed + count,
        start.elapsed()
    );
    for (outcome, n) in &counts {
        println!("  {outcome:?}: {n}");
    }
    let failures = failures.into_inner().unwrap();
    for f in &failures {
        println!("FAIL {f}");
    }
    let _ = std::fs::remove_dir_all(&root);
    assert!(
        failures.is_empty(),
        "{} mutants crashed or hung the loader",
        failures.len()
    );
}

#[test]
fn classes_lists_every_type_definition() {
    let asm = managed_tests::load_fixture("Basics");
    let names: Vec<String> = asm.classes().unwrap().iter().map(|c| c.full_name()).collect();
    // Mono lists the `<Module>` pseudo-type first; CoreCLR's reflection does not hand it out.
    let first = if managed_tests::on_coreclr() {
        "Fixtures.Team"
    } else {
        "<Module>"
    };
    assert_eq!(names.first().map(String::as_str), Some(first), "{names:?}");
    for expected in ["Fixtures.Calls", "Fixtures.V3", "Fixtures.Team", "Fixtures.Animal"] {
        assert!(names.iter().any(|n| n == expected), "{expected} missing from {names:?}");
    }
}

#[test]
fn corrupt_assembly_is_an_error_naming_what_is_wrong() {
    // Corpus seed 0: before the image check, Mono failed the assertion `idx >= 0` at
    // metadata.c:1165 and aborted the process.
    let bytes = std::fs::read(frozen("Basics.dll")).unwrap();
    let edits = mutate::parse_edits("0xdd2:0000,0xe6c:75007501").unwrap();
    let dir = std::env::temp_dir().join(format!("cilbind-corrupt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let dll = dir.join("Basics.dll");
    std::fs::write(&dll, mutate::apply(&bytes, &edits)).unwrap();
    let rt = managed_tests::runtime();
    match rt.load_assembly(&dll) {
        Err(Error::AssemblyLoad { path, reason }) => {
            assert_eq!(path, dll);
            assert!(reason.contains("table "), "{reason}");
        }
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("the corrupt copy must be rejected"),
    }
    let _ = std::fs::remove_dir_all(&dir);
}
