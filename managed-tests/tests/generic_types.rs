//! Members of generic types for type arguments that no signature mentions: the fixture's
//! `Cell<T>`, `Pair<A, B>` and `ISource<T>`, and mscorlib's `List<T>` and
//! `Dictionary<TKey, TValue>`, each instantiated at run time from the Rust type argument.
//! Expected values are computed here in Rust.

use cilbind::{ManagedType, NetString, Reference};
use managed_tests::generics::generics::{Cell, Color, Item, Pair, Point, Sources};
use managed_tests::generics::system::collections::generic::{Dictionary, List};

fn start() {
    managed_tests::load_fixture("Generics");
}

#[test]
fn cell_of_primitives_holds_and_returns_the_value() {
    start();
    let cell = Cell::<i32>::new(41).unwrap();
    assert_eq!(cell.get().unwrap(), 41);
    cell.set(-7).unwrap();
    assert_eq!(cell.get().unwrap(), -7);
    assert!(cell.holds(-7).unwrap());
    assert!(!cell.holds(41).unwrap());
    assert_eq!(cell.describe().unwrap().as_deref(), Some("Int32:-7"));
    assert_eq!(Cell::<i32>::type_name().unwrap().as_deref(), Some("System.Int32"));

    let f = Cell::<f64>::new(0.1 + 0.2).unwrap();
    assert_eq!(f.get().unwrap(), 0.1 + 0.2);
    let b = Cell::<bool>::new(true).unwrap();
    assert!(b.get().unwrap());
    assert_eq!(Cell::<bool>::type_name().unwrap().as_deref(), Some("System.Boolean"));
    let c = Cell::<cilbind::Char>::new(cilbind::Char('é' as u16)).unwrap();
    assert_eq!(c.get().unwrap(), cilbind::Char('é' as u16));
}

#[test]
fn cell_of_enum_struct_string_and_class() {
    start();
    let e = Cell::<Color>::new(Color::BLUE).unwrap();
    assert_eq!(e.get().unwrap(), Color::BLUE);
    assert_eq!(e.describe().unwrap().as_deref(), Some("Color:Blue"));

    let p = Cell::<Point>::new(&Point { x: 3, y: -4 }).unwrap();
    assert_eq!(p.get().unwrap(), Point { x: 3, y: -4 });
    p.set(&Point { x: 10, y: 20 }).unwrap();
    let back = p.get().unwrap();
    assert_eq!((back.x, back.y), (10, 20));

    let s = Cell::<NetString>::new(Some(&NetString::new("héllo").unwrap())).unwrap();
    assert_eq!(s.get().unwrap().unwrap().to_string().unwrap(), "héllo");
    s.set(None).unwrap();
    assert!(s.get().unwrap().is_none());
    assert_eq!(s.describe().unwrap().as_deref(), Some("String:null"));

    let item = Item::new(Some("sword")).unwrap();
    let o = Cell::<Item>::new(Some(&item)).unwrap();
    let got = o.get().unwrap().unwrap();
    assert!(got.as_object().reference_equals(item.as_object()).unwrap());
    assert_eq!(got.get_name().unwrap().as_deref(), Some("sword"));
    assert_eq!(Cell::<Item>::type_name().unwrap().as_deref(), Some("Generics.Item"));
}

#[test]
fn fields_of_a_generic_type_per_closed_class() {
    start();
    let before_f32 = Cell::<f32>::made().unwrap();
    let before_u8 = Cell::<u8>::made().unwrap();
    let a = Cell::<f32>::new(1.5).unwrap();
    let _b = Cell::<f32>::new(2.5).unwrap();
    // Static fields belong to each closed class.
    assert_eq!(Cell::<f32>::made().unwrap(), before_f32 + 2);
    assert_eq!(Cell::<u8>::made().unwrap(), before_u8);
    Cell::<u8>::set_made(40).unwrap();
    assert_eq!(Cell::<u8>::made().unwrap(), 40);
    assert_eq!(Cell::<f32>::made().unwrap(), before_f32 + 2);
    // A field of type `T`.
    assert_eq!(a.spare().unwrap(), 0.0);
    a.set_spare(-0.25).unwrap();
    assert_eq!(a.spare().unwrap(), -0.25);
    let p = Cell::<Point>::new(&Point { x: 1, y: 1 }).unwrap();
    p.set_spare(&Point { x: 8, y: -8 }).unwrap();
    assert_eq!(p.spare().unwrap(), Point { x: 8, y: -8 });
    let s = Cell::<Item>::new(None).unwrap();
    assert!(s.spare().unwrap().is_none());
    s.set_spare(Some(&Item::new(Some("ring")).unwrap())).unwrap();
    assert_eq!(s.spare().unwrap().unwrap().get_name().unwrap().as_deref(), Some("ring"));
}

#[test]
fn each_instantiation_is_its_own_closed_class() {
    start();
    let a = <Cell<i32> as ManagedType>::class().unwrap();
    let b = <Cell<i64> as ManagedType>::class().unwrap();
    assert_ne!(a, b);
    assert_eq!(a.full_name(), "Generics.Cell<System.Int32>");
    // A `Cell<i32>` object is not a `Cell<i64>`: the checked cast refuses it.
    let cell = Cell::<i32>::new(1).unwrap();
    let err = cell.as_object().cast::<Cell<i64>>().unwrap_err();
    assert!(matches!(err, cilbind::Error::InvalidCast { .. }), "{err}");
}

#[test]
fn two_type_parameters_and_a_swap_that_returns_the_other_instantiation() {
    start();
    let name = NetString::new("ten").unwrap();
    let pair = Pair::<i32, NetString>::new(10, Some(&name)).unwrap();
    assert_eq!(pair.first().unwrap(), 10);
    assert_eq!(pair.second().unwrap().unwrap().to_string().unwrap(), "ten");
    pair.set_first(11).unwrap();
    let swapped: Pair<NetString, i32> = pair.swap().unwrap().unwrap();
    assert_eq!(swapped.first().unwrap().unwrap().to_string().unwrap(), "ten");
    assert_eq!(swapped.second().unwrap(), 11);
}

#[test]
fn list_of_t_created_in_rust() {
    start();
    let list = List::<i32>::new().unwrap();
    let values = [5, -3, 12, 0, 7];
    for v in values {
        list.add(v).unwrap();
    }
    assert_eq!(list.count().unwrap(), values.len() as i32);
    for (i, v) in values.iter().enumerate() {
        assert_eq!(list.item(i as i32).unwrap(), *v);
    }
    assert!(list.contains(12).unwrap());
    assert_eq!(list.index_of(0).unwrap(), 3);
    list.sort().unwrap();
    let mut sorted = values;
    sorted.sort();
    for (i, v) in sorted.iter().enumerate() {
        assert_eq!(list.item(i as i32).unwrap(), *v);
    }
    // A C# method that takes `List<int>` gets the list Rust made.
    assert_eq!(Sources::sum(Some(&list)).unwrap(), values.iter().sum::<i32>());
    // Out of range is the managed exception, as an error.
    let err = list.item(99).unwrap_err();
    assert!(err.to_string().contains("ArgumentOutOfRangeException"), "{err}");
}

#[test]
fn list_of_structs_and_repeat_returns_a_list_of_t() {
    start();
    let points = List::<Point>::new().unwrap();
    for i in 0..4 {
        points.add(&Point { x: i, y: i * i }).unwrap();
    }
    assert_eq!(points.count().unwrap(), 4);
    let third = points.item(3).unwrap();
    assert_eq!((third.x, third.y), (3, 9));

    let cell = Cell::<Color>::new(Color::GREEN).unwrap();
    let repeated: List<Color> = cell.repeat(3).unwrap().unwrap();
    assert_eq!(repeated.count().unwrap(), 3);
    assert_eq!(repeated.item(2).unwrap(), Color::GREEN);
}

#[test]
fn dictionary_of_string_to_class_with_try_get_value() {
    start();
    let dict = Dictionary::<NetString, Item>::new().unwrap();
    let names = ["axe", "bow", "cloak"];
    for n in names {
        let key = NetString::new(n).unwrap();
        let item = Item::new(Some(&n.to_uppercase())).unwrap();
        dict.add(Some(&key), Some(&item)).unwrap();
    }
    assert_eq!(dict.count().unwrap(), 3);
    let bow = NetString::new("bow").unwrap();
    assert!(dict.contains_key(Some(&bow)).unwrap());
    let (found, item) = dict.try_get_value(Some(&bow)).unwrap();
    assert!(found);
    assert_eq!(item.unwrap().get_name().unwrap().as_deref(), Some("BOW"));
    let missing = NetString::new("dagger").unwrap();
    let (found, item) = dict.try_get_value(Some(&missing)).unwrap();
    assert!(!found);
    assert!(item.is_none());
    let err = dict.item(Some(&missing)).unwrap_err();
    assert!(err.to_string().contains("KeyNotFoundException"), "{err}");

    // Value types as keys and values, `out` of a struct.
    let grid = Dictionary::<i32, Point>::new().unwrap();
    grid.add(7, &Point { x: 1, y: 2 }).unwrap();
    let (found, p) = grid.try_get_value(7).unwrap();
    assert!(found);
    assert_eq!((p.x, p.y), (1, 2));
    let (found, p) = grid.try_get_value(8).unwrap();
    assert!(!found);
    assert_eq!((p.x, p.y), (0, 0));
}

mod generic_methods {
    use super::*;
    use managed_tests::generics::generics::Make;

    #[test]
    fn echo_for_every_kind_of_type_argument() {
        start();
        assert_eq!(Make::echo::<i32>(-12).unwrap(), -12);
        assert_eq!(Make::echo::<u64>(u64::MAX).unwrap(), u64::MAX);
        assert!(!Make::echo::<bool>(false).unwrap());
        assert_eq!(Make::echo::<Color>(Color::RED).unwrap(), Color::RED);
        assert_eq!(
            Make::echo::<Point>(&Point { x: -1, y: 99 }).unwrap(),
            Point { x: -1, y: 99 }
        );
        let s = NetString::new("échο").unwrap();
        assert_eq!(
            Make::echo::<NetString>(Some(&s)).unwrap().unwrap().to_string().unwrap(),
            "échο"
        );
        let item = Item::new(Some("shield")).unwrap();
        let back = Make::echo::<Item>(Some(&item)).unwrap().unwrap();
        assert!(back.as_object().reference_equals(item.as_object()).unwrap());
    }

    #[test]
    fn type_arguments_reach_typeof_and_build_generic_results() {
        start();
        assert_eq!(Make::name_of::<f32>().unwrap().as_deref(), Some("System.Single"));
        assert_eq!(Make::name_of::<Item>().unwrap().as_deref(), Some("Generics.Item"));
        assert_eq!(
            Make::name_of::<List<Point>>()
                .unwrap()
                .as_deref()
                .map(|n| n.starts_with("System.Collections.Generic.List`1[[Generics.Point")),
            Some(true)
        );
        let list: List<i64> = Make::list_of::<i64>(1 << 40, -5).unwrap().unwrap();
        assert_eq!(list.count().unwrap(), 2);
        assert_eq!(list.item(0).unwrap(), 1 << 40);
        assert_eq!(list.item(1).unwrap(), -5);
        let (found, first) = Make::try_first::<i64>(Some(&list)).unwrap();
        assert!(found);
        assert_eq!(first, 1 << 40);
        let empty = List::<Point>::new().unwrap();
        let (found, first) = Make::try_first::<Point>(Some(&empty)).unwrap();
        assert!(!found);
        assert_eq!(first, Point { x: 0, y: 0 });
    }

    #[test]
    fn two_method_type_arguments_and_a_generic_method_of_a_generic_type() {
        start();
        let map = Dictionary::<NetString, i32>::new().unwrap();
        for (k, v) in [("b", 2), ("a", 1), ("c", 3)] {
            map.add(Some(&NetString::new(k).unwrap()), v).unwrap();
        }
        assert_eq!(
            Make::join::<NetString, i32>(Some(&map)).unwrap().as_deref(),
            Some("a=1,b=2,c=3")
        );
        let cell = Cell::<i32>::new(5).unwrap();
        let pair: Pair<i32, Color> = cell.with::<Color>(Color::BLUE).unwrap().unwrap();
        assert_eq!(pair.first().unwrap(), 5);
        assert_eq!(pair.second().unwrap(), Color::BLUE);
    }

    #[test]
    fn a_broken_constraint_is_an_error_naming_it() {
        start();
        assert_eq!(Make::default_of::<i32>().unwrap(), 0);
        assert_eq!(Make::default_of::<Point>().unwrap(), Point { x: 0, y: 0 });
        // `where T : struct`: a class is refused by .NET when the method is instantiated.
        let err = Make::default_of::<Item>().unwrap_err();
        let text = err.to_string();
        assert!(text.contains("DefaultOf") && text.contains("Generics.Item"), "{text}");
    }
}

/// Json.NET's generic methods, instantiated with fixture and mscorlib types: values go
/// through real JSON text and come back, compared with what Rust expects.
mod json_net {
    use super::*;
    use managed_tests::generics::newtonsoft::json::JsonConvert;

    fn start_json() {
        start();
        managed_tests::generics::init().expect("bindings load Json.NET");
    }

    #[test]
    fn serialize_then_deserialize_object_of_t() {
        start_json();
        let item = Item::new(Some("sword")).unwrap();
        let json = JsonConvert::serialize_object(Some(&item)).unwrap().unwrap();
        assert_eq!(json, r#"{"Name":"sword"}"#);
        let back: Item = JsonConvert::deserialize_object_4::<Item>(Some(r#"{"Name":"axe"}"#))
            .unwrap()
            .unwrap();
        assert_eq!(back.get_name().unwrap().as_deref(), Some("axe"));
    }

    #[test]
    fn deserialize_object_of_t_for_values_structs_and_lists() {
        start_json();
        assert_eq!(
            JsonConvert::deserialize_object_4::<i64>(Some("12345678901")).unwrap(),
            12_345_678_901
        );
        assert_eq!(
            JsonConvert::deserialize_object_4::<f64>(Some("-2.5e3")).unwrap(),
            -2500.0
        );
        assert!(JsonConvert::deserialize_object_4::<bool>(Some("true")).unwrap());
        let p = JsonConvert::deserialize_object_4::<Point>(Some(r#"{"X":7,"Y":-3}"#)).unwrap();
        assert_eq!(p, Point { x: 7, y: -3 });
        let values = [3, 1, 4, 1, 5, 9, 2, 6];
        let text = format!("[{}]", values.map(|v| v.to_string()).join(","));
        let list: List<i32> = JsonConvert::deserialize_object_4::<List<i32>>(Some(&text))
            .unwrap()
            .unwrap();
        assert_eq!(list.count().unwrap(), values.len() as i32);
        for (i, v) in values.iter().enumerate() {
            assert_eq!(list.item(i as i32).unwrap(), *v);
        }
        let map: Dictionary<NetString, Point> =
            JsonConvert::deserialize_object_4::<Dictionary<NetString, Point>>(Some(r#"{"a":{"X":1,"Y":2}}"#))
                .unwrap()
                .unwrap();
        let (found, p) = map.try_get_value(Some(&NetString::new("a").unwrap())).unwrap();
        assert!(found);
        assert_eq!(p, Point { x: 1, y: 2 });
    }

    #[test]
    fn malformed_json_is_the_managed_exception_as_an_error() {
        start_json();
        let err = JsonConvert::deserialize_object_4::<i32>(Some("{not json")).unwrap_err();
        assert!(
            matches!(&err, cilbind::Error::ManagedException { type_name, .. } if type_name.starts_with("Newtonsoft.Json.")),
            "{err}"
        );
    }
}
