//! `Span<T>` and `ReadOnlySpan<T>` parameters in generated bindings (`fixtures/Spans.cs`):
//! `&mut [T]` and `&[T]` lent to the span for the call, through a trampoline that makes the
//! span from the slice's pointer and length. Results are checked against the same computation
//! in Rust; writes land in the Rust slice. Through the runtime's safe API, a slice of another
//! element size, a shared slice for a writable span, a span parameter without its trampoline
//! bit and spans of managed element types are errors, never calls. A span of a generic
//! method's type parameter is a slice of a blittable Rust type argument, the method
//! instantiated for it. mscorlib's own `BinaryPrimitives` is called through its generated
//! bindings.

use cilbind::{Boolean, Char, Error, MethodRef, TypeRef};
use managed_tests::spans::spans::{Acc, Level, Sum2, G, P, S};

fn setup() {
    managed_tests::start_with(managed_tests::spans::init);
}

#[test]
fn read_only_spans_see_the_whole_slice() {
    setup();
    let values: Vec<i32> = (0..1000).map(|i| i * 7 - 3000).collect();
    for n in [0, 1, 2, 17, 1000] {
        let expected = values[..n].iter().fold(0i32, |a, &b| a.wrapping_add(b));
        assert_eq!(S::sum(&values[..n]).unwrap(), expected, "sum of {n}");
    }
    // A sub-slice starts where the slice starts, not at the allocation's start.
    assert_eq!(S::sum(&values[10..13]).unwrap(), values[10] + values[11] + values[12]);
    for n in [0usize, 1, 255, 65_536] {
        assert_eq!(S::length(&vec![0u8; n]).unwrap(), n as i32);
    }
    let flags: Vec<Boolean> = [true, false, true, true, false].map(Boolean::from).to_vec();
    assert_eq!(S::count_true(&flags).unwrap(), 3);
}

#[test]
fn writable_spans_write_into_the_rust_slice() {
    setup();
    let mut buf = vec![1.5f32; 64];
    S::fill(&mut buf[8..24], -2.25).unwrap();
    for (i, v) in buf.iter().enumerate() {
        let expected = if (8..24).contains(&i) { -2.25 } else { 1.5 };
        assert_eq!(*v, expected, "element {i}: only the lent part is written");
    }
    let mut points = vec![P { x: 1.0, y: -2.0 }, P { x: 0.5, y: 4.0 }, P { x: -3.0, y: 0.0 }];
    let expected: Vec<P> = points
        .iter()
        .map(|p| P {
            x: p.x * 3.0,
            y: p.y * 3.0,
        })
        .collect();
    S::scale(&mut points, 3.0).unwrap();
    assert_eq!(points, expected);
    let mut levels = vec![Level::LOW, Level::HIGH, Level::HIGH, Level(7)];
    S::flip(&mut levels).unwrap();
    assert_eq!(levels, vec![Level::HIGH, Level::LOW, Level::LOW, Level::LOW]);
    let text = "héllo, wörld";
    let mut chars: Vec<Char> = text.encode_utf16().map(Char).collect();
    S::reverse(&mut chars).unwrap();
    let reversed: Vec<u16> = chars.iter().map(|c| c.0).collect();
    assert_eq!(
        String::from_utf16(&reversed).unwrap(),
        text.chars().rev().collect::<String>()
    );
    S::fill(&mut [], 1.0).unwrap();
}

#[test]
fn several_spans_keep_their_positions_and_lengths() {
    setup();
    let a: Vec<i32> = (1..=50).collect();
    let b: Vec<i32> = (1..=50).map(|i| 100 - i * 3).collect();
    for n in [0, 1, 9, 50] {
        let expected: i64 = -7
            + a[..n]
                .iter()
                .zip(&b[..n])
                .map(|(&x, &y)| i64::from(x) * i64::from(y))
                .sum::<i64>();
        assert_eq!(S::dot(&a[..n], -7, &b[..n]).unwrap(), expected);
    }
    match S::dot(&a[..3], 0, &b[..4]) {
        Err(Error::ManagedException { type_name, .. }) => assert_eq!(type_name, "System.ArgumentException"),
        other => panic!("expected C#'s ArgumentException, got {other:?}"),
    }
}

#[test]
fn a_write_past_the_span_is_an_exception_not_a_write() {
    setup();
    let mut values = [5i32, 6, 7, 8];
    match S::overrun(&mut values[..2]) {
        Err(Error::ManagedException { type_name, .. }) => assert_eq!(type_name, "System.IndexOutOfRangeException"),
        other => panic!("expected IndexOutOfRangeException, got {other:?}"),
    }
    assert_eq!(values, [5, 6, 7, 8], "the element past the span is untouched");
}

#[test]
fn instance_and_struct_methods_take_spans() {
    setup();
    let acc = Acc::new().unwrap();
    acc.add(&[1, 2, 3]).unwrap();
    acc.add(&[i64::MAX - 6]).unwrap();
    assert_eq!(acc.total().unwrap(), i64::MAX);
    let mut s = Sum2 { a: 0.5 };
    s.add_all(&[1.0, 2.0, -0.25]).unwrap();
    assert_eq!(s.a, 0.5 + 1.0 + 2.0 - 0.25);
}

#[test]
fn spans_of_a_method_type_parameter_are_slices_of_the_type_argument() {
    setup();
    // `ReadOnlySpan<T>` with `T: IEquatable<T>`, per element type.
    let ints = [3, 1, 3, 3, -7, 0, 3];
    assert_eq!(G::count::<i32>(&ints, 3).unwrap(), 4);
    assert_eq!(G::count::<i32>(&ints[1..5], 3).unwrap(), 2);
    assert_eq!(G::count::<i32>(&[], 3).unwrap(), 0);
    let doubles = [0.5f64, -0.0, 0.0, 2.5];
    // C#'s Double.Equals: -0.0 equals 0.0.
    assert_eq!(G::count::<f64>(&doubles, 0.0).unwrap(), 2);
    assert_eq!(G::count::<u8>(b"abracadabra", b'a').unwrap(), 5);
    // `Span<T>` written in place: the Rust slice sees C#'s writes, and only the lent part.
    let mut longs: Vec<i64> = (0..9).map(|i| i * i - 20).collect();
    let mut expected = longs.clone();
    expected[2..7].reverse();
    G::reverse::<i64>(&mut longs[2..7]).unwrap();
    assert_eq!(longs, expected);
    let mut points = vec![P { x: 1.0, y: 2.0 }, P { x: 3.0, y: 4.0 }, P { x: -5.0, y: 6.5 }];
    G::reverse::<P>(&mut points).unwrap();
    assert_eq!(
        points,
        vec![P { x: -5.0, y: 6.5 }, P { x: 3.0, y: 4.0 }, P { x: 1.0, y: 2.0 }]
    );
    // Two spans of the same type parameter, a scalar between them.
    let mut to = [0u16; 6];
    assert_eq!(G::copy_into::<u16>(&[10, 20, 30], 2, &mut to).unwrap(), 3);
    assert_eq!(to, [0, 0, 10, 20, 30, 0]);
    // Past the end of the target: C#'s own check throws, nothing is written.
    let mut short = [0u16; 3];
    match G::copy_into::<u16>(&[1, 2, 3], 1, &mut short) {
        Err(Error::ManagedException { type_name, .. }) => assert_eq!(type_name, "System.ArgumentException"),
        other => panic!("expected ArgumentException, got {other:?}"),
    }
    assert_eq!(short, [0; 3]);
    // C# sees the instantiation's element size.
    assert_eq!(G::bytes::<i16>(&[1, 2, 3]).unwrap(), 6);
    assert_eq!(G::bytes::<P>(&points).unwrap(), 24);
    assert_eq!(G::bytes::<Level>(&[Level::LOW]).unwrap(), 2);
}

#[test]
fn a_type_argument_outside_the_method_s_constraints_is_an_error() {
    setup();
    // `P` does not implement `IEquatable<P>`: Mono refuses the instantiation.
    match G::count::<P>(&[P { x: 0.0, y: 0.0 }], &P { x: 0.0, y: 0.0 }) {
        Err(Error::InvalidArgument(m)) => assert!(m.contains("Count"), "{m}"),
        other => panic!("expected InvalidArgument, got {other:?}"),
    }
}

static S_TYPE: TypeRef = TypeRef::new("Spans", "Spans", "S");
static FILL: MethodRef = MethodRef::new(&S_TYPE, "Fill", &["System.Span<System.Single>", "System.Single"]).spans(0b1);
static FILL_NO_SPAN_BIT: MethodRef = MethodRef::new(&S_TYPE, "Fill", &["System.Span<System.Single>", "System.Single"]);
static FILL_SPAN_BIT_ON_FLOAT: MethodRef =
    MethodRef::new(&S_TYPE, "Fill", &["System.Span<System.Single>", "System.Single"]).spans(0b11);
static NAMES: MethodRef = MethodRef::new(&S_TYPE, "Names", &["System.Span<Spans.Named>"]).spans(0b1);
static STRINGS: MethodRef = MethodRef::new(&S_TYPE, "Strings", &["System.Span<System.String>"]).spans(0b1);

#[test]
fn slices_that_do_not_fit_the_span_are_refused() {
    setup();
    let fill = FILL.thunk().unwrap();
    // Bytes for floats: the callee would write four times past the slice.
    let mut bytes = [0u8; 4];
    let r: Result<(), _> = fill.call((&mut bytes[..], 1.0f32));
    assert!(matches!(r, Err(Error::InvalidArgument(_))), "{r:?}");
    assert_eq!(bytes, [0; 4]);
    // Doubles for floats: another size too.
    let r: Result<(), _> = fill.call((&mut [0f64; 2][..], 1.0f32));
    assert!(matches!(r, Err(Error::InvalidArgument(_))), "{r:?}");
    // A shared slice for a writable span.
    let shared = [0f32; 3];
    let r: Result<(), _> = fill.call((&shared[..], 1.0f32));
    assert!(matches!(r, Err(Error::InvalidArgument(_))), "{r:?}");
    assert_eq!(shared, [0.0; 3]);
    // The right slice works through the same thunk; u32 has f32's size and every bit pattern.
    let mut ok = [0f32; 3];
    let () = fill.call((&mut ok[..], 4.0f32)).unwrap();
    assert_eq!(ok, [4.0; 3]);
    let mut bits = [0u32; 2];
    let () = fill.call((&mut bits[..], 1.0f32)).unwrap();
    assert_eq!(bits, [1.0f32.to_bits(); 2]);
}

#[test]
fn spans_without_their_trampoline_or_of_managed_elements_are_refused() {
    setup();
    // Without the span bit, Mono's thunk would box the span: no argument type matches.
    let thunk = FILL_NO_SPAN_BIT.thunk().unwrap();
    let r: Result<(), _> = thunk.call((&mut [0f32; 2][..], 1.0f32));
    assert!(matches!(r, Err(Error::InvalidArgument(_))), "{r:?}");
    // A span bit on a parameter that is not a span.
    assert!(matches!(FILL_SPAN_BIT_ON_FLOAT.thunk(), Err(Error::InvalidArgument(_))));
    // Spans of references, or of structs holding one, would let the GC read Rust memory.
    assert!(matches!(STRINGS.thunk(), Err(Error::InvalidArgument(_))));
    match NAMES.thunk() {
        Err(Error::Unsupported(m)) => assert!(m.contains("not a span of an unmanaged type"), "{m}"),
        Err(other) => panic!("expected Unsupported, got {other:?}"),
        Ok(_) => panic!("a span of a managed struct got a trampoline"),
    }
}

/// Generated bindings of mscorlib's `System.Buffers.Binary` (with the types they mention).
#[allow(dead_code, clippy::all)]
mod corlib {
    include!(concat!(env!("OUT_DIR"), "/corlib_binary_bindings.rs"));
}

#[test]
fn mscorlib_binary_primitives_read_and_write_through_generated_span_bindings() {
    setup();
    use corlib::system::buffers::binary::BinaryPrimitives as Bp;
    corlib::init().expect("mscorlib bindings load");
    for v in [0i32, 1, -1, 0x1234_5678, i32::MIN, i32::MAX] {
        assert_eq!(Bp::read_int32_big_endian(&v.to_be_bytes()).unwrap(), v);
        assert_eq!(Bp::read_int32_little_endian(&v.to_le_bytes()).unwrap(), v);
        let mut buf = [0u8; 6];
        Bp::write_int32_big_endian(&mut buf[1..5], v).unwrap();
        assert_eq!(buf[1..5], v.to_be_bytes());
        assert_eq!((buf[0], buf[5]), (0, 0));
    }
    for v in [0u64, 1, u64::MAX, 0x0102_0304_0506_0708] {
        let mut buf = [0u8; 8];
        Bp::write_u_int64_little_endian(&mut buf, v).unwrap();
        assert_eq!(buf, v.to_le_bytes());
        assert_eq!(Bp::read_u_int64_big_endian(&v.to_be_bytes()).unwrap(), v);
    }
    // Too short a span: C# throws, and nothing is read past the slice.
    match Bp::read_int64_big_endian(&[1, 2, 3]) {
        Err(Error::ManagedException { type_name, .. }) => assert_eq!(type_name, "System.ArgumentOutOfRangeException"),
        other => panic!("expected ArgumentOutOfRangeException, got {other:?}"),
    }
}
