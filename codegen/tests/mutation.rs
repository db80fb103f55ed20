//! Mutation test of the generator: corrupted copies of a small fixture DLL and of Mono's
//! System.Numerics.Vectors.dll, each run through the real `cilbind` binary in its own process
//! (an abort cannot be caught in-process).
//!
//! Every mutant must either generate bindings or fail with exit code 1 and one `error:` line
//! that names the file. A crash signal, an abort, a hang, panic text on stderr or any other
//! exit fails the test.
//!
//! ```sh
//! cargo test -p cilbind-codegen --release --test mutation -- --nocapture   # 300 mutants
//! CILBIND_MUTANTS=2000 cargo test -p cilbind-codegen --release --test mutation -- --nocapture
//! ```
//!
//! `CILBIND_MUTANT_SEED` changes the first seed (default 0). `CILBIND_MUTANT_JOBS` sets the
//! number of parallel processes (default 2). `CILBIND_BIN` runs another build of the binary
//! (to measure an older generator). `tests/corpus/generator.txt` holds every mutant that ever
//! crashed a generator; all of them are replayed first, on every run. The small input is
//! built from `tests/corpus/Fixture.cs`, a frozen copy of `tests/fixtures/Fixture.cs` (mcs
//! gives the same bytes for the same source), so that the corpus's file offsets keep their
//! meaning.

mod common;

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

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    Generated,
    CleanError,
    CrashSignal,
    Abort,
    PanicText,
    Timeout,
    OtherExit,
}

impl Outcome {
    fn is_failure(self) -> bool {
        !matches!(self, Outcome::Generated | Outcome::CleanError)
    }
}

fn env_num(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn binary() -> PathBuf {
    std::env::var_os("CILBIND_BIN").map_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_cilbind")), PathBuf::from)
}

/// Runs the generator on `dll`; returns the outcome and stderr.
fn run(dll: &Path) -> (Outcome, String) {
    let mut child = Command::new(binary())
        .arg("generate")
        .arg(dll)
        .arg("--out")
        .arg(dll.with_extension("rs"))
        // One decoding thread per process: the test runs several processes at once.
        .env("RAYON_NUM_THREADS", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run cilbind");
    let mut stderr_pipe = child.stderr.take().expect("piped stderr");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr_pipe.read_to_string(&mut s);
        s
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for cilbind") {
            break Some(status);
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let stderr = reader.join().unwrap_or_default();
    let outcome = match status {
        None => Outcome::Timeout,
        Some(s) if s.signal() == Some(6) => Outcome::Abort,
        Some(s) if s.signal().is_some() => Outcome::CrashSignal,
        Some(_) if stderr.contains("panicked") || stderr.contains("RUST_BACKTRACE") => Outcome::PanicText,
        Some(s) if s.success() => Outcome::Generated,
        Some(s)
            if s.code() == Some(1)
                && stderr.starts_with("error: ")
                && stderr.trim_end().lines().count() == 1
                && stderr.contains(&dll.display().to_string()) =>
        {
            Outcome::CleanError
        }
        Some(_) => Outcome::OtherExit,
    };
    (outcome, stderr)
}

fn inputs() -> Vec<Input> {
    // A frozen copy of tests/fixtures/Fixture.cs (tests/corpus/Fixture.cs): corpus edits are
    // file offsets, so the input must not change when the fixture source does. mcs is
    // deterministic (same source, flags and output name give the same bytes).
    let dir = common::temp_dir("mutation-inputs");
    let fixture = common::mcs_path(
        &dir,
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/Fixture.cs"),
        "Fixture.dll",
    );
    [
        ("fixture", "Fixture.dll", fixture),
        ("vectors", "System.Numerics.Vectors.dll", PathBuf::from(VECTORS)),
    ]
    .into_iter()
    .map(|(key, file_name, path)| Input::load(key, file_name, &path).unwrap_or_else(|e| panic!("{e}")))
    .collect()
}

fn corpus_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/generator.txt")
}

#[test]
fn mutants_never_crash_the_generator() {
    let inputs = inputs();
    let count = env_num("CILBIND_MUTANTS", 300);
    let first_seed = env_num("CILBIND_MUTANT_SEED", 0);
    let jobs_n = env_num("CILBIND_MUTANT_JOBS", 2).max(1) as usize;

    let corpus = std::fs::read_to_string(corpus_path()).unwrap_or_else(|e| panic!("the committed corpus: {e}"));
    let jobs = mutate::jobs(&inputs, &corpus, first_seed, count).unwrap_or_else(|e| panic!("{e}"));
    let corpus_len = jobs.len() - count as usize;

    let next = AtomicUsize::new(0);
    let counts: Mutex<BTreeMap<Outcome, usize>> = Mutex::new(BTreeMap::new());
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let root = common::temp_dir("mutants");
    let start = Instant::now();
    std::thread::scope(|s| {
        for worker in 0..jobs_n {
            let (jobs, inputs, next, counts, failures) = (&jobs, &inputs, &next, &counts, &failures);
            let dir = root.join(format!("w{worker}"));
            std::fs::create_dir_all(&dir).unwrap();
            s.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = jobs.get(i) else { break };
                let input = &inputs[job.input];
                let dll = dir.join(input.file_name);
                std::fs::write(&dll, mutate::apply(&input.bytes, &job.edits)).unwrap();
                let (outcome, stderr) = run(&dll);
                *counts.lock().unwrap().entry(outcome).or_default() += 1;
                if outcome.is_failure() {
                    let first = stderr.lines().next().unwrap_or("").to_string();
                    failures.lock().unwrap().push(format!(
                        "{outcome:?} ({}): corpus line: {} {}  # {first}",
                        job.label,
                        input.key,
                        mutate::format_edits(&job.edits)
                    ));
                }
            });
        }
    });

    let counts = counts.into_inner().unwrap();
    println!(
        "generator mutation test: {} mutants ({corpus_len} from the corpus, {count} from seeds {first_seed}..{}) in {:.1?}",
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
    assert!(
        failures.is_empty(),
        "{} mutants crashed, hung or printed a panic",
        failures.len()
    );
    let _ = std::fs::remove_dir_all(&root);
}
