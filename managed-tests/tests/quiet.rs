//! The runtime prints nothing on stdout or stderr by itself: Mono's diagnostics go to the
//! `log` crate under target `mono` (runtime/src/host/logging.rs), while managed code's own
//! `Console.WriteLine` output still reaches stdout.
//!
//! The calls run in a child process (this binary again, with `QUIET_CHILD` set) whose whole
//! stdout and stderr the parent checks, so anything Mono writes anywhere, start-up included,
//! fails the test. No libtest harness (`harness = false`): its own lines would be in the
//! child's output.

use std::process::Command;
use std::sync::Mutex;

use cilbind::{invoke, Error, MethodRef, Runtime, TypeRef, Value};

const CHILD_ENV: &str = "QUIET_CHILD";
/// What the child writes through `System.Console.WriteLine`: the only text its stdout may hold.
const GREETING: &str = "hello from Console.WriteLine";

static TYPE: TypeRef = TypeRef::new("mscorlib", "System", "Type");
static GET_TYPE: MethodRef = MethodRef::new(&TYPE, "GetType", &["System.String"]);
static GET_TYPE_THROWING: MethodRef = MethodRef::new(&TYPE, "GetType", &["System.String", "System.Boolean"]);
static CONSOLE: TypeRef = TypeRef::new("mscorlib", "System", "Console");
static WRITE_LINE: MethodRef = MethodRef::new(&CONSOLE, "WriteLine", &["System.String"]);

fn main() {
    if std::env::var_os(CHILD_ENV).is_some() {
        child();
        return;
    }
    let out = Command::new(std::env::current_exe().expect("test binary"))
        .env(CHILD_ENV, "1")
        .output()
        .expect("run the child");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the child failed ({}):\nstdout:\n{stdout}\nstderr:\n{stderr}",
        out.status
    );
    assert_eq!(stderr, "", "the runtime wrote to stderr");
    assert_eq!(
        stdout,
        format!("{GREETING}\n"),
        "stdout holds exactly what managed code wrote"
    );
    // The child's own stderr must stay empty: the part that does not apply is said here.
    managed_tests::part_not_on_coreclr("the log records of Mono's diagnostics", MONO_DIAGNOSTICS);
    println!("test runtime_prints_nothing_but_managed_console_output ... ok");
}

/// Records what reaches the `log` crate, to show that Mono's message was routed, not lost.
struct Recorder(Mutex<Vec<(log::Level, String, String)>>);

impl log::Log for Recorder {
    fn enabled(&self, _: &log::Metadata) -> bool {
        true
    }
    fn log(&self, record: &log::Record) {
        let entry = (record.level(), record.target().to_string(), record.args().to_string());
        self.0.lock().unwrap_or_else(|p| p.into_inner()).push(entry);
    }
    fn flush(&self) {}
}

static RECORDER: Recorder = Recorder(Mutex::new(Vec::new()));

/// Each call below made Mono 6.8 print `icall.c:1726:` on stdout before the runtime routed its
/// diagnostics. The child stays silent unless a check fails (the parent then shows why).
fn child() {
    log::set_logger(&RECORDER).expect("no other logger");
    log::set_max_level(log::LevelFilter::Trace);
    managed_tests::runtime();
    // The calls that made Mono print, on either runtime: nothing may reach stdout or stderr.
    calls_that_made_mono_print();
    // Mono's own diagnostics, routed to the log crate; CoreCLR writes none of its own.
    if !managed_tests::on_coreclr() {
        mono_diagnostics_are_routed();
    }
    // Managed output is the program's own and is not touched.
    let () = WRITE_LINE.thunk().unwrap().call((Some(GREETING),)).unwrap();
}

/// What the parent's check of the child's output says on CoreCLR.
const MONO_DIAGNOSTICS: &str = "the calls below made Mono print its own diagnostics; CoreCLR prints none";

/// Calls that made Mono print.
fn calls_that_made_mono_print() {
    // Through the raw-call shim: a type that exists, one that does not, one in a named assembly,
    // one in an assembly that does not exist.
    let found: Option<cilbind::Object> = GET_TYPE.thunk().unwrap().call((Some("System.Int32"),)).unwrap();
    assert!(found.is_some(), "System.Int32 is found");
    for missing in ["No.Such.Type", "Missing.Type, No.Such.Assembly"] {
        let none: Option<cilbind::Object> = GET_TYPE.thunk().unwrap().call((Some(missing),)).unwrap();
        assert!(none.is_none(), "{missing} is not found");
    }
    let list: Option<cilbind::Object> = GET_TYPE
        .thunk()
        .unwrap()
        .call((Some("System.Collections.ArrayList, mscorlib"),))
        .unwrap();
    assert!(list.is_some(), "ArrayList is found by its assembly-qualified name");
    // Through the reflective path, and the overload that throws.
    let found = invoke(
        GET_TYPE.method().unwrap(),
        None,
        &mut [Value::String("System.String".into())],
    );
    assert!(matches!(found, Ok(Value::Object(_))), "{found:?}");
    let thrown: Result<Option<cilbind::Object>, Error> =
        GET_TYPE_THROWING.thunk().unwrap().call((Some("No.Such.Type"), true));
    assert!(
        matches!(&thrown, Err(Error::ManagedException { type_name, .. }) if type_name == "System.TypeLoadException"),
        "{thrown:?}"
    );
    // An assembly Mono cannot find.
    assert!(Runtime::get().unwrap().assembly("No.Such.Assembly").is_err());
    Runtime::get().unwrap().collect_garbage();
}

/// The log records Mono's diagnostics made.
fn mono_diagnostics_are_routed() {
    let routed = RECORDER.0.lock().unwrap_or_else(|p| p.into_inner());
    assert!(
        routed
            .iter()
            .any(|(level, target, text)| *level == log::Level::Warn && target == "mono" && text.contains("icall.c")),
        "Mono's warning reached the log crate under target `mono`: {routed:?}"
    );
    drop(routed);
}
