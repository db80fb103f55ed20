//! Start-up, its refusals, and calls of static methods with primitives, `ref`, a struct by
//! pointer, and managed exceptions (a method CoreCLR cannot compile included).

use super::*;

#[test]
fn coreclr_starts_loads_and_calls_static_methods() {
    in_child("start::child_starts_loads_and_calls_static_methods");
}

#[test]
fn coreclr_refuses_a_missing_install_without_starting() {
    in_child("start::child_refuses_a_missing_install");
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
        clr.entry(method, 0, 0, false).unwrap().checked
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
        unsafe { std::mem::transmute(clr.entry(accelerated, 0, 0, false).unwrap().checked) };
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
    let by_pointer = clr.entry(by_value, 1, 0, false).unwrap().checked;
    // SAFETY: mask bit 0 makes the struct parameter a pointer to a #[repr(C)] copy of it.
    let take_point: extern "C" fn(*const [i32; 2], *mut ManagedHandle) -> i32 =
        unsafe { std::mem::transmute(by_pointer) };
    assert_eq!(take_point(&[6, 9], &mut thrown), 6);
    std::fs::remove_dir_all(dll.parent().unwrap()).unwrap();
}
