//! Safe Rust cannot corrupt the managed heap, crash on a missing dependency, or lose an inner
//! exception: each test here reproduces a way it once could (`fixtures/Soundness.cs`,
//! `fixtures/missing-dependency/`), through the raw path, the reflective path and fields.

use cilbind::{
    invoke, BoxAs, Error, FieldRef, Int32, Int64, MethodRef, NetString, Object, RefObject, Reference, TypeRef, Value,
};
use managed_tests::{fixture_path, load_fixture};

static COUNTER: TypeRef = TypeRef::new("Soundness", "Soundness", "Counter");
static SUB_COUNTER: TypeRef = TypeRef::new("Soundness", "Soundness", "SubCounter");
static CHECKS: TypeRef = TypeRef::new("Soundness", "Soundness", "Checks");
static SQUARE: TypeRef = TypeRef::new("Soundness", "Soundness", "Square");

static BUMP: MethodRef = MethodRef::new(&COUNTER, "Bump", &[]);
static GET_A: MethodRef = MethodRef::new(&COUNTER, "GetA", &[]);
static CONSTANT: MethodRef = MethodRef::new(&COUNTER, "Constant", &[]);
static NAME: MethodRef = MethodRef::new(&COUNTER, "Name", &[]);
static READ: MethodRef = MethodRef::new(&CHECKS, "Read", &["Soundness.Counter"]);
static SIDES_OF: MethodRef = MethodRef::new(&CHECKS, "SidesOf", &["Soundness.IShape"]);
static TEXT: MethodRef = MethodRef::new(&CHECKS, "Text", &["System.String"]);
static ANY: MethodRef = MethodRef::new(&CHECKS, "Any", &["System.Object"]);
static SWAP: MethodRef = MethodRef::new(&CHECKS, "Swap", &["Soundness.Counter&"]);
static NEW_COUNTER: MethodRef = MethodRef::new(&CHECKS, "NewCounter", &[]);

fn setup() {
    load_fixture("Soundness");
}

/// A new object of the class `ty` (Checks.NewCounter, NewSub or NewSquare).
fn new_object(ty: &'static TypeRef) -> Object {
    static NEW_SUB: MethodRef = MethodRef::new(&CHECKS, "NewSub", &[]);
    static NEW_SQUARE: MethodRef = MethodRef::new(&CHECKS, "NewSquare", &[]);
    let factory = match ty.class().unwrap().name() {
        "Counter" => &NEW_COUNTER,
        "SubCounter" => &NEW_SUB,
        _ => &NEW_SQUARE,
    };
    factory.thunk().unwrap().call::<_, Option<Object>>(()).unwrap().unwrap()
}

fn string_object(s: &str) -> Object {
    Reference::into_object(NetString::new(s).unwrap())
}

fn boxed_int(v: i32) -> Object {
    BoxAs::<Object>::box_to(&Int32(v)).unwrap()
}

fn assert_invalid_argument(e: Error, naming: &[&str]) {
    match &e {
        Error::InvalidArgument(m) => {
            for n in naming {
                assert!(m.contains(n), "{m:?} should name {n}");
            }
        }
        other => panic!("expected InvalidArgument naming {naming:?}, got {other:?}"),
    }
}

#[test]
fn an_object_of_the_wrong_class_as_this_is_refused_before_the_call() {
    setup();
    let five = boxed_int(5);
    // Bump writes an int and a long into `this`: into a 20-byte Int32 box it wrote past the
    // end, and the box read a pointer's bits afterwards.
    let e = BUMP.thunk().unwrap().call::<_, ()>((&five,)).unwrap_err();
    assert_invalid_argument(e, &["this", "System.Int32", "Soundness.Counter"]);
    assert_eq!(five.unbox::<Int32>().unwrap(), Int32(5), "the box is untouched");
    // A string as `this` of a getter returned Ok(0).
    let text = string_object("hi");
    let e = GET_A.thunk().unwrap().call::<_, i32>((&text,)).unwrap_err();
    assert_invalid_argument(e, &["System.String", "Soundness.Counter"]);
    // The right class, a subclass (virtual dispatch) and an interface implementation pass.
    let counter = new_object(&COUNTER);
    BUMP.thunk().unwrap().call::<_, ()>((&counter,)).unwrap();
    assert_eq!(GET_A.thunk().unwrap().call::<_, i32>((&counter,)).unwrap(), 1);
    let sub = new_object(&SUB_COUNTER);
    for _ in 0..3 {
        // The second and third calls take the cached path for SubCounter.
        let name: Option<String> = NAME.thunk().unwrap().call((&sub,)).unwrap();
        assert_eq!(name.as_deref(), Some("SubCounter"));
    }
    let e = NAME.thunk().unwrap().call::<_, Option<String>>((&five,)).unwrap_err();
    assert_invalid_argument(e, &["System.Int32"]);
}

#[test]
fn a_null_this_is_refused_before_the_call() {
    setup();
    // Constant reads no field: called with a null `this` it returned Ok(7).
    let e = CONSTANT
        .thunk()
        .unwrap()
        .call::<_, i32>((None::<&Object>,))
        .unwrap_err();
    assert!(matches!(e, Error::NullReference(ref m) if m.contains("this")), "{e:?}");
    let e = invoke(CONSTANT.method().unwrap(), None, &mut []).unwrap_err();
    assert!(matches!(e, Error::NullReference(_)), "{e:?}");
}

#[test]
fn object_arguments_are_checked_against_their_declared_types() {
    setup();
    let five = boxed_int(5);
    let counter = new_object(&COUNTER);
    let sub = new_object(&SUB_COUNTER);
    let square = new_object(&SQUARE);
    let read = READ.thunk().unwrap();
    // A boxed Int32 where a Counter is expected was accepted on the raw path and by invoke.
    assert_invalid_argument(
        read.call::<_, i64>((&five,)).unwrap_err(),
        &["argument 0", "System.Int32", "Soundness.Counter"],
    );
    let e = invoke(READ.method().unwrap(), None, &mut [Value::Object(five.clone())]).unwrap_err();
    assert_invalid_argument(e, &["System.Int32", "Soundness.Counter"]);
    assert_invalid_argument(read.call::<_, i64>((&square,)).unwrap_err(), &["Soundness.Square"]);
    // Null, the class itself and a subclass pass.
    assert_eq!(read.call::<_, i64>((None::<&Object>,)).unwrap(), -1);
    assert_eq!(read.call::<_, i64>((&counter,)).unwrap(), 0);
    assert_eq!(read.call::<_, i64>((&sub,)).unwrap(), 0);
    assert!(matches!(
        invoke(READ.method().unwrap(), None, &mut [Value::Object(sub.clone())]),
        Ok(Value::Int64(0))
    ));
    // Interfaces: an implementing class passes, another class does not.
    let sides = SIDES_OF.thunk().unwrap();
    assert_eq!(sides.call::<_, i32>((&square,)).unwrap(), 4);
    assert_invalid_argument(sides.call::<_, i32>((&counter,)).unwrap_err(), &["Soundness.IShape"]);
    // A string parameter takes only strings; an object parameter takes anything.
    assert_invalid_argument(
        TEXT.thunk().unwrap().call::<_, Option<String>>((&five,)).unwrap_err(),
        &["System.String"],
    );
    let e = invoke(TEXT.method().unwrap(), None, &mut [Value::Object(counter.clone())]).unwrap_err();
    assert_invalid_argument(e, &["System.String"]);
    assert_eq!(ANY.thunk().unwrap().call::<_, i32>((&five,)).unwrap(), 1);
    assert_eq!(ANY.thunk().unwrap().call::<_, i32>((&square,)).unwrap(), 1);
    // `ref Counter`: the reference going in is checked too.
    let mut slot = Some(five.clone());
    assert_invalid_argument(
        SWAP.thunk()
            .unwrap()
            .call::<_, ()>((RefObject(&mut slot),))
            .unwrap_err(),
        &["System.Int32"],
    );
    let mut slot = Some(counter.clone());
    SWAP.thunk().unwrap().call::<_, ()>((RefObject(&mut slot),)).unwrap();
    assert_eq!(slot.unwrap().type_name().unwrap(), "Soundness.SubCounter");
}

#[test]
fn results_are_checked_against_the_rust_type_they_become() {
    setup();
    // NewCounter returns a Counter: reading it as a string would read its fields as
    // characters, and as an array its length from a field.
    let e = NEW_COUNTER.thunk().unwrap().call::<_, Option<String>>(()).unwrap_err();
    assert!(
        matches!(e, Error::InvalidCast { ref from, .. } if from == "Soundness.Counter"),
        "{e:?}"
    );
    let e = NEW_COUNTER
        .thunk()
        .unwrap()
        .call::<_, Option<cilbind::Array<i32>>>(())
        .unwrap_err();
    assert!(
        matches!(e, Error::InvalidCast { ref to, .. } if to == "System.Int32[]"),
        "{e:?}"
    );
    let e = NEW_COUNTER
        .thunk()
        .unwrap()
        .call::<_, Option<cilbind::NetString>>(())
        .unwrap_err();
    assert!(matches!(e, Error::InvalidCast { .. }), "{e:?}");
    // As an Object it is fine, and a checked cast to the wrong wrapper is an error too.
    let counter: Object = NEW_COUNTER
        .thunk()
        .unwrap()
        .call::<_, Option<Object>>(())
        .unwrap()
        .unwrap();
    assert!(matches!(
        counter.cast::<cilbind::Array<i32>>(),
        Err(Error::InvalidCast { .. })
    ));
    assert!(matches!(
        <cilbind::NetString as cilbind::Reference>::from_object(counter.clone()),
        Err(Error::InvalidCast { .. })
    ));
}

#[test]
fn field_owners_are_checked_against_the_declaring_class() {
    setup();
    static A: FieldRef = FieldRef::new(&COUNTER, "A");
    static B: FieldRef = FieldRef::new(&COUNTER, "B");
    let five = boxed_int(5);
    // Wrote 8 bytes past a 20-byte box and returned Ok(()).
    let e = B.set::<Int64>(Some(&five), Int64(-1)).unwrap_err();
    assert_invalid_argument(e, &["Soundness.Counter::B", "System.Int32"]);
    assert_eq!(five.unbox::<Int32>().unwrap(), Int32(5));
    assert!(matches!(A.get::<i32>(Some(&five)), Err(Error::InvalidArgument(_))));
    let text = string_object("abc");
    assert!(matches!(A.set::<i32>(Some(&text), 1), Err(Error::InvalidArgument(_))));
    // The declaring class and its subclasses are fine.
    let sub = new_object(&SUB_COUNTER);
    B.set::<Int64>(Some(&sub), Int64(-1)).unwrap();
    assert_eq!(B.get::<Int64>(Some(&sub)).unwrap(), Int64(-1));
    assert_eq!(READ.thunk().unwrap().call::<_, i64>((&sub,)).unwrap(), -1);
}

#[test]
fn inner_exceptions_are_kept_and_printed_like_dotnet() {
    setup();
    static THROW_NESTED: MethodRef = MethodRef::new(&CHECKS, "ThrowNested", &[]);
    let e = THROW_NESTED.thunk().unwrap().call::<_, ()>(()).unwrap_err();
    let Error::ManagedException {
        type_name,
        message,
        inner,
        ..
    } = &e
    else {
        panic!("expected a managed exception, got {e:?}");
    };
    assert_eq!(
        (type_name.as_str(), message.as_str()),
        ("System.InvalidOperationException", "outer")
    );
    let chain: Vec<(&str, &str)> = inner
        .iter()
        .map(|i| (i.type_name.as_str(), i.message.as_str()))
        .collect();
    assert_eq!(
        chain,
        [
            ("System.ArgumentException", "middle"),
            ("System.FormatException", "innermost")
        ]
    );
    for i in inner {
        assert!(i.stack_trace.contains("Soundness.Checks.ThrowNested"), "{i:?}");
    }
    // `Display` is one line: the chain of `type: message`, as .NET's `Message` with its type.
    assert_eq!(
        e.to_string(),
        "System.InvalidOperationException: outer ---> System.ArgumentException: middle ---> \
         System.FormatException: innermost"
    );
    // `{:#}` is .NET's `ToString()`: the chain, then every stack trace.
    let text = format!("{e:#}");
    assert!(
        text.starts_with(
            "System.InvalidOperationException: outer ---> System.ArgumentException: middle ---> \
             System.FormatException: innermost\n"
        ),
        "{text}"
    );
    assert_eq!(
        text.matches("--- End of inner exception stack trace ---").count(),
        2,
        "{text}"
    );
    let stack = e.managed_stack_trace().expect("a managed exception has a stack trace");
    assert!(stack.contains("Soundness.Checks.ThrowNested"), "{stack}");
    assert!(text.ends_with(stack), "{text}");
    assert_eq!(Error::StaleHandle.managed_stack_trace(), None);
    // The same reflective call reports the same chain.
    let e = invoke(THROW_NESTED.method().unwrap(), None, &mut []).unwrap_err();
    assert!(
        matches!(e, Error::ManagedException { ref inner, .. } if inner.len() == 2),
        "{e:?}"
    );
}

#[test]
fn a_missing_dependency_is_an_error_naming_the_method_and_the_assembly() {
    let rt = managed_tests::runtime();
    let asm = rt.load_assembly(fixture_path("UsesAbsent")).unwrap();
    let class = asm.class("MissingDep", "UsesAbsent").unwrap();
    // A method taking or returning a type of the missing assembly: Mono returned NULL from
    // mono_method_signature and the runtime dereferenced it (SIGSEGV).
    for (name, params) in [("Take", &["AbsentNs.AbsentType"][..]), ("Make", &[][..])] {
        let e = class.method(name, params).unwrap_err();
        let text = e.to_string();
        assert!(matches!(e, Error::TypeLoad { .. }), "{e:?}");
        assert!(text.contains(&format!("MissingDep.UsesAbsent::{name}")), "{text}");
        assert!(text.contains("Absent"), "names the missing assembly: {text}");
    }
    // Looking up another overload, or a name that does not exist, on the same class.
    let twice = class.method("Overloaded", &["System.Int32"]).unwrap();
    assert!(matches!(
        invoke(twice, None, &mut [Value::Int32(21)]),
        Ok(Value::Int32(42))
    ));
    let e = class.method("Nope", &[]).unwrap_err();
    assert!(matches!(e, Error::MethodNotFound { .. }), "{e:?}");
    // Listing every method and its signature never crashes; the broken ones are errors.
    let mut broken = 0;
    for m in class.methods() {
        match m.parameter_types().and_then(|p| m.return_type().map(|r| (p, r))) {
            Ok(_) => {}
            Err(e) => {
                broken += 1;
                assert!(matches!(e, Error::TypeLoad { .. }), "{e:?}");
                assert!(m.to_string().contains("unresolvable signature"), "{m}");
            }
        }
    }
    assert_eq!(broken, 3, "Take, Make and Overloaded(AbsentType)");
    // Through MethodRef (what generated code uses) it is an error too, and the good method
    // still runs.
    static USES: TypeRef = TypeRef::new("UsesAbsent", "MissingDep", "UsesAbsent");
    static TAKE: MethodRef = MethodRef::new(&USES, "Take", &["AbsentNs.AbsentType"]);
    static PLAIN: MethodRef = MethodRef::new(&USES, "Plain", &["System.Int32"]);
    assert!(matches!(TAKE.thunk(), Err(Error::TypeLoad { .. })));
    let e = invoke(class.methods().find(|m| m.name() == "Make").unwrap(), None, &mut []).unwrap_err();
    assert!(matches!(e, Error::TypeLoad { .. }), "{e:?}");
    let _ = PLAIN.thunk().unwrap();
}

#[test]
fn trampoline_masks_apply_only_to_value_types() {
    setup();
    // The trampoline would dereference the string reference as a pointer to one.
    static TEXT_BY_POINTER: MethodRef = MethodRef::by_pointer(&CHECKS, "Text", &["System.String"], 0b1);
    let e = TEXT_BY_POINTER
        .thunk()
        .err()
        .expect("a masked reference parameter is refused");
    assert_invalid_argument(e, &["argument 0", "not a value type"]);
    // It would store the returned reference into native memory the GC does not see.
    static TEXT_RETURN_BY_POINTER: MethodRef =
        MethodRef::by_pointer(&CHECKS, "Text", &["System.String"], cilbind::RETURN_BY_POINTER);
    let e = TEXT_RETURN_BY_POINTER
        .thunk()
        .err()
        .expect("a reference result by pointer is refused");
    assert_invalid_argument(e, &["does not return a value type"]);
}
