//! The CoreCLR backend against the real runtime (the .NET root `scripts/ensure-deps.sh`
//! installs). A process runs one CoreCLR, once, and never beside Mono, whose tests share this
//! binary: each check runs in a child process, this test binary again filtered to one ignored
//! test, and the parent asserts that the child passed.

use std::ffi::c_void;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::bridge::{ManagedHandle, SlotWord};
use super::CoreClr;
use crate::error::Error;

/// Set in the child's environment; the ignored tests refuse to run without it.
const CHILD_ENV: &str = "CILBIND_CORECLR_TEST_CHILD";

const PROBE: &str = r#"
using System;
namespace Probe {
    public static class Calls {
        public static int Add(int a, int b) { return a + b; }
        public static double Mix(long a, float b, double c) { return a + b * c; }
        public static bool Not(bool b) { return !b; }
        public static char Next(char c) { return (char)(c + 1); }
        public static void Bump(ref int x) { x += 41; }
        public static int Fail(int n) { throw new InvalidOperationException("outer " + n, new FormatException("inner")); }
        public static int TakePoint(Point p) { return p.X; }
        // System.Numerics.Vector is in Mono's mscorlib; CoreCLR's mscorlib facade does not
        // forward it: the method cannot be compiled there.
        public static bool Accelerated() { return System.Numerics.Vector.IsHardwareAccelerated; }
        public static Point MakePoint(int x, int y) { return new Point { X = x, Y = y }; }
        public static void Shout(ref string s) { s = s + "!"; }
        public static void Grow(ref Point p) { p.X += 100; }
        public static int OrZero(int? v) { return v ?? 0; }
        public static class Nested { public static int Seven() { return 7; } }
        public static string Greet(string who) { return "hello " + who; }
        public static int Churn() {
            for (int i = 0; i < 200; i++) { var garbage = new byte[50000]; garbage[0] = 1; }
            GC.Collect(); GC.Collect();
            return GC.CollectionCount(0);
        }
    }
    public struct Point { public int X, Y; public int Bump() { return ++X; } }
    public struct Mixed { public byte Tag; public double Value; public short Small; }
    public enum Color : byte { Red = 1, Green = 2 }
    public interface IShape { double Area(); }
    public interface INamed { string Name { get; } }
    public class Square : IShape, INamed {
        public double Side;
        public static int Made;
        public const int Corners = 4;
        public double Area() { return Side * Side; }
        public string Name { get { return "square"; } }
        public static Square Of(double side) { return new Square { Side = side }; }
        public static Square Of(int side) { return new Square { Side = side }; }
    }
    public struct Named { public int Id; public string Name; }
    public static class Init { public static int Value; static Init() { Value = 42; } }
    public class Box<T> { public T Item; public T Get() { return Item; } }
    public static unsafe class Overloads {
        public static int Pick(System.Collections.Generic.List<int> xs, ref Point p, int[] a, int[,] b, byte* q) { return 0; }
        public static int? Maybe() { return null; }
    }
    public class Counter {
        public int Count;
        public Counter(int start) { Count = start; }
        public int Add(int n) { Count += n; return Count; }
        public virtual string Describe() { return "Counter " + Count; }
    }
    public sealed class Loud : Counter {
        public Loud() : base(100) {}
        public override string Describe() { return "LOUD " + Count; }
    }
}
"#;

/// Runs the ignored test `name` of this module in a child process and fails with its output
/// unless it passed.
fn in_child(name: &str) {
    let exe = std::env::current_exe().expect("the test binary");
    let out = Command::new(exe)
        .args([
            "--ignored",
            "--exact",
            &format!("host::coreclr::tests::{name}"),
            "--test-threads=1",
            "--nocapture",
        ])
        .env(CHILD_ENV, "1")
        .output()
        .expect("run the test binary again");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("1 passed"),
        "the CoreCLR child {name} failed ({}):\nstdout:\n{stdout}\nstderr:\n{stderr}",
        out.status
    );
}

fn require_child() {
    assert!(
        std::env::var_os(CHILD_ENV).is_some(),
        "runs only in a child process (its parent test starts it): one CoreCLR per process, never beside Mono"
    );
}

/// A started CoreCLR with the probe assembly loaded; its scratch folder is removed on drop.
struct Probe {
    clr: CoreClr,
    asm: ManagedHandle,
    dll: PathBuf,
}

impl Probe {
    /// In a child process only (see [`in_child`]).
    fn start() -> Probe {
        require_child();
        let clr = CoreClr::start(None).unwrap();
        let dll = probe_assembly();
        let asm = clr.load_assembly(&dll).unwrap();
        Probe { clr, asm, dll }
    }

    /// The probe's type `Probe.name`.
    fn class(&self, name: &str) -> ManagedHandle {
        self.clr.class(self.asm, "Probe", "Probe", name).unwrap()
    }
}

impl Drop for Probe {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(self.dll.parent().unwrap());
    }
}

/// Compiles the probe assembly with mcs into a scratch folder.
fn probe_assembly() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cilbind-coreclr-probe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join("Probe.cs");
    std::fs::write(&source, PROBE).unwrap();
    let dll = dir.join("Probe.dll");
    let status = Command::new("mcs")
        .args(["-nologo", "-target:library", "-unsafe"])
        .arg(format!("-out:{}", dll.display()))
        .arg(&source)
        .status()
        .expect("run mcs");
    assert!(status.success(), "mcs compiled the probe");
    dll
}

#[test]
fn coreclr_starts_loads_and_calls_static_methods() {
    in_child("child_starts_loads_and_calls_static_methods");
}

#[test]
fn coreclr_objects_cross_as_slot_words_and_survive_compacting_collections() {
    in_child("child_objects_cross_as_slot_words");
}

#[test]
fn coreclr_metadata_answers_as_mono_does() {
    in_child("child_metadata");
}

#[test]
fn coreclr_heap_operations_work_on_slot_words() {
    in_child("child_heap");
}

#[test]
fn coreclr_entries_follow_monos_thunk_rules() {
    in_child("child_thunk_rules");
}

#[test]
fn coreclr_refuses_a_missing_install_without_starting() {
    in_child("child_refuses_a_missing_install");
}

#[test]
#[ignore = "runs in a child process of coreclr_refuses_a_missing_install_without_starting"]
fn child_refuses_a_missing_install() {
    require_child();
    let missing = Path::new("/nonexistent/cilbind-dotnet");
    let e = CoreClr::start(Some(missing))
        .err()
        .expect("no runtime there")
        .to_string();
    assert!(
        e.contains("/nonexistent/cilbind-dotnet") && e.contains("ensure-deps"),
        "{e}"
    );
    // Nothing started: the real install still starts afterwards.
    let clr = CoreClr::start(None).unwrap();
    assert!(clr.framework().join("libcoreclr.so").is_file());
}

#[test]
#[ignore = "runs in a child process of coreclr_starts_loads_and_calls_static_methods"]
fn child_starts_loads_and_calls_static_methods() {
    require_child();
    let clr = CoreClr::start(None).unwrap();
    assert!(
        clr.version().starts_with(|c: char| c.is_ascii_digit()),
        "{}",
        clr.version()
    );
    let again = CoreClr::start(None).err().expect("one runtime per process").to_string();
    assert!(again.contains("already started"), "{again}");

    let dll = probe_assembly();
    let asm = clr.load_assembly(&dll).unwrap();
    let not_an_assembly = dll.with_file_name("Probe.cs");
    match clr.load_assembly(&not_an_assembly) {
        Err(Error::AssemblyLoad { reason, .. }) => assert!(reason.contains("BadImageFormat"), "{reason}"),
        other => panic!("a C# source file loaded as an assembly: {:?}", other.map(|_| ())),
    }
    let calls = clr.class(asm, "Probe", "Probe", "Calls").unwrap();
    assert!(matches!(
        clr.class(asm, "Probe", "Probe", "Missing"),
        Err(Error::ClassNotFound { .. })
    ));
    let nested = clr.class(asm, "Probe", "Probe", "Calls/Nested").unwrap();

    let entry = |class: ManagedHandle, name: &str, params: &[&str]| -> *const c_void {
        let method = clr.method(class, "Probe.Calls", name, params).unwrap();
        clr.entry(method, 0, 0).unwrap()
    };
    let mut thrown = ManagedHandle(std::ptr::null_mut());

    // SAFETY: each entry point has the signature the probe's method gives it under the
    // bridge's native forms (bool as u8, char as u16, ref int as *mut i32), plus the exception
    // slot; the slot is valid and null before each call.
    unsafe {
        let add: extern "C" fn(i32, i32, *mut ManagedHandle) -> i32 =
            std::mem::transmute(entry(calls, "Add", &["System.Int32", "System.Int32"]));
        assert_eq!(add(2, 3, &mut thrown), 5);
        assert!(thrown.0.is_null());
        assert_eq!(add(i32::MAX, 1, &mut thrown), i32::MIN, "unchecked, as in C#");

        let mix: extern "C" fn(i64, f32, f64, *mut ManagedHandle) -> f64 =
            std::mem::transmute(entry(calls, "Mix", &["System.Int64", "System.Single", "System.Double"]));
        assert_eq!(mix(1, 0.5, 4.0, &mut thrown), 3.0);

        let not: extern "C" fn(u8, *mut ManagedHandle) -> u8 =
            std::mem::transmute(entry(calls, "Not", &["System.Boolean"]));
        assert_eq!(not(1, &mut thrown), 0);
        assert_eq!(not(0, &mut thrown), 1);
        assert_eq!(not(2, &mut thrown), 0, "any nonzero byte is true");

        let next: extern "C" fn(u16, *mut ManagedHandle) -> u16 =
            std::mem::transmute(entry(calls, "Next", &["System.Char"]));
        assert_eq!(next('é' as u16, &mut thrown), 'ê' as u16, "two bytes, not an ANSI char");

        let bump: extern "C" fn(*mut i32, *mut ManagedHandle) =
            std::mem::transmute(entry(calls, "Bump", &["System.Int32&"]));
        let mut x = 1;
        bump(&mut x, &mut thrown);
        assert_eq!(x, 42);

        let seven: extern "C" fn(*mut ManagedHandle) -> i32 = std::mem::transmute(entry(nested, "Seven", &[]));
        assert_eq!(seven(&mut thrown), 7);
        assert!(thrown.0.is_null());

        let fail: extern "C" fn(i32, *mut ManagedHandle) -> i32 =
            std::mem::transmute(entry(calls, "Fail", &["System.Int32"]));
        for n in 0..1000 {
            thrown = ManagedHandle(std::ptr::null_mut());
            assert_eq!(fail(n, &mut thrown), 0, "the default value when it throws");
            assert!(
                !thrown.0.is_null(),
                "the exception came back instead of aborting the process"
            );
            match clr.exception(thrown) {
                Error::ManagedException {
                    type_name,
                    message,
                    stack_trace,
                    inner,
                } => {
                    assert_eq!(type_name, "System.InvalidOperationException");
                    assert_eq!(message, format!("outer {n}"));
                    assert!(stack_trace.contains("Fail"), "{stack_trace}");
                    assert_eq!(inner.len(), 1);
                    assert_eq!(inner[0].type_name, "System.FormatException");
                    assert_eq!(inner[0].message, "inner");
                }
                other => panic!("{other}"),
            }
        }
    }

    // A method CoreCLR cannot compile (a type Mono's class library has and CoreCLR's facades do
    // not forward) is an error, not the process-killing "Internal CLR error".
    let accelerated = clr.method(calls, "Probe.Calls", "Accelerated", &[]).unwrap();
    // SAFETY: `bool Accelerated()` crosses as `u8 f(*mut exception)`.
    let accelerated: extern "C" fn(*mut ManagedHandle) -> u8 =
        unsafe { std::mem::transmute(clr.entry(accelerated, 0, 0).unwrap()) };
    thrown = ManagedHandle(std::ptr::null_mut());
    accelerated(&mut thrown);
    match clr.exception(thrown) {
        Error::ManagedException { type_name, message, .. } => {
            assert_eq!(type_name, "System.TypeLoadException");
            assert!(message.contains("System.Numerics.Vector"), "{message}");
        }
        other => panic!("{other}"),
    }
    thrown = ManagedHandle(std::ptr::null_mut());

    let wrong = clr.method(calls, "Probe.Calls", "Add", &["System.Int64", "System.Int32"]);
    assert!(matches!(wrong, Err(Error::MethodNotFound { .. })));
    let by_value = clr.method(calls, "Probe.Calls", "TakePoint", &["Probe.Point"]).unwrap();
    let by_pointer = clr.entry(by_value, 1, 0).unwrap();
    // SAFETY: mask bit 0 makes the struct parameter a pointer to a #[repr(C)] copy of it.
    let take_point: extern "C" fn(*const [i32; 2], *mut ManagedHandle) -> i32 =
        unsafe { std::mem::transmute(by_pointer) };
    assert_eq!(take_point(&[6, 9], &mut thrown), 6);
    std::fs::remove_dir_all(dll.parent().unwrap()).unwrap();
}

#[test]
#[ignore = "runs in a child process of coreclr_objects_cross_as_slot_words_and_survive_compacting_collections"]
fn child_objects_cross_as_slot_words() {
    let probe = Probe::start();
    let clr = &probe.clr;
    let class = |name: &str| probe.class(name);
    let entry = |class: ManagedHandle, name: &str, params: &[&str]| -> *const c_void {
        let method = clr.method(class, "Probe", name, params).unwrap();
        clr.entry(method, 0, 0).unwrap()
    };
    let (calls, counter, loud) = (class("Calls"), class("Counter"), class("Loud"));
    let segment = clr.bridge.new_segment(8).unwrap();
    assert!(segment >= 1);
    let slot = |i| SlotWord::store(segment, i);
    let string = |word: SlotWord| {
        clr.bridge
            .read_string(word)
            .unwrap()
            .map(|u| String::from_utf16(&u).unwrap())
    };
    let mut thrown = ManagedHandle(std::ptr::null_mut());
    let take_error = |thrown: &mut ManagedHandle| {
        assert!(!thrown.0.is_null(), "an exception came back");
        let e = clr.exception(*thrown);
        *thrown = ManagedHandle(std::ptr::null_mut());
        e
    };

    // SAFETY: each entry point has the signature its method gives it under the bridge's native
    // forms (objects as slot words, `this` first, a constructor returning the new object), plus
    // the exception slot, valid and null before each call.
    unsafe {
        let new_counter: extern "C" fn(i32, *mut ManagedHandle) -> SlotWord =
            std::mem::transmute(entry(counter, ".ctor", &["System.Int32"]));
        let made = new_counter(7, &mut thrown);
        assert!(thrown.0.is_null() && made != SlotWord::NULL);
        clr.bridge.move_slot(made, slot(0));
        let new_loud: extern "C" fn(*mut ManagedHandle) -> SlotWord = std::mem::transmute(entry(loud, ".ctor", &[]));
        clr.bridge.move_slot(new_loud(&mut thrown), slot(1));
        assert_eq!(clr.bridge.type_name(slot(0)), "Probe.Counter");
        assert_eq!(clr.bridge.type_name(slot(1)), "Probe.Loud");

        let add: extern "C" fn(SlotWord, i32, *mut ManagedHandle) -> i32 =
            std::mem::transmute(entry(counter, "Add", &["System.Int32"]));
        assert_eq!(add(slot(0), 5, &mut thrown), 12);

        // Collections that compact the heap: the counter moves, its slot still names it.
        let churn: extern "C" fn(*mut ManagedHandle) -> i32 = std::mem::transmute(entry(calls, "Churn", &[]));
        let before = churn(&mut thrown);
        assert!(churn(&mut thrown) > before, "collections ran");
        assert_eq!(add(slot(0), 1, &mut thrown), 13, "the same object, wherever it moved");
        assert_eq!(add(slot(1), 1, &mut thrown), 101);

        let describe: extern "C" fn(SlotWord, *mut ManagedHandle) -> SlotWord =
            std::mem::transmute(entry(counter, "Describe", &[]));
        assert_eq!(string(describe(slot(0), &mut thrown)).as_deref(), Some("Counter 13"));
        assert_eq!(
            string(describe(slot(1), &mut thrown)).as_deref(),
            Some("LOUD 101"),
            "dispatched virtually"
        );

        let greet: extern "C" fn(SlotWord, *mut ManagedHandle) -> SlotWord =
            std::mem::transmute(entry(calls, "Greet", &["System.String"]));
        for _ in 0..100 {
            let who = clr.bridge.new_string("wörld 🌍").unwrap();
            assert_eq!(string(greet(who, &mut thrown)).as_deref(), Some("hello wörld 🌍"));
        }
        assert_eq!(
            string(greet(SlotWord::NULL, &mut thrown)).as_deref(),
            Some("hello "),
            "null string"
        );
        assert!(thrown.0.is_null());

        // The wrong object for `this`: the entry's class check throws, and it comes back.
        let text = clr.bridge.new_string("not a counter").unwrap();
        clr.bridge.move_slot(text, slot(2));
        assert_eq!(add(slot(2), 1, &mut thrown), 0);
        match take_error(&mut thrown) {
            Error::ManagedException { type_name, .. } => assert_eq!(type_name, "System.InvalidCastException"),
            other => panic!("{other}"),
        }
        assert_eq!(
            clr.bridge.read_string(slot(0)).err().as_deref(),
            Some("the object is a Probe.Counter, not a string")
        );
        // A null `this` on a virtual call.
        describe(SlotWord::NULL, &mut thrown);
        match take_error(&mut thrown) {
            Error::ManagedException { type_name, .. } => assert_eq!(type_name, "System.NullReferenceException"),
            other => panic!("{other}"),
        }
        // Clearing a slot releases its object.
        clr.bridge.move_slot(SlotWord::NULL, slot(0));
        assert_eq!(clr.bridge.type_name(slot(0)), "null");
    }
}

#[test]
#[ignore = "runs in a child process of coreclr_metadata_answers_as_mono_does"]
fn child_metadata() {
    use crate::host::TypeKind;
    let probe = Probe::start();
    let clr = &probe.clr;
    let class = |name: &str| probe.class(name);
    let facts = |h| clr.type_facts(h).unwrap();

    let square = class("Square");
    assert_eq!(
        class("Square"),
        square,
        "one handle per type: handles compare as types do"
    );
    let f = facts(square);
    assert_eq!(
        (f.name, f.namespace, f.assembly, f.cil_name),
        ("Square", "Probe", "Probe", "Probe.Square")
    );
    assert!(!f.is_value_type() && f.is_public() && !f.is_interface());
    assert_eq!(f.kind, TypeKind::Reference);
    assert_eq!(facts(f.parent.unwrap()).cil_name, "System.Object");
    let interfaces: Vec<&str> = clr
        .interfaces(square)
        .unwrap()
        .into_iter()
        .map(|i| facts(i).cil_name)
        .collect();
    assert!(
        interfaces.contains(&"Probe.IShape") && interfaces.contains(&"Probe.INamed"),
        "{interfaces:?}"
    );
    let ishape = class("IShape");
    assert!(facts(ishape).is_interface());
    assert!(clr.is_assignable(ishape, square) && !clr.is_assignable(square, ishape));

    let nested = class("Calls/Nested");
    assert_eq!(facts(nested).cil_name, "Probe.Calls.Nested");
    assert_eq!(facts(nested).nesting, Some(class("Calls")));
    assert_eq!(clr.nested(class("Calls"), "Nested").unwrap(), Some(nested));

    let color = facts(class("Color"));
    assert!(color.is_enum() && color.is_value_type());
    assert_eq!(color.kind, TypeKind::Enum);
    assert_eq!(facts(color.enum_underlying.unwrap()).kind, TypeKind::Byte);
    assert_eq!((color.size, color.align), (1, 1));

    let mixed = class("Mixed");
    assert_eq!(
        (facts(mixed).size, facts(mixed).align),
        (24, 8),
        "byte, double, short: laid out in order"
    );
    let offsets: Vec<(&str, Option<usize>)> = ["Tag", "Value", "Small"]
        .iter()
        .map(|n| {
            let field = clr.field_facts(clr.find_field(mixed, n).unwrap()).unwrap();
            (field.name, field.offset)
        })
        .collect();
    assert_eq!(offsets, [("Tag", Some(0)), ("Value", Some(8)), ("Small", Some(16))]);
    let point = class("Point");
    assert_eq!((facts(point).size, facts(point).align), (8, 4));

    let side = clr.field_facts(clr.find_field(square, "Side").unwrap()).unwrap();
    assert!(
        !side.is_static() && side.offset.is_none(),
        "a class's fields have no value offset"
    );
    assert_eq!(facts(side.ty).kind, TypeKind::Double);
    let made = clr.field_facts(clr.find_field(square, "Made").unwrap()).unwrap();
    assert!(made.is_static() && !made.is_literal());
    assert!(clr
        .field_facts(clr.find_field(square, "Corners").unwrap())
        .unwrap()
        .is_literal());
    assert!(matches!(
        clr.find_field(square, "Nope"),
        Err(Error::FieldNotFound { .. })
    ));
    // Found through the base: Object's methods on Square.
    let to_string = clr.find_method(square, "ToString", &[], None).unwrap();
    assert_eq!(
        facts(clr.method_facts(to_string).unwrap().class).cil_name,
        "System.Object"
    );

    let of_int = clr.find_method(square, "Of", &["System.Int32"], None).unwrap();
    let m = clr.method_facts(of_int).unwrap();
    assert!(m.is_static() && !m.is_virtual() && !m.is_constructor());
    assert_eq!(facts(m.ret).cil_name, "Probe.Square");
    let area = clr
        .method_facts(clr.find_method(square, "Area", &[], None).unwrap())
        .unwrap();
    assert!(area.is_virtual(), "an interface implementation is virtual");
    assert!(
        !area.is_internal_call() && area.token >> 24 == 0x06,
        "a MethodDef token: {:#x}",
        area.token
    );
    assert_eq!(side.class, square);
    let maybe = clr
        .method_facts(clr.find_method(class("Overloads"), "Maybe", &[], None).unwrap())
        .unwrap();
    assert_eq!(facts(facts(maybe.ret).nullable_param.unwrap()).kind, TypeKind::Int32);
    let missing = clr
        .find_method(square, "Of", &["System.String"], None)
        .unwrap_err()
        .to_string();
    assert!(
        missing.contains("Of(System.Int32) -> Probe.Square") && missing.contains("Of(System.Double)"),
        "{missing}"
    );
    let ctor = clr.find_method(square, ".ctor", &[], None).unwrap();
    assert!(clr.method_facts(ctor).unwrap().is_constructor());

    // Parameter spellings as cilbind (and Mono) write them.
    let pick = clr.find_method(
        class("Overloads"),
        "Pick",
        &[
            "System.Collections.Generic.List<System.Int32>",
            "Probe.Point&",
            "System.Int32[]",
            "System.Int32[,]",
            "System.Byte*",
        ],
        None,
    );
    assert!(pick.is_ok(), "{pick:?}");
    let params = clr.method_facts(pick.unwrap()).unwrap().params.clone();
    assert!(facts(params[1]).is_by_ref());
    assert_eq!(
        facts(params[1]).kind,
        TypeKind::Struct,
        "a by-ref's kind is its target's"
    );
    assert_eq!(facts(params[4]).kind, TypeKind::Pointer);

    // Generic instantiation and arrays.
    let definition = class("Box`1");
    assert!(facts(definition).is_generic_definition());
    let int32 = facts(facts(color.enum_underlying.unwrap()).parent.unwrap()).parent;
    assert!(
        int32.is_some(),
        "System.Byte derives from ValueType, which derives from Object"
    );
    let i32_type = params[2];
    let int_array = facts(i32_type).element.unwrap();
    assert_eq!(facts(int_array).cil_name, "System.Int32");
    let boxed = clr.instantiate(definition, &[int_array]).unwrap();
    assert_eq!(facts(boxed).cil_name, "Probe.Box<System.Int32>");
    let get = clr
        .method_facts(clr.find_method(boxed, "Get", &[], None).unwrap())
        .unwrap();
    assert_eq!(facts(get.ret).kind, TypeKind::Int32, "the closed method returns Int32");
    assert_eq!(clr.array_of(int_array).unwrap(), i32_type, "Int32[] interned once");
    let refused = clr
        .instantiate(definition, &[int_array, int_array])
        .unwrap_err()
        .to_string();
    assert!(refused.contains("ArgumentException"), "{refused}");
}

#[test]
#[ignore = "runs in a child process of coreclr_heap_operations_work_on_slot_words"]
fn child_heap() {
    let probe = Probe::start();
    let clr = &probe.clr;
    let class = |name: &str| probe.class(name);
    let b = &clr.bridge;
    let (square, point, calls) = (class("Square"), class("Point"), class("Calls"));
    let made = clr.find_field(square, "Made").unwrap();
    let int32 = clr.field_facts(made).unwrap().ty;
    let greet = clr.find_method(calls, "Greet", &["System.String"], None).unwrap();
    let string = clr.method_facts(greet).unwrap().params[0];
    let int_bytes = |v: i32| v.to_le_bytes().to_vec();
    let read_int = |w: SlotWord| i32::from_le_bytes(b.unbox_bytes(w).unwrap().unwrap().try_into().unwrap());

    // Boxes from and into native bytes.
    let p = b.box_bytes(point, &[6, 0, 0, 0, 9, 0, 0, 0]).unwrap();
    assert_eq!(b.class_of(p), Some(point));
    assert_eq!(b.unbox_bytes(p).unwrap().unwrap(), [6, 0, 0, 0, 9, 0, 0, 0]);
    assert!(b.box_bytes(point, &[1, 2, 3]).unwrap_err().contains("8 bytes, not 3"));
    let named = b.box_bytes(class("Named"), &[0; 16]).unwrap_err();
    assert!(named.contains("without references"), "{named}");
    assert_eq!(b.unbox_bytes(SlotWord::NULL).unwrap(), None);
    let text = b.new_string("x").unwrap();
    assert!(b.unbox_bytes(text).unwrap_err().contains("System.String is not a box"));

    // Arrays: values as bytes, references one by one.
    let ints = b.array_new(int32, 4).unwrap();
    let bytes: Vec<u8> = [1i32, 2, 3, 4].iter().flat_map(|v| v.to_le_bytes()).collect();
    b.array_write(ints, &bytes).unwrap();
    assert_eq!(b.array_length(ints).unwrap(), Some(4));
    assert_eq!(read_int(b.array_get(ints, 2).unwrap()), 3);
    assert!(b.array_get(ints, 4).unwrap_err().contains("IndexOutOfRange"));
    let mut back = vec![0u8; 16];
    b.array_read(ints, &mut back).unwrap();
    assert_eq!(back, bytes);
    assert!(b
        .array_write(ints, &[0; 17])
        .unwrap_err()
        .contains("17 bytes for an array of 16"));
    let strings = b.array_new(string, 2).unwrap();
    b.array_set(strings, 0, b.new_string("first").unwrap()).unwrap();
    let first = b.array_get(strings, 0).unwrap();
    assert_eq!(
        String::from_utf16(&b.read_string(first).unwrap().unwrap()).unwrap(),
        "first"
    );
    let wrong = b
        .array_set(strings, 1, b.box_bytes(int32, &int_bytes(1)).unwrap())
        .unwrap_err();
    assert!(wrong.contains("InvalidCast"), "{wrong}");
    assert!(b
        .array_write(strings, &[0; 8])
        .unwrap_err()
        .contains("holds references"));
    assert_eq!(
        b.array_length(text).unwrap_err(),
        "the object is a System.String, not an array"
    );

    // Type objects, static fields (after the type initializer), instance fields, invoke.
    let type_object = b.type_object(square);
    assert_eq!(b.type_name(type_object), "System.RuntimeType");
    b.run_class_constructor(class("Init")).unwrap();
    let value = clr.find_field(class("Init"), "Value").unwrap();
    assert_eq!(read_int(b.field_get(value, SlotWord::NULL).unwrap()), 42);
    b.field_set(made, SlotWord::NULL, b.box_bytes(int32, &int_bytes(5)).unwrap())
        .unwrap();
    assert_eq!(read_int(b.field_get(made, SlotWord::NULL).unwrap()), 5);
    let corners = clr.find_field(square, "Corners").unwrap();
    assert!(b
        .field_set(corners, SlotWord::NULL, b.box_bytes(int32, &int_bytes(3)).unwrap())
        .unwrap_err()
        .contains("read-only"));

    let object = facts_object(clr, square);
    let args = b.array_new(object, 1).unwrap();
    b.array_set(args, 0, b.box_bytes(int32, &int_bytes(3)).unwrap())
        .unwrap();
    let segment = b.new_segment(4).unwrap();
    let slot = |i| SlotWord::store(segment, i);
    b.move_slot(args, slot(0));
    let of = clr.find_method(square, "Of", &["System.Int32"], None).unwrap();
    let made_square = b.invoke(of, SlotWord::NULL, slot(0)).unwrap().unwrap();
    b.move_slot(made_square, slot(1));
    assert_eq!(b.type_name(slot(1)), "Probe.Square");
    let side = clr.find_field(square, "Side").unwrap();
    let side_value = b.field_get(side, slot(1)).unwrap();
    assert_eq!(b.unbox_bytes(side_value).unwrap().unwrap(), 3.0f64.to_le_bytes());
    assert!(b.field_get(side, SlotWord::NULL).unwrap_err().contains("NullReference"));
    assert!(
        b.field_get(side, slot(0)).unwrap_err().contains("has no field"),
        "an object[] has no Side"
    );

    let fail = clr.find_method(calls, "Fail", &["System.Int32"], None).unwrap();
    b.array_set(slot(0), 0, b.box_bytes(int32, &int_bytes(8)).unwrap())
        .unwrap();
    let thrown = b.invoke(fail, SlotWord::NULL, slot(0)).unwrap().unwrap_err();
    match clr.exception(thrown) {
        Error::ManagedException { type_name, message, .. } => {
            assert_eq!(
                (type_name.as_str(), message.as_str()),
                ("System.InvalidOperationException", "outer 8")
            )
        }
        other => panic!("{other}"),
    }
    let wrong_args = b.invoke(greet, SlotWord::NULL, slot(0)).unwrap_err();
    assert!(
        wrong_args.contains("ArgumentException"),
        "an Int32 for a string parameter: {wrong_args}"
    );

    // A thread slot reused by 256 newer ones is an error, not another object.
    let old = b.new_string("old").unwrap();
    for _ in 0..256 {
        b.new_string("newer").unwrap();
    }
    assert!(b.read_string(old).is_err());
}

/// `System.Object`'s handle: the base of `class`'s base chain.
fn facts_object(clr: &CoreClr, class: ManagedHandle) -> ManagedHandle {
    let mut c = class;
    while let Some(parent) = clr.type_facts(c).unwrap().parent {
        c = parent;
    }
    c
}

#[test]
#[ignore = "runs in a child process of coreclr_entries_follow_monos_thunk_rules"]
fn child_thunk_rules() {
    let probe = Probe::start();
    let clr = &probe.clr;
    let class = |name: &str| probe.class(name);
    let b = &clr.bridge;
    let (calls, point) = (class("Calls"), class("Point"));
    let entry = |class: ManagedHandle, name: &str, params: &[&str]| -> *const c_void {
        let method = clr.find_method(class, name, params, None).unwrap();
        clr.entry(method, 0, 0).unwrap()
    };
    let segment = b.new_segment(4).unwrap();
    let slot = |i| SlotWord::store(segment, i);
    let point_bytes = |x: i32, y: i32| [x.to_le_bytes(), y.to_le_bytes()].concat();
    let mut thrown = ManagedHandle(std::ptr::null_mut());

    // SAFETY: each entry point has the signature its method gives it under Mono's thunk rules
    // (structs by value, by-ref structs and a struct's `this` as box words, a struct result as
    // a box word, `ref string` as a pointer to a word), plus the exception slot.
    unsafe {
        let take_point: extern "C" fn(SlotWord, *mut ManagedHandle) -> i32 =
            std::mem::transmute(entry(calls, "TakePoint", &["Probe.Point"]));
        assert_eq!(
            take_point(b.box_bytes(point, &point_bytes(6, 9)).unwrap(), &mut thrown),
            6
        );
        assert!(thrown.0.is_null());
        take_point(SlotWord::NULL, &mut thrown);
        assert!(
            !thrown.0.is_null(),
            "a null box for a struct is an exception, not a zero"
        );
        assert!(
            matches!(clr.exception(thrown), Error::ManagedException { type_name, .. } if type_name == "System.NullReferenceException")
        );
        thrown = ManagedHandle(std::ptr::null_mut());

        let make_point: extern "C" fn(i32, i32, *mut ManagedHandle) -> SlotWord =
            std::mem::transmute(entry(calls, "MakePoint", &["System.Int32", "System.Int32"]));
        let made = make_point(3, 4, &mut thrown);
        assert_eq!(b.class_of(made), Some(point));
        assert_eq!(
            b.unbox_bytes(made).unwrap().unwrap(),
            point_bytes(3, 4),
            "a struct result comes back boxed"
        );

        // A by-ref struct and a struct's `this`: the callee works on the box in place.
        b.move_slot(b.box_bytes(point, &point_bytes(1, 2)).unwrap(), slot(0));
        let grow: extern "C" fn(SlotWord, *mut ManagedHandle) =
            std::mem::transmute(entry(calls, "Grow", &["Probe.Point&"]));
        grow(slot(0), &mut thrown);
        let bump: extern "C" fn(SlotWord, *mut ManagedHandle) -> i32 = std::mem::transmute(entry(point, "Bump", &[]));
        assert_eq!(bump(slot(0), &mut thrown), 102);
        assert_eq!(bump(slot(0), &mut thrown), 103);
        assert_eq!(b.unbox_bytes(slot(0)).unwrap().unwrap(), point_bytes(103, 2));

        // `ref string`: the word behind the pointer is replaced by the callee's new string.
        let shout: extern "C" fn(*mut SlotWord, *mut ManagedHandle) =
            std::mem::transmute(entry(calls, "Shout", &["System.String&"]));
        let mut word = b.new_string("hey").unwrap();
        shout(&mut word, &mut thrown);
        assert_eq!(
            String::from_utf16(&b.read_string(word).unwrap().unwrap()).unwrap(),
            "hey!"
        );

        // `Nullable<int>`: null or a box of the int.
        let int32 = clr
            .type_facts(clr.type_facts(class("Color")).unwrap().enum_underlying.unwrap())
            .unwrap()
            .parent;
        assert!(int32.is_some());
        let or_zero: extern "C" fn(SlotWord, *mut ManagedHandle) -> i32 =
            std::mem::transmute(entry(calls, "OrZero", &["System.Nullable<System.Int32>"]));
        assert_eq!(or_zero(SlotWord::NULL, &mut thrown), 0);
        let int_type = clr
            .field_facts(clr.find_field(class("Square"), "Made").unwrap())
            .unwrap()
            .ty;
        assert_eq!(
            or_zero(b.box_bytes(int_type, &5i32.to_le_bytes()).unwrap(), &mut thrown),
            5
        );
        assert!(thrown.0.is_null());
    }
}
