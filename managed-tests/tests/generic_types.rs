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

/// One call site (`Cell<T>::describe`, `Cell<T>::type_name`) with more instantiations than its
/// lock-free cache keeps (8): each still reaches its own closed class, first time and again.
#[test]
fn one_call_site_with_many_instantiations_reaches_each_one() {
    start();
    macro_rules! described {
        ($($t:ty = $v:expr => $text:expr),* $(,)?) => {{
            let mut seen = Vec::new();
            for _round in 0..2 {
                $(
                    let cell = Cell::<$t>::new($v).unwrap();
                    assert_eq!(cell.describe().unwrap().as_deref(), Some($text));
                    seen.push(Cell::<$t>::type_name().unwrap().unwrap());
                )*
            }
            seen
        }};
    }
    let seen = described!(
        i8 = -8 => "SByte:-8",
        u8 = 8 => "Byte:8",
        i16 = -16 => "Int16:-16",
        u16 = 16 => "UInt16:16",
        i32 = -32 => "Int32:-32",
        u32 = 32 => "UInt32:32",
        i64 = -64 => "Int64:-64",
        u64 = 64 => "UInt64:64",
        f32 = 1.5 => "Single:1.5",
        f64 = -2.5 => "Double:-2.5",
        bool = true => "Boolean:True",
    );
    let names: Vec<&str> = seen.iter().map(String::as_str).take(11).collect();
    assert_eq!(
        names,
        [
            "System.SByte",
            "System.Byte",
            "System.Int16",
            "System.UInt16",
            "System.Int32",
            "System.UInt32",
            "System.Int64",
            "System.UInt64",
            "System.Single",
            "System.Double",
            "System.Boolean"
        ]
    );
    assert_eq!(seen[..11], seen[11..], "the second round reaches the same classes");
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

    let item = Item::new("sword").unwrap();
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
    s.set_spare(Some(&Item::new("ring").unwrap())).unwrap();
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
        let item = Item::new(n.to_uppercase()).unwrap();
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
        let item = Item::new("shield").unwrap();
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
        if managed_tests::not_on_coreclr(managed_tests::mono_only::JSON_NET_SERIALIZER) {
            return;
        }
        start_json();
        let item = Item::new("sword").unwrap();
        let json = JsonConvert::serialize_object(Some(&item)).unwrap().unwrap();
        assert_eq!(json, r#"{"Name":"sword"}"#);
        let back: Item = JsonConvert::deserialize_object_string_generic::<Item>(r#"{"Name":"axe"}"#)
            .unwrap()
            .unwrap();
        assert_eq!(back.get_name().unwrap().as_deref(), Some("axe"));
    }

    #[test]
    fn deserialize_object_of_t_for_values_structs_and_lists() {
        if managed_tests::not_on_coreclr(managed_tests::mono_only::JSON_NET_SERIALIZER) {
            return;
        }
        start_json();
        assert_eq!(
            JsonConvert::deserialize_object_string_generic::<i64>("12345678901").unwrap(),
            12_345_678_901
        );
        assert_eq!(
            JsonConvert::deserialize_object_string_generic::<f64>("-2.5e3").unwrap(),
            -2500.0
        );
        assert!(JsonConvert::deserialize_object_string_generic::<bool>("true").unwrap());
        let p = JsonConvert::deserialize_object_string_generic::<Point>(r#"{"X":7,"Y":-3}"#).unwrap();
        assert_eq!(p, Point { x: 7, y: -3 });
        let values = [3, 1, 4, 1, 5, 9, 2, 6];
        let text = format!("[{}]", values.map(|v| v.to_string()).join(","));
        let list: List<i32> = JsonConvert::deserialize_object_string_generic::<List<i32>>(&text)
            .unwrap()
            .unwrap();
        assert_eq!(list.count().unwrap(), values.len() as i32);
        for (i, v) in values.iter().enumerate() {
            assert_eq!(list.item(i as i32).unwrap(), *v);
        }
        let map: Dictionary<NetString, Point> =
            JsonConvert::deserialize_object_string_generic::<Dictionary<NetString, Point>>(r#"{"a":{"X":1,"Y":2}}"#)
                .unwrap()
                .unwrap();
        let (found, p) = map.try_get_value(Some(&NetString::new("a").unwrap())).unwrap();
        assert!(found);
        assert_eq!(p, Point { x: 1, y: 2 });
    }

    #[test]
    fn malformed_json_is_the_managed_exception_as_an_error() {
        if managed_tests::not_on_coreclr(managed_tests::mono_only::JSON_NET_SERIALIZER) {
            return;
        }
        start_json();
        let err = JsonConvert::deserialize_object_string_generic::<i32>("{not json").unwrap_err();
        assert!(
            matches!(&err, cilbind::Error::ManagedException { type_name, .. } if type_name.starts_with("Newtonsoft.Json.")),
            "{err}"
        );
    }
}

/// Generic value types: every instantiation is a handle to a box in a store of its own
/// closed type, with C#'s value semantics.
mod generic_structs {
    use super::*;
    use managed_tests::generics::generics::Entry;
    use managed_tests::generics::system::collections::generic::KeyValuePair2 as KeyValuePair;

    #[test]
    fn a_fixture_struct_for_any_type_arguments() {
        start();
        let e = Entry::<i32, NetString>::new(7, Some(&NetString::new("seven").unwrap())).unwrap();
        assert_eq!(e.key().unwrap(), 7);
        assert_eq!(e.value().unwrap().unwrap().to_string().unwrap(), "seven");
        assert_eq!(e.to_string_net().unwrap().as_deref(), Some("7=seven"));
        let flipped: Entry<NetString, i32> = e.flip().unwrap();
        assert_eq!(flipped.key().unwrap().unwrap().to_string().unwrap(), "seven");
        assert_eq!(flipped.value().unwrap(), 7);
        assert_eq!(
            Sources::describe::<NetString, i32>(&flipped).unwrap().as_deref(),
            Some("seven=7")
        );

        // Value semantics: a clone is a copy; a method that mutates `this` changes only the
        // value it is called on; field writes likewise.
        let p = Entry::<Color, Point>::new(Color::RED, &Point { x: 1, y: 2 }).unwrap();
        let copy = p.clone();
        p.set_value(&Point { x: 5, y: 6 }).unwrap();
        assert_eq!(p.value().unwrap(), Point { x: 5, y: 6 });
        assert_eq!(copy.value().unwrap(), Point { x: 1, y: 2 });
        copy.set_key(Color::GREEN).unwrap();
        assert_eq!(copy.key().unwrap(), Color::GREEN);
        assert_eq!(p.key().unwrap(), Color::RED);

        // As a type argument: a list of structs, copied in and out.
        let list = List::<Entry<i32, i32>>::new().unwrap();
        for i in 0..3 {
            list.add(&Entry::<i32, i32>::new(i, i * i).unwrap()).unwrap();
        }
        let second = list.item(2).unwrap();
        assert_eq!((second.key().unwrap(), second.value().unwrap()), (2, 4));
        let d = Entry::<i64, bool>::default_value().unwrap();
        assert_eq!((d.key().unwrap(), d.value().unwrap()), (0, false));
    }

    #[test]
    fn mscorlib_key_value_pairs_and_enumerators() {
        start();
        let kv: KeyValuePair<NetString, i32> = Sources::tally("hits", 12).unwrap();
        assert_eq!(kv.key().unwrap().unwrap().to_string().unwrap(), "hits");
        assert_eq!(kv.value().unwrap(), 12);
        let made = KeyValuePair::<i32, f64>::new(3, 0.5).unwrap();
        assert_eq!((made.key().unwrap(), made.value().unwrap()), (3, 0.5));

        // `List<T>.GetEnumerator()` returns the struct `List<T>.Enumerator`; `MoveNext`
        // advances it in its box.
        let list = List::<i32>::new().unwrap();
        let values = [4, 8, 15, 16, 23, 42];
        for v in values {
            list.add(v).unwrap();
        }
        let mut seen = Vec::new();
        let it = list.get_enumerator().unwrap();
        while it.move_next().unwrap() {
            seen.push(it.current().unwrap());
        }
        assert_eq!(seen, values);

        // A dictionary's pairs, through its enumerator of KeyValuePair<K, V>.
        let dict = Dictionary::<i32, NetString>::new().unwrap();
        for (k, v) in [(1, "one"), (2, "two")] {
            dict.add(k, Some(&NetString::new(v).unwrap())).unwrap();
        }
        let mut pairs = Vec::new();
        let it = dict.get_enumerator().unwrap();
        while it.move_next().unwrap() {
            let kv = it.current().unwrap();
            pairs.push((kv.key().unwrap(), kv.value().unwrap().unwrap().to_string().unwrap()));
        }
        pairs.sort();
        assert_eq!(pairs, [(1, "one".to_string()), (2, "two".to_string())]);
    }

    #[test]
    fn a_struct_of_one_instantiation_is_not_another() {
        start();
        let e = Entry::<i32, i32>::new(1, 2).unwrap();
        let boxed: cilbind::Object = cilbind::Boxing::box_as::<cilbind::Object>(&e).unwrap();
        assert_eq!(
            <Entry<i32, i32> as cilbind::Unbox>::unbox_from(&boxed)
                .unwrap()
                .value()
                .unwrap(),
            2
        );
        let err = <Entry<i32, i64> as cilbind::Unbox>::unbox_from(&boxed).unwrap_err();
        assert!(matches!(err, cilbind::Error::InvalidCast { .. }), "{err}");
    }
}

/// `T[]` in generic members: the type argument's array handle (`Array<T>` of values,
/// `ObjectArray<T>` of references).
mod arrays_of_t {
    use super::*;
    use managed_tests::generics::generics::Make;

    #[test]
    fn arrays_of_values_structs_and_references() {
        start();
        let ints: cilbind::Array<i32> = Make::fill::<i32>(9, 4).unwrap().unwrap();
        assert_eq!(ints.to_vec().unwrap(), vec![9, 9, 9, 9]);
        let mixed = cilbind::Array::<i32>::from_slice(&[0, 3, 0, 5, 1]).unwrap();
        assert_eq!(Make::count_non_default::<i32>(Some(&mixed)).unwrap(), 3);
        let points: cilbind::Array<Point> = Make::fill::<Point>(&Point { x: 1, y: -1 }, 2).unwrap().unwrap();
        assert_eq!(points.to_vec().unwrap(), vec![Point { x: 1, y: -1 }; 2]);
        let item = Item::new("gem").unwrap();
        let items: cilbind::ObjectArray<Item> = Make::fill::<Item>(Some(&item), 3).unwrap().unwrap();
        assert_eq!(items.len().unwrap(), 3);
        assert_eq!(
            items.get(2).unwrap().unwrap().get_name().unwrap().as_deref(),
            Some("gem")
        );
        let sparse = cilbind::ObjectArray::<Item>::from_items(&[None, Some(&item), None]).unwrap();
        assert_eq!(Make::count_non_default::<Item>(Some(&sparse)).unwrap(), 1);
        // mscorlib's `List<T>.ToArray()`.
        let list = List::<f64>::new().unwrap();
        for v in [0.5, 1.5, -2.0] {
            list.add(v).unwrap();
        }
        assert_eq!(
            list.to_array().unwrap().unwrap().to_vec().unwrap(),
            vec![0.5, 1.5, -2.0]
        );
    }
}

/// A generic delegate: `Invoke` for every type argument, `from_fn` on the closed delegate a
/// signature uses.
mod generic_delegates {
    use super::*;
    use managed_tests::generics::generics::{Make, Mapper};

    #[test]
    fn invoke_a_managed_lambda_and_pass_a_rust_closure() {
        start();
        let doubler: Mapper<i32, i32> = Make::doubler().unwrap().unwrap();
        assert_eq!(doubler.invoke(21).unwrap(), 42);
        assert_eq!(Make::apply_twice(Some(&doubler), 5).unwrap(), 20);
        let plus_three = Mapper::<i32, i32>::from_fn(|x: i32| Ok(x + 3)).unwrap();
        assert_eq!(Make::apply_twice(Some(&plus_three), 5).unwrap(), 11);
        assert_eq!(plus_three.invoke(-3).unwrap(), 0);
    }
}

#[test]
fn arrays_of_a_generic_class_over_a_method_type_parameter() {
    start();
    use cilbind::ObjectArray;
    use managed_tests::generics::generics::Make;
    let (a, b) = (List::<i32>::new().unwrap(), List::<i32>::new().unwrap());
    for v in [1, 2, 3] {
        a.add(v).unwrap();
    }
    b.add(9).unwrap();
    let lists = ObjectArray::from_items(&[Some(&a), None, Some(&b)]).unwrap();
    // 3 + 100 for the null + 1.
    assert_eq!(Make::total_count::<i32>(Some(&lists)).unwrap(), 104);
    let halves = Make::halves::<i32>(Some(&a)).unwrap().unwrap().to_vec().unwrap();
    let counts: Vec<i32> = halves.iter().map(|l| l.as_ref().unwrap().count().unwrap()).collect();
    assert_eq!(counts, [1, 2]);
    assert_eq!(halves[1].as_ref().unwrap().item(1).unwrap(), 3);
    // A Rust closure as a delegate over `List<T>[]`: it gets C#'s array of halves.
    use managed_tests::generics::generics::Mapper;
    let sizes = Mapper::<ObjectArray<List<i32>>, i32>::from_fn(|halves: Option<ObjectArray<List<i32>>>| {
        let halves = halves.expect("C# passes the array");
        let mut code = 0;
        for l in halves.to_vec()? {
            code = code * 10 + l.expect("no null half").count()?;
        }
        Ok(code)
    })
    .unwrap();
    assert_eq!(Make::on_halves::<i32>(Some(&sizes), Some(&a)).unwrap(), 12);
    // Lists of strings: another instantiation, its own array class.
    let names = List::<NetString>::new().unwrap();
    names.add(Some(&NetString::new("x").unwrap())).unwrap();
    let one = ObjectArray::from_items(&[Some(&names)]).unwrap();
    assert_eq!(Make::total_count::<NetString>(Some(&one)).unwrap(), 1);
}
