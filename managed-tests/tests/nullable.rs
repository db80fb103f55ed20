//! `Nullable<T>` (`T?`) in generated bindings (`fixtures/Nullables.cs`): parameters and returns
//! are `Option<T>` for primitives, enums, `[Flags]` enums and full structs, crossing the raw
//! path as null or a box of `T`. Every result is checked against the same computation in Rust.
//! A box of another type passed for a `Nullable<T>` parameter through the runtime's safe API
//! is an error, never a call; so is a returned box read as another type. mscorlib's own
//! `CultureNotFoundException.InvalidCultureId` (`int?`) is read through its generated binding.

use cilbind::{Error, MethodRef, Nullable, Object, TypeRef};
use managed_tests::nullables::nulls::{Color, Counter, Maybe, Mode, Pt, Stamp, Tagged};

fn setup() {
    managed_tests::start_with(managed_tests::nullables::init);
}

const INTS: [i32; 7] = [0, 1, -1, 21, i32::MAX, i32::MIN, 1 << 30];

#[test]
fn int_parameters_and_returns_carry_null_and_values() {
    setup();
    for x in INTS {
        // C#'s `*` on int wraps (unchecked context).
        assert_eq!(Maybe::twice(Some(x)).unwrap(), Some(x.wrapping_mul(2)), "Twice({x})");
        assert_eq!(Maybe::or(Some(x), 77).unwrap(), x);
        assert_eq!(Maybe::null_if_negative(x).unwrap(), (x >= 0).then_some(x));
    }
    assert_eq!(Maybe::twice(None).unwrap(), None);
    assert_eq!(Maybe::or(None, 77).unwrap(), 77);
    for x in [0i64, -1, i64::MAX, i64::MIN] {
        assert!(Maybe::has_value(Some(x)).unwrap());
    }
    assert!(!Maybe::has_value(None).unwrap());
}

#[test]
fn double_bool_and_char_cross_as_their_boxes() {
    setup();
    for x in [0.0, 1.5, -3.25, 1e300, f64::INFINITY, f64::MIN_POSITIVE] {
        assert_eq!(Maybe::half(Some(x)).unwrap(), Some(x / 2.0), "Half({x})");
    }
    let nan = Maybe::half(Some(f64::NAN)).unwrap();
    assert!(nan.is_some_and(f64::is_nan));
    assert_eq!(Maybe::half(None).unwrap(), None);
    assert_eq!(Maybe::not(Some(true)).unwrap(), Some(false));
    assert_eq!(Maybe::not(Some(false)).unwrap(), Some(true));
    assert_eq!(Maybe::not(None).unwrap(), None);
    for c in ['a', 'z', 'A', '1', 'é'] {
        let expected = c.to_uppercase().next().unwrap();
        let got = Maybe::upper(Some(cilbind::Char(c as u16))).unwrap();
        assert_eq!(got, Some(cilbind::Char(expected as u16)), "Upper({c})");
    }
    assert_eq!(Maybe::upper(None).unwrap(), None);
}

#[test]
fn enums_and_flags_cross_as_their_own_boxes() {
    setup();
    // Red → Green → Blue → null → Red, computed here as in the fixture.
    let next = |c: Option<Color>| match c {
        None => Some(Color::RED),
        Some(Color::BLUE) => None,
        Some(c) => Some(Color(c.0 * 2)),
    };
    let mut c = None;
    for _ in 0..8 {
        let got = Maybe::next(c).unwrap();
        assert_eq!(got, next(c), "Next({c:?})");
        c = got;
    }
    // A value with no name survives the round trip.
    assert_eq!(Maybe::next(Some(Color(8))).unwrap(), Some(Color(16)));
    for m in [
        Mode::empty(),
        Mode::READ,
        Mode::WRITE,
        Mode::READ | Mode::WRITE,
        Mode::from_bits_retain(0x80),
    ] {
        for bits in [Mode::READ, Mode::WRITE | Mode::from_bits_retain(0x40)] {
            let expected = Mode::from_bits_retain(m.bits() ^ bits.bits());
            assert_eq!(Maybe::toggle(Some(m), bits).unwrap(), Some(expected));
        }
        assert_eq!(Maybe::toggle(None, m).unwrap(), None);
    }
}

#[test]
fn full_structs_cross_boxed_beside_a_trampoline_parameter() {
    setup();
    let points = [(0.0, 0.0), (1.5, -2.0), (-1e10, 3.25)];
    for (x, y) in points {
        assert_eq!(Maybe::swap(Some(Pt { x, y })).unwrap(), Some(Pt { x: y, y: x }));
        for (bx, by) in points {
            let a = Pt { x, y };
            let got = Maybe::add(&a, Some(Pt { x: bx, y: by })).unwrap();
            assert_eq!(got, Some(Pt { x: x + bx, y: y + by }));
            assert_eq!(Maybe::add(&a, None).unwrap(), None);
        }
    }
    assert_eq!(Maybe::swap(None).unwrap(), None);
}

#[test]
fn several_nullables_in_one_call_keep_their_positions() {
    setup();
    type Case = (Option<i32>, Option<f64>, Option<Color>, Option<Pt>);
    let cases: [Case; 4] = [
        (None, None, None, None),
        (Some(-4), Some(0.5), Some(Color::GREEN), Some(Pt { x: 1.0, y: -2.5 })),
        (Some(7), None, Some(Color::BLUE), None),
        (None, Some(-8.0), None, Some(Pt { x: 0.25, y: 4.0 })),
    ];
    for (a, b, c, p) in cases {
        let expected = [
            a.map_or("-".into(), |a| a.to_string()),
            b.map_or("-".into(), |b| b.to_string()),
            c.map_or("-".into(), |c| {
                [(Color::RED, "Red"), (Color::GREEN, "Green"), (Color::BLUE, "Blue")]
                    .iter()
                    .find(|(k, _)| *k == c)
                    .map(|(_, n)| n.to_string())
                    .unwrap()
            }),
            p.map_or("-".into(), |p| format!("{},{}", p.x, p.y)),
        ]
        .join("|");
        assert_eq!(Maybe::describe(a, b, c, p).unwrap().as_deref(), Some(expected.as_str()));
    }
}

#[test]
fn ref_and_out_nullables_are_written_back() {
    setup();
    for start in [Some(0), Some(-1), Some(i32::MAX), None] {
        let mut x = start;
        Maybe::bump(&mut x).unwrap();
        assert_eq!(x, start.map(|v: i32| v.wrapping_add(1)));
    }
    let mut d = Some(2.5);
    Maybe::clear(&mut d).unwrap();
    assert_eq!(d, None);
    for (s, expected) in [
        ("42", Some(42i64)),
        ("-9", Some(-9)),
        ("x", None),
        ("9223372036854775807", Some(i64::MAX)),
    ] {
        let (ok, value, color) = Maybe::parse(Some(s)).unwrap();
        assert_eq!(ok, expected.is_some(), "{s}");
        assert_eq!(value, expected);
        assert_eq!(color, expected.map(|v| Color((v & 7) as i32)));
    }
    managed_tests::check_nullable_mirror();
}

#[test]
fn instance_methods_and_properties_take_and_return_nullables() {
    setup();
    let counter = Counter::new().unwrap();
    assert_eq!(counter.limit().unwrap(), None);
    assert_eq!(counter.add(None).unwrap(), Some(1));
    assert_eq!(counter.add(Some(5)).unwrap(), Some(6));
    counter.set_limit(Some(10)).unwrap();
    assert_eq!(counter.limit().unwrap(), Some(10));
    assert_eq!(counter.add(Some(4)).unwrap(), Some(10));
    assert_eq!(counter.add(None).unwrap(), None, "past the limit");
    counter.set_limit(None).unwrap();
    assert_eq!(counter.add(Some(-11)).unwrap(), Some(0));
}

#[test]
fn csharp_boxes_a_nullable_as_null_or_its_value() {
    setup();
    // C# boxes `int?` as null or a box of Int32, which unboxes as Int32.
    assert!(Counter::boxed_nullable(None).unwrap().is_none());
    let boxed = Counter::boxed_nullable(Some(42)).unwrap().expect("a box");
    assert_eq!(boxed.unbox::<cilbind::Int32>().unwrap(), cilbind::Int32(42));
    assert_eq!(Nullable::<i32>::unbox(Some(&boxed)).unwrap(), Nullable(Some(42)));
    // And Rust's boxing of a Nullable follows the same rule, which C#'s `(int?)o` accepts.
    assert!(Nullable::<i32>(None).box_value().unwrap().is_none());
    let ours = Nullable(Some(-9i32)).box_value().unwrap().expect("a box");
    assert_eq!(Counter::unbox_nullable(Some(&ours)).unwrap(), Some(-9));
    assert_eq!(Counter::unbox_nullable(None).unwrap(), None);
    assert_eq!(Nullable::<i32>::unbox(None).unwrap(), Nullable(None));
    // A box of another type is InvalidCast, in Rust as in C#.
    let long = Nullable(Some(5i64)).box_value().unwrap().expect("a box");
    assert!(matches!(
        Nullable::<i32>::unbox(Some(&long)),
        Err(Error::InvalidCast { .. })
    ));
    match Counter::unbox_nullable(Some(&long)) {
        Err(Error::ManagedException { type_name, .. }) => assert_eq!(type_name, "System.InvalidCastException"),
        other => panic!("expected C#'s InvalidCastException, got {other:?}"),
    }
}

#[test]
fn nullable_fields_read_and_write_what_csharp_sees() {
    setup();
    let c = Counter::new().unwrap();
    assert_eq!(
        (c.cap().unwrap(), c.flag().unwrap(), c.r#where().unwrap()),
        (None, None, None)
    );
    assert_eq!(c.fields().unwrap().as_deref(), Some("-|-|-|-"));
    c.set_cap(Some(-12)).unwrap();
    c.set_flag(Some(true)).unwrap();
    c.set_where(Some(Pt { x: 1.5, y: -0.25 })).unwrap();
    Counter::set_favourite(Some(Color::BLUE)).unwrap();
    assert_eq!(c.fields().unwrap().as_deref(), Some("-12|True|1.5,-0.25|Blue"));
    c.set_fields(Some(i32::MIN), Some(false), None, None).unwrap();
    assert_eq!(c.cap().unwrap(), Some(i32::MIN));
    assert_eq!(c.flag().unwrap(), Some(false));
    assert_eq!(c.r#where().unwrap(), None);
    assert_eq!(Counter::favourite().unwrap(), None);
    c.set_fields(None, None, Some(Pt { x: 3.0, y: 4.0 }), Some(Color::GREEN))
        .unwrap();
    assert_eq!((c.cap().unwrap(), c.flag().unwrap()), (None, None));
    assert_eq!(c.r#where().unwrap(), Some(Pt { x: 3.0, y: 4.0 }));
    assert_eq!(Counter::favourite().unwrap(), Some(Color::GREEN));
    c.set_cap(None).unwrap();
    assert_eq!(c.fields().unwrap().as_deref(), Some("-|-|3,4|Green"));

    let t = Tagged::default_value().unwrap();
    t.set_tag("t").unwrap();
    assert_eq!(t.id().unwrap(), None);
    for id in [0, -1, i64::MAX] {
        t.set_id(Some(id)).unwrap();
        assert_eq!(t.id().unwrap(), Some(id));
        assert_eq!(t.show().unwrap(), Some(format!("t:{id}")));
    }
    t.set_id(None).unwrap();
    assert_eq!(t.show().unwrap().as_deref(), Some("t:-"));
}

#[test]
fn a_struct_whose_layout_rust_cannot_mirror_crosses_as_a_handle() {
    setup();
    // `Stamp` holds no reference, but its `long?` field has no Rust mirror: a handle to its box.
    let s = Stamp::new(2, Some(40)).unwrap();
    assert_eq!(s.count().unwrap(), 2);
    assert_eq!(s.at().unwrap(), Some(40));
    let later = Stamp::later(&s, 2).unwrap();
    assert_eq!(later.show().unwrap().as_deref(), Some("3@42"));
    s.set_at(None).unwrap();
    assert_eq!(Stamp::later(&s, 5).unwrap().show().unwrap().as_deref(), Some("3@5"));
    assert_eq!(
        s.show().unwrap().as_deref(),
        Some("2@-"),
        "the handle's own box, changed in place"
    );
}

static COUNTER: TypeRef = TypeRef::new("Nullables", "Nulls", "Counter");
static CAP: cilbind::FieldRef = cilbind::FieldRef::new(&COUNTER, "Cap");

#[test]
fn a_nullable_field_of_another_type_is_refused() {
    setup();
    let c = Counter::new().unwrap();
    c.set_cap(Some(5)).unwrap();
    // `int?` read or written as `long?`, `Color?` or `short?`: InvalidCast, nothing copied.
    assert!(matches!(
        CAP.get_nullable::<i64>(Some(&c)),
        Err(Error::InvalidCast { .. })
    ));
    assert!(matches!(
        CAP.get_nullable::<Color>(Some(&c)),
        Err(Error::InvalidCast { .. })
    ));
    assert!(matches!(
        CAP.set_nullable(Some(&c), Some(1i64)),
        Err(Error::InvalidCast { .. })
    ));
    assert!(matches!(
        CAP.set_nullable(Some(&c), Some(1i16)),
        Err(Error::InvalidCast { .. })
    ));
    assert_eq!(c.cap().unwrap(), Some(5));
    // As a plain value or a reference it is refused too (the field holds a Nullable<Int32>).
    assert!(CAP.get::<i32>(Some(&c)).is_err());
    assert!(CAP.get_object::<Object>(Some(&c)).is_err());
    assert_eq!(CAP.get_nullable::<i32>(Some(&c)).unwrap(), Some(5));
}

static MAYBE: TypeRef = TypeRef::new("Nullables", "Nulls", "Maybe");
static TWICE: MethodRef = MethodRef::new(&MAYBE, "Twice", &["System.Nullable<System.Int32>"]);
static NEXT: MethodRef = MethodRef::new(&MAYBE, "Next", &["System.Nullable<Nulls.Color>"]);
static BUMP: MethodRef = MethodRef::by_pointer(&MAYBE, "Bump", &["System.Nullable<System.Int32>&"], 0b1);
static BUMP_BOXED: MethodRef = MethodRef::new(&MAYBE, "Bump", &["System.Nullable<System.Int32>&"]);
static SWAP: MethodRef = MethodRef::new(&MAYBE, "Swap", &["System.Nullable<Nulls.Pt>"]);

#[test]
fn a_box_of_another_type_for_a_nullable_parameter_is_refused() {
    setup();
    let twice = TWICE.thunk().unwrap();
    // Int64 and Int16 for `int?`: another size; Color for `int?`: the same size, still not an Int32.
    let long: Result<Nullable<i32>, _> = twice.call((Nullable(Some(5i64)),));
    assert!(
        matches!(long, Err(Error::InvalidArgument(ref m)) if m.contains("System.Int64") && m.contains("System.Int32")),
        "{long:?}"
    );
    let short: Result<Nullable<i32>, _> = twice.call((Nullable(Some(5i16)),));
    assert!(matches!(short, Err(Error::InvalidArgument(_))), "{short:?}");
    let color: Result<Nullable<i32>, _> = twice.call((Nullable(Some(Color::RED)),));
    assert!(matches!(color, Err(Error::InvalidArgument(_))), "{color:?}");
    // An object handle in that slot is checked the same way.
    let boxed = Nullable(Some(3i64)).box_value().unwrap().unwrap();
    let object: Result<Nullable<i32>, _> = twice.call((Some(&boxed),));
    assert!(matches!(object, Err(Error::InvalidArgument(_))), "{object:?}");
    // An Int32 for `Color?` (the enum's underlying type) is not a Color either.
    let next = NEXT.thunk().unwrap();
    let int: Result<Nullable<Color>, _> = next.call((Nullable(Some(1i32)),));
    assert!(matches!(int, Err(Error::InvalidArgument(_))), "{int:?}");
    // A Double's box would be read as a (larger) Pt: refused.
    let swap = SWAP.thunk().unwrap();
    let wrong: Result<Nullable<Pt>, _> = swap.call((Nullable(Some(1.5f64)),));
    assert!(matches!(wrong, Err(Error::InvalidArgument(_))), "{wrong:?}");
    // The right types still work through the same thunks.
    let ok: Nullable<i32> = twice.call((Nullable(Some(8i32)),)).unwrap();
    assert_eq!(ok, Nullable(Some(16)));
}

#[test]
fn a_ref_nullable_of_another_size_or_without_its_trampoline_is_refused() {
    setup();
    let bump = BUMP.thunk().unwrap();
    let mut long = Some(5i64);
    let r: Result<(), _> = bump.call((cilbind::RefNullable(&mut long),));
    assert!(matches!(r, Err(Error::InvalidArgument(_))), "{r:?}");
    let mut short = Some(5i16);
    let r: Result<(), _> = bump.call((cilbind::RefNullable(&mut short),));
    assert!(matches!(r, Err(Error::InvalidArgument(_))), "{r:?}");
    assert_eq!((long, short), (Some(5), Some(5)), "nothing written");
    // Through Mono's thunk the parameter is a box, which no RefNullable is.
    let mut int = Some(5i32);
    let r: Result<(), _> = BUMP_BOXED.thunk().unwrap().call((cilbind::RefNullable(&mut int),));
    assert!(matches!(r, Err(Error::InvalidArgument(_))), "{r:?}");
    let () = bump.call((cilbind::RefNullable(&mut int),)).unwrap();
    assert_eq!(int, Some(6));
}

#[test]
fn a_returned_box_read_as_another_type_is_an_error() {
    setup();
    let twice = TWICE.thunk().unwrap();
    let wrong: Result<Nullable<i64>, _> = twice.call((Nullable(Some(8i32)),));
    assert!(
        matches!(wrong, Err(Error::InvalidCast { ref to, .. }) if to.contains("Int64")),
        "{wrong:?}"
    );
    let as_float: Result<Nullable<f32>, _> = twice.call((Nullable(Some(8i32)),));
    assert!(matches!(as_float, Err(Error::InvalidCast { .. })), "{as_float:?}");
    // A null return is None whatever the Rust type: no value is read.
    let none: Nullable<i64> = twice.call((Nullable::<i32>(None),)).unwrap();
    assert_eq!(none, Nullable(None));
}

/// Generated bindings of mscorlib's `System.Globalization` (with the types they mention).
#[allow(dead_code, clippy::all)]
mod corlib {
    include!(concat!(env!("OUT_DIR"), "/corlib_globalization_bindings.rs"));
}

#[test]
fn mscorlib_returns_a_nullable_int_through_its_generated_binding() {
    setup();
    use corlib::system::globalization::CultureNotFoundException;
    corlib::init().expect("mscorlib bindings load");
    for id in [0, 1, -1, 0x7f, 0x0409, i32::MAX, i32::MIN] {
        let e = CultureNotFoundException::new_with_param_name_invalid_culture_id_message("name", id, "no such culture")
            .unwrap();
        assert_eq!(e.invalid_culture_id().unwrap(), Some(id), "culture id {id}");
    }
    // Made without an id: C# leaves the `int?` null.
    let e = CultureNotFoundException::new_with_param_name_message("name", "no such culture").unwrap();
    assert_eq!(e.invalid_culture_id().unwrap(), None);
}
