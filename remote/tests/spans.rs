//! `Span<T>` and `ReadOnlySpan<T>` parameters (`fixtures/Spans.cs`) on a remote runtime: the
//! slice crosses as its elements' bytes, the server lends a copy to the span for the call, and
//! what C# wrote into a writable span is copied back into the slice. The same calls as the
//! local `managed-tests/tests/span.rs`, with the same results; slices of another element type
//! are refused before the call; a call that throws leaves the slice as it was; nothing is left
//! behind on the server. One test: a process is the client of one connection at a time.

mod common;

use cilbind::remote::pipelined;
use cilbind::{Boolean, Char, Error, MethodRef, TypeRef};
use managed_tests::spans::spans::{Acc, Level, Sum2, G, P, S};

static S_TYPE: TypeRef = TypeRef::new("Spans", "Spans", "S");
static FILL: MethodRef = MethodRef::new(&S_TYPE, "Fill", &["System.Span<System.Single>", "System.Single"]).spans(0b1);
static SLICE: MethodRef = MethodRef::new(&S_TYPE, "Slice", &["System.Span<System.Int32>"]).spans(0b1);

#[test]
fn spans_cross_to_a_remote_runtime() -> cilbind::Result<()> {
    // A second round leaves nothing more behind on the server than the first.
    common::play_twice("Spans", managed_tests::spans::FUNCTIONS, play)
}

fn play() -> cilbind::Result<()> {
    // Read-only spans see the whole slice, and only it.
    let values: Vec<i32> = (0..1000).map(|i| i * 7 - 3000).collect();
    for n in [0, 1, 17, 1000] {
        let expected = values[..n].iter().fold(0i32, |a, &b| a.wrapping_add(b));
        assert_eq!(S::sum(&values[..n])?, expected, "sum of {n}");
    }
    assert_eq!(S::sum(&values[10..13])?, values[10] + values[11] + values[12]);
    assert_eq!(S::length(&vec![0u8; 65_536])?, 65_536);
    let flags: Vec<Boolean> = [true, false, true, true, false].map(Boolean::from).to_vec();
    assert_eq!(S::count_true(&flags)?, 3);

    // Writable spans: C#'s writes land in the Rust slice, and only in the part lent.
    let mut buf = vec![1.5f32; 64];
    S::fill(&mut buf[8..24], -2.25)?;
    for (i, v) in buf.iter().enumerate() {
        let expected = if (8..24).contains(&i) { -2.25 } else { 1.5 };
        assert_eq!(*v, expected, "element {i}");
    }
    let mut points = vec![P { x: 1.0, y: -2.0 }, P { x: 0.5, y: 4.0 }];
    S::scale(&mut points, 3.0)?;
    assert_eq!(points, vec![P { x: 3.0, y: -6.0 }, P { x: 1.5, y: 12.0 }]);
    let mut levels = vec![Level::LOW, Level::HIGH, Level(7)];
    S::flip(&mut levels)?;
    assert_eq!(levels, vec![Level::HIGH, Level::LOW, Level::LOW]);
    let text = "héllo, wörld";
    let mut chars: Vec<Char> = text.encode_utf16().map(Char).collect();
    S::reverse(&mut chars)?;
    let reversed: Vec<u16> = chars.iter().map(|c| c.0).collect();
    assert_eq!(
        String::from_utf16(&reversed).unwrap(),
        text.chars().rev().collect::<String>()
    );
    S::fill(&mut [], 1.0)?;

    // A void call with a writable span in a pipelined scope is still waited for.
    let mut tail = [0f32; 3];
    pipelined(|| S::fill(&mut tail, 9.5))?;
    assert_eq!(tail, [9.5; 3]);

    // Two spans and a scalar between them.
    let a: Vec<i32> = (1..=50).collect();
    let b: Vec<i32> = (1..=50).map(|i| 100 - i * 3).collect();
    let expected: i64 = -7
        + a.iter()
            .zip(&b)
            .map(|(&x, &y)| i64::from(x) * i64::from(y))
            .sum::<i64>();
    assert_eq!(S::dot(&a, -7, &b)?, expected);
    match S::dot(&a[..3], 0, &b[..4]) {
        Err(Error::ManagedException { type_name, .. }) => assert_eq!(type_name, "System.ArgumentException"),
        other => panic!("expected C#'s ArgumentException, got {other:?}"),
    }

    // A write past the span throws on the server; the slice is as it was.
    let mut four = [5i32, 6, 7, 8];
    match S::overrun(&mut four[..2]) {
        Err(Error::ManagedException { type_name, .. }) => assert_eq!(type_name, "System.IndexOutOfRangeException"),
        other => panic!("expected IndexOutOfRangeException, got {other:?}"),
    }
    assert_eq!(four, [5, 6, 7, 8]);

    // Instance methods: a class's on the server's object, a struct's on the value, written back.
    let acc = Acc::new()?;
    acc.add(&[1, 2, 3])?;
    acc.add(&[i64::MAX - 6])?;
    assert_eq!(acc.total()?, i64::MAX);
    let mut sum = Sum2 { a: 0.5 };
    sum.add_all(&[1.0, 2.0, -0.25])?;
    assert_eq!(sum.a, 0.5 + 1.0 + 2.0 - 0.25);

    // A generic method's spans, instantiated there for the Rust type argument.
    assert_eq!(G::count::<i32>(&[3, 1, 3, 3, -7, 0, 3], 3)?, 4);
    assert_eq!(G::count::<u8>(b"abracadabra", b'a')?, 5);
    let mut longs: Vec<i64> = (0..9).map(|i| i * i - 20).collect();
    let mut reversed = longs.clone();
    reversed[2..7].reverse();
    G::reverse::<i64>(&mut longs[2..7])?;
    assert_eq!(longs, reversed);
    let mut to = [0u16; 6];
    assert_eq!(G::copy_into::<u16>(&[10, 20, 30], 2, &mut to)?, 3);
    assert_eq!(to, [0, 0, 10, 20, 30, 0]);
    let mut short = [0u16; 3];
    assert!(matches!(
        G::copy_into::<u16>(&[1, 2, 3], 1, &mut short),
        Err(Error::ManagedException { .. })
    ));
    assert_eq!(short, [0; 3]);
    assert_eq!(G::bytes::<P>(&points)?, 16);

    // A span result cannot cross; a slice of another element type is refused before the call.
    let r: cilbind::Result<()> = SLICE.call((&mut [1, 2, 3][..],));
    match r {
        Err(Error::Unsupported(m)) => assert!(m.contains("returns a reference or a span"), "{m}"),
        other => panic!("expected Unsupported, got {other:?}"),
    }
    let mut bytes = [0u8; 4];
    let r: cilbind::Result<()> = FILL.call((&mut bytes[..], 1.0f32));
    match r {
        Err(Error::InvalidArgument(m)) => assert!(m.contains("System.Byte"), "{m}"),
        other => panic!("expected InvalidArgument, got {other:?}"),
    }
    assert_eq!(bytes, [0; 4]);
    // A shared slice lent to a writable span: C#'s writes never reach it, and the call says so.
    let shared = [0f32; 2];
    let r: cilbind::Result<()> = FILL.call((&shared[..], 1.0f32));
    assert!(matches!(r, Err(Error::InvalidArgument(_))), "{r:?}");
    assert_eq!(shared, [0.0; 2]);
    Ok(())
}
