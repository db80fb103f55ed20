//! The reflective path (`invoke`, `call_by_id`, and so the replayer) while the collector moves
//! objects (`fixtures/Pressure.cs`): every reference an argument list holds must be one SGen
//! sees and updates. Lowering arguments into native heap memory (a `Vec`) handed managed code
//! the old address of an object a collection had moved in between: allocating a later
//! argument's string collected the nursery, or another thread did.
//!
//! Each stress loop is bounded in time (a few seconds in a debug build) and checks that
//! collections did happen meanwhile, so that a pass means something. The runtime of this test
//! process clears the nursery at each collection (`MONO_GC_DEBUG=clear-at-gc`, a 1 MiB nursery):
//! a stale reference then reads zeros every time, instead of an intact old copy of the object
//! until its memory happens to be reused, so the bug shows whenever it happens.

use std::time::{Duration, Instant};

use cilbind::{
    call_by_id, invoke, FieldRef, FunctionDb, Method, MethodRef, Object, RefObject, RefString, TypeRef, Value,
};
use managed_tests::load_fixture;

static CALLS: TypeRef = TypeRef::new("Pressure", "Pressure", "Calls");
static COLLECTOR: TypeRef = TypeRef::new("Pressure", "Pressure", "Collector");
static BOX1: TypeRef = TypeRef::new("Pressure", "Pressure", "Box1");
static GC: TypeRef = TypeRef::new("mscorlib", "System", "GC");

static MAKE: MethodRef = MethodRef::new(&CALLS, "Make", &["System.Int32"]);
static OBJS: MethodRef = MethodRef::new(
    &CALLS,
    "Objs",
    &[
        "System.String",
        "Pressure.Box1",
        "System.String",
        "Pressure.Box1",
        "System.String",
        "Pressure.Box1",
    ],
);
static CAT: MethodRef = MethodRef::new(&CALLS, "Cat", &["System.String"; 8]);
static FETCH: MethodRef = MethodRef::new(&CALLS, "Fetch", &["System.Int32", "System.Object&", "System.String&"]);
static APPEND: MethodRef = MethodRef::new(&CALLS, "Append", &["System.String&", "System.String"]);
static RENAME: MethodRef = MethodRef::new(&CALLS, "Rename", &["Pressure.Pair&", "System.String", "System.Int32"]);
static DESCRIBE: MethodRef = MethodRef::new(&CALLS, "Describe", &["Pressure.Pair", "System.String"]);
static MAKE_PAIR: MethodRef = MethodRef::new(&CALLS, "MakePair", &["System.Int32", "System.String"]);
static V: FieldRef = FieldRef::new(&BOX1, "V");

/// How long each stress loop runs at most.
const BUDGET: Duration = Duration::from_secs(4);

/// Starts the runtime with the collector settings above (before anything else in this process
/// starts it) and loads the fixture.
fn setup() {
    static ENV: std::sync::Once = std::sync::Once::new();
    ENV.call_once(|| {
        // SAFETY: set before Mono starts (it reads both once, at start-up), under a Once, in
        // a test process that reads no other environment concurrently.
        unsafe {
            std::env::set_var("MONO_GC_DEBUG", "clear-at-gc");
            std::env::set_var("MONO_GC_PARAMS", "nursery-size=1m");
        }
    });
    load_fixture("Pressure");
}

fn method(m: &'static MethodRef) -> Method {
    setup();
    m.method().expect("fixture method")
}

/// Nursery collections so far (`GC.CollectionCount(0)`).
fn collections() -> i32 {
    static COUNT: MethodRef = MethodRef::new(&GC, "CollectionCount", &["System.Int32"]);
    COUNT.thunk().unwrap().call((0i32,)).unwrap()
}

/// A C# thread collecting the nursery in a loop, for as long as this guard lives (shared by
/// the tests of this process: the fixture counts its users).
struct Collecting;

impl Collecting {
    fn start() -> Collecting {
        static START: MethodRef = MethodRef::new(&COLLECTOR, "Start", &[]);
        setup();
        START.thunk().unwrap().call::<_, ()>(()).unwrap();
        Collecting
    }
}

impl Drop for Collecting {
    fn drop(&mut self) {
        static STOP: MethodRef = MethodRef::new(&COLLECTOR, "Stop", &[]);
        STOP.thunk().unwrap().call::<_, ()>(()).unwrap();
    }
}

fn new_box(v: i32) -> Object {
    MAKE.thunk().unwrap().call::<_, Option<Object>>((v,)).unwrap().unwrap()
}

/// One thread, no other: the strings of later arguments fill the nursery, and the young
/// boxes lowered before them move. Before the fix, 121 of 20,000 calls read a box's `V` (and
/// a string's length) at its old address: `s:0,256,257:0,3900,3900`.
#[test]
fn arguments_lowered_before_a_collection_reach_the_callee_moved() {
    let objs = method(&OBJS);
    let long = "y".repeat(3900);
    let before = collections();
    let start = Instant::now();
    let (mut calls, mut wrong) = (0, Vec::new());
    while calls < 20_000 && start.elapsed() < BUDGET {
        let i = calls * 3;
        let mut args = [
            Value::String(long.clone()),
            Value::Object(new_box(i)),
            Value::String(long.clone()),
            Value::Object(new_box(i + 1)),
            Value::String(long.clone()),
            Value::Object(new_box(i + 2)),
        ];
        let expected = format!("s:{},{},{}:3900,3900,3900", i, i + 1, i + 2);
        match invoke(objs, None, &mut args) {
            Ok(Value::String(s)) if s == expected => {}
            other => wrong.push(format!("{expected} → {other:?}")),
        }
        calls += 1;
    }
    let collected = collections() - before;
    eprintln!("{calls} calls, {collected} nursery collections, {} wrong", wrong.len());
    assert!(
        collected >= 10,
        "only {collected} collections in {calls} calls: the test proves nothing"
    );
    assert!(
        wrong.is_empty(),
        "{} of {calls} calls went wrong, first: {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(3)]
    );
}

/// A second thread collects the nursery in a loop while this one calls `Cat` with eight
/// strings through `invoke` and `call_by_id` alternately. Before the fix, 467 of 200,000 calls
/// failed: the callee got another object where a string was (`ArrayTypeMismatchException`
/// when it stored it), or read freed memory.
#[test]
fn string_arguments_survive_a_collecting_thread() {
    let cat = method(&CAT);
    let id = FunctionDb::register(cat).unwrap();
    let _collecting = Collecting::start();
    let before = collections();
    let start = Instant::now();
    let (mut calls, mut wrong) = (0u32, Vec::new());
    while calls < 200_000 && start.elapsed() < BUDGET {
        let parts: Vec<String> = (0..8).map(|k| format!("{calls}-{k}")).collect();
        let mut args: Vec<Value> = parts.iter().cloned().map(Value::String).collect();
        let result = if calls % 2 == 0 {
            invoke(cat, None, &mut args)
        } else {
            call_by_id(id, None, &mut args)
        };
        let expected = parts.join("|");
        match result {
            Ok(Value::String(s)) if s == expected => {}
            other => wrong.push(format!("{expected} → {other:?}")),
        }
        calls += 1;
    }
    let collected = collections() - before;
    eprintln!("{calls} calls, {collected} nursery collections, {} wrong", wrong.len());
    assert!(
        collected >= 100,
        "only {collected} collections in {calls} calls: the test proves nothing"
    );
    assert!(
        wrong.is_empty(),
        "{} of {calls} calls went wrong, first: {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(3)]
    );
}

/// `out object` and `ref string` parameters under a collecting thread: the callee writes a new
/// object into the caller's slot and then allocates, so for a while only that slot references
/// the object. Through `invoke` (where the slot was native heap memory) and the raw path.
/// Before the fix, Mono aborted the process (`no object of size 23632`).
#[test]
fn out_objects_and_ref_strings_survive_a_collecting_thread() {
    let fetch = method(&FETCH);
    let append = method(&APPEND);
    let _collecting = Collecting::start();
    let before = collections();
    let start = Instant::now();
    let (mut calls, mut wrong) = (0, Vec::new());
    let pad = "x".repeat(3900);
    while calls < 50_000 && start.elapsed() < BUDGET {
        let i = calls;
        let mut args = [Value::Int32(i), Value::Null, Value::Null];
        match invoke(fetch, None, &mut args) {
            Ok(Value::Void) => {}
            other => wrong.push(format!("Fetch({i}) → {other:?}")),
        }
        match &args {
            [_, Value::Object(o), Value::String(s)] => {
                let v: Result<i32, _> = V.get(Some(o));
                if v != Ok(i) || *s != format!("{pad}{i}") {
                    wrong.push(format!("Fetch({i}) wrote V = {v:?} and a string of {} units", s.len()));
                }
            }
            other => wrong.push(format!("Fetch({i}) wrote {other:?}")),
        }
        let mut args = [Value::String(format!("a{i}")), Value::String(format!("-b{i}"))];
        match invoke(append, None, &mut args) {
            Ok(Value::Void) if matches!(&args[0], Value::String(s) if *s == format!("a{i}-b{i}")) => {}
            other => wrong.push(format!("Append({i}) → {other:?}, {:?}", args[0])),
        }
        // The raw path: its slots are locals of the call, on the stack.
        let (mut o, mut s) = (None::<Object>, None::<String>);
        match FETCH
            .thunk()
            .unwrap()
            .call::<_, ()>((i, RefObject(&mut o), RefString(&mut s)))
        {
            Ok(()) => {
                let v = o.as_ref().map(|o| V.get::<i32>(Some(o)));
                if v != Some(Ok(i)) || s.as_deref() != Some(format!("{pad}{i}").as_str()) {
                    wrong.push(format!("raw Fetch({i}) wrote V = {v:?}"));
                }
            }
            Err(e) => wrong.push(format!("raw Fetch({i}) → {e}")),
        }
        calls += 1;
    }
    let collected = collections() - before;
    eprintln!("{calls} rounds, {collected} nursery collections, {} wrong", wrong.len());
    assert!(
        collected >= 100,
        "only {collected} collections in {calls} rounds: the test proves nothing"
    );
    assert!(
        wrong.is_empty(),
        "{} wrong in {calls} rounds, first: {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(3)]
    );
}

/// A struct that holds a reference, passed by `ref` and by value through `invoke`, followed by
/// a long string (made after the struct's box was lowered), under a collecting thread: the
/// callee's writes land in the box the caller passed (as before), and it reads the box where
/// it is now. Before the fix the callee got the address of the box's data as it was when
/// lowered.
#[test]
fn a_struct_by_ref_holding_a_reference_survives_a_collecting_thread() {
    let make_pair = method(&MAKE_PAIR);
    let rename = method(&RENAME);
    let describe = method(&DESCRIBE);
    let pad = "p".repeat(3900);
    let _collecting = Collecting::start();
    let before = collections();
    let start = Instant::now();
    let (mut calls, mut wrong) = (0, Vec::new());
    while calls < 20_000 && start.elapsed() < BUDGET {
        let i = calls;
        let pair = match invoke(make_pair, None, &mut [Value::Int32(-1), Value::String("old".into())]) {
            Ok(Value::Object(o)) => o,
            other => panic!("MakePair → {other:?}"),
        };
        let mut args = [Value::Object(pair.clone()), Value::String(pad.clone()), Value::Int32(i)];
        if let Err(e) = invoke(rename, None, &mut args) {
            wrong.push(format!("Rename({i}) → {e}"));
        }
        // The caller's own box holds what the callee wrote.
        let expected = format!("{i}:{}:3900", 100 + i.to_string().len());
        match invoke(describe, None, &mut [Value::Object(pair), Value::String(pad.clone())]) {
            Ok(Value::String(s)) if s == expected => {}
            other => wrong.push(format!("{expected} → {other:?}")),
        }
        calls += 1;
    }
    let collected = collections() - before;
    eprintln!("{calls} calls, {collected} nursery collections, {} wrong", wrong.len());
    assert!(
        collected >= 100,
        "only {collected} collections in {calls} calls: the test proves nothing"
    );
    assert!(
        wrong.is_empty(),
        "{} wrong in {calls} calls, first: {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(3)]
    );
}

/// What the arguments array changed must not change what `invoke` does with values that are
/// not objects: pointer results, nullable parameters (`null`, or a box of the underlying type),
/// `ref` nullables, and errors.
#[test]
fn pointers_nullables_and_exceptions_through_invoke() {
    setup();
    static ADVANCE: MethodRef = MethodRef::new(&CALLS, "Advance", &["System.Int32*", "System.Int32"]);
    static TWICE: MethodRef = MethodRef::new(&CALLS, "Twice", &["System.Nullable<System.Int32>"]);
    static BUMP: MethodRef = MethodRef::new(&CALLS, "Bump", &["System.Nullable<System.Int32>&"]);
    static FAIL: MethodRef = MethodRef::new(&CALLS, "Fail", &["System.String"]);
    let values = [1i32, 2, 3];
    let base = values.as_ptr() as isize;
    // SAFETY: Advance only computes an address (p + n); it reads nothing through it.
    let r = unsafe {
        cilbind::invoke_with_pointers(
            ADVANCE.method().unwrap(),
            None,
            &mut [Value::IntPtr(base), Value::Int32(2)],
        )
    }
    .unwrap();
    assert!(matches!(r, Value::IntPtr(p) if p == base + 8), "{r:?}");

    let twice = TWICE.method().unwrap();
    assert!(matches!(invoke(twice, None, &mut [Value::Null]), Ok(Value::Null)));
    let five = cilbind::BoxAs::<Object>::box_to(&cilbind::Int32(5)).unwrap();
    let r = invoke(twice, None, &mut [Value::Object(five)]).unwrap();
    let Value::Object(ten) = r else { panic!("{r:?}") };
    assert_eq!(ten.unbox::<i32>().unwrap(), 10);
    let mut args = [Value::Object(ten)];
    invoke(BUMP.method().unwrap(), None, &mut args).unwrap();
    assert!(
        matches!(&args[0], Value::Object(o) if o.unbox::<i32>().unwrap() == 11),
        "{args:?}"
    );
    let mut args = [Value::Null];
    invoke(BUMP.method().unwrap(), None, &mut args).unwrap();
    assert!(matches!(args[0], Value::Null), "null + 1 is null: {args:?}");

    let e = invoke(FAIL.method().unwrap(), None, &mut [Value::String("boom".into())]).unwrap_err();
    assert!(
        matches!(&e, cilbind::Error::ManagedException { type_name, message, .. }
            if type_name == "System.InvalidOperationException" && message == "boom"),
        "{e:?}"
    );
}
