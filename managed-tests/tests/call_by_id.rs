//! `cilbind::call_by_id`: the reflective call by function-database ID, with `Value`
//! arguments and the checks of `invoke`, on methods of `fixtures/Basics.cs` that its generated
//! bindings' `init()` put in the database (no method is bound or registered first).

use cilbind::{call_by_id, Error, FunctionDb, FunctionId, Object, Value};
use managed_tests::basics;

fn id(signature: &str) -> FunctionId {
    basics::init().expect("bindings load");
    let id = FunctionId::of_signature(signature);
    assert!(FunctionDb::get(id).is_some(), "{signature} is in the table");
    id
}

fn object(v: Value) -> Object {
    match v {
        Value::Object(o) => o,
        other => panic!("expected an object, got {other:?}"),
    }
}

#[test]
fn a_static_method() {
    let sum = id("[Basics]Fixtures.Calls::Sum(System.Int32,System.Int32)->System.Int32");
    let r = call_by_id(sum, None, &mut [Value::Int32(20), Value::Int32(22)]).unwrap();
    assert!(matches!(r, Value::Int32(42)), "{r:?}");
    let concat = id("[Basics]Fixtures.Calls::Concat(System.String,System.String)->System.String");
    let r = call_by_id(concat, None, &mut [Value::String("a".into()), Value::Null]).unwrap();
    assert!(matches!(r, Value::String(s) if s == "a"));
}

#[test]
fn an_instance_method_and_a_virtual_one_dispatching_on_the_runtime_type() {
    // `NewAdder` returns a `SubAdder`, which overrides `Virt` (x + 20; `Adder.Virt` is x + 2).
    let new_adder = id("[Basics]Fixtures.Calls::NewAdder()->Fixtures.Adder");
    let adder = object(call_by_id(new_adder, None, &mut []).unwrap());
    let add_to = id("[Basics]Fixtures.Adder::AddTo(System.Int32)->System.Int32");
    let r = call_by_id(add_to, Some(&adder), &mut [Value::Int32(4)]).unwrap();
    assert!(matches!(r, Value::Int32(5)), "Base (1) + 4: {r:?}");
    let virt = id("[Basics]Fixtures.Adder::Virt(System.Int32)->System.Int32");
    let r = call_by_id(virt, Some(&adder), &mut [Value::Int32(1)]).unwrap();
    assert!(matches!(r, Value::Int32(21)), "SubAdder's override runs: {r:?}");
    // An instance method needs `this`, of its class.
    assert!(matches!(
        call_by_id(add_to, None, &mut [Value::Int32(4)]),
        Err(Error::NullReference(_))
    ));
    let new_dog = id("[Basics]Fixtures.Calls::NewDog()->Fixtures.Dog");
    let dog = object(call_by_id(new_dog, None, &mut []).unwrap());
    assert!(matches!(
        call_by_id(add_to, Some(&dog), &mut [Value::Int32(4)]),
        Err(Error::InvalidArgument(m)) if m.contains("Fixtures.Dog")
    ));
    let speak = id("[Basics]Fixtures.Animal::Speak()->System.String");
    let r = call_by_id(speak, Some(&dog), &mut []).unwrap();
    assert!(matches!(r, Value::String(s) if s == "Woof"));
}

#[test]
fn out_parameters_are_written_back() {
    let divmod =
        id("[Basics]Fixtures.Calls::Divmod(System.Int32,System.Int32,System.Int32&,System.Int32&)->System.Void");
    let mut args = [Value::Int32(17), Value::Int32(5), Value::Int32(0), Value::Int32(0)];
    assert!(matches!(call_by_id(divmod, None, &mut args).unwrap(), Value::Void));
    assert!(matches!(args[2..], [Value::Int32(3), Value::Int32(2)]), "{args:?}");
    let try_parse = id("[Basics]Fixtures.Calls::TryParse(System.String,System.Int32&)->System.Boolean");
    let mut args = [Value::String("-12".into()), Value::Int32(0)];
    assert!(matches!(
        call_by_id(try_parse, None, &mut args).unwrap(),
        Value::Boolean(true)
    ));
    assert!(matches!(args[1], Value::Int32(-12)));
}

#[test]
fn wrong_arguments_and_unknown_ids_are_errors() {
    let sum = id("[Basics]Fixtures.Calls::Sum(System.Int32,System.Int32)->System.Int32");
    let wrong_type = call_by_id(sum, None, &mut [Value::Int32(1), Value::Int64(2)]);
    assert!(
        matches!(&wrong_type, Err(Error::InvalidArgument(m)) if m.contains("argument 1")),
        "{wrong_type:?}"
    );
    assert!(matches!(
        call_by_id(sum, None, &mut [Value::String("1".into()), Value::Int32(2)]),
        Err(Error::InvalidArgument(_))
    ));
    assert!(matches!(
        call_by_id(sum, None, &mut [Value::Int32(1)]),
        Err(Error::InvalidArgument(m)) if m.contains("takes 2 arguments, 1 given")
    ));
    let speak_of = id("[Basics]Fixtures.Calls::SpeakOf(Fixtures.Animal)->System.String");
    let new_adder = id("[Basics]Fixtures.Calls::NewAdder()->Fixtures.Adder");
    let adder = call_by_id(new_adder, None, &mut []).unwrap();
    assert!(matches!(
        call_by_id(speak_of, None, &mut [adder]),
        Err(Error::InvalidArgument(m)) if m.contains("is not a Fixtures.Animal")
    ));
    let unknown = FunctionId::of_signature("[Basics]Fixtures.Calls::NoSuchMethod()->System.Void");
    let err = call_by_id(unknown, None, &mut []).unwrap_err();
    assert_eq!(err, Error::UnknownFunction { id: unknown });
    assert_eq!(
        err.to_string(),
        format!("no method with ID {:#018x} is in the function database", unknown.0)
    );
}
