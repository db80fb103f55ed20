//! Unmanaged pointer parameters in generated bindings (`fixtures/Pointers.cs`): each method
//! with a `T*` parameter is an `unsafe fn` taking `*mut T`, and a method whose pointer is
//! followed by its length (`int count`, `long length`, `int size`) also gets a safe `_slice`
//! overload. Every result is checked against the same arithmetic done in Rust.

use managed_tests::pointers::ptrs::{Raw, P2};

fn setup() {
    managed_tests::start_with(managed_tests::pointers::init);
}

#[test]
fn unsafe_fns_read_and_write_through_struct_pointers() {
    setup();
    let cases = [(1, 2, 30, 40), (-5, 7, 5, -7), (i32::MAX, 0, 1, i32::MIN)];
    for (ax, ay, bx, by) in cases {
        let (mut a, mut b) = (P2 { x: ax, y: ay }, P2 { x: bx, y: by });
        let mut r = P2 { x: 0, y: 0 };
        // SAFETY: Raw.Add reads one P2 through each of its first two pointers and writes one
        // through the third; each points to a live, distinct P2.
        unsafe { Raw::add(&mut a, &mut b, &mut r) }.unwrap();
        // C#'s `+` on int wraps (unchecked context), as `wrapping_add` does.
        assert_eq!(
            r,
            P2 {
                x: ax.wrapping_add(bx),
                y: ay.wrapping_add(by)
            }
        );
        assert_eq!((a, b), (P2 { x: ax, y: ay }, P2 { x: bx, y: by }), "inputs unchanged");
    }
}

#[test]
fn a_full_struct_method_takes_a_pointer_through_its_trampoline() {
    setup();
    let p = P2 { x: 3, y: -4 };
    let mut target = P2 { x: 10, y: 20 };
    // SAFETY: P2.AddTo reads and writes one P2 through `target`, which points to a live P2.
    unsafe { p.add_to(&mut target) }.unwrap();
    assert_eq!(target, P2 { x: 13, y: 16 });
    assert_eq!(p, P2 { x: 3, y: -4 });
}

#[test]
fn sum_reads_count_ints_through_the_pointer_and_the_slice() {
    setup();
    let mut values: Vec<i32> = (0..100).map(|i| i * i - 50).collect();
    for n in [0, 1, 7, 100] {
        let expected: i32 = values[..n].iter().sum();
        // SAFETY: Raw.Sum reads `count` ints from `values`, and `n` ints are there.
        let raw = unsafe { Raw::sum(values.as_mut_ptr(), n as i32) }.unwrap();
        assert_eq!(raw, expected, "sum of the first {n}");
        assert_eq!(Raw::sum_slice(&mut values[..n]).unwrap(), expected, "slice of {n}");
    }
    assert_eq!(Raw::sum_slice(&mut []).unwrap(), 0);
}

#[test]
fn scale_writes_through_the_slice_with_a_long_length() {
    setup();
    let mut values = [1.5, -2.0, 0.0, 1e300, f64::INFINITY];
    let expected: Vec<u64> = values.iter().map(|v| (v * -3.0f64).to_bits()).collect();
    Raw::scale_slice(&mut values, -3.0).unwrap();
    let got: Vec<u64> = values.iter().map(|v| v.to_bits()).collect();
    assert_eq!(got, expected);
    // Only the slice's elements are touched.
    let mut values = [1.0, 2.0, 3.0];
    Raw::scale_slice(&mut values[..2], 10.0).unwrap();
    assert_eq!(values, [10.0, 20.0, 3.0]);
}

#[test]
fn void_pointers_cross_as_c_void() {
    setup();
    let mut bytes = [0u8; 16];
    // SAFETY: Raw.Fill writes `size` bytes through `bytes`; 8 of the 16 are requested.
    unsafe { Raw::fill(bytes.as_mut_ptr().cast(), 8, 0xAB) }.unwrap();
    assert_eq!(bytes[..8], [0xAB; 8]);
    assert_eq!(bytes[8..], [0; 8], "nothing past `size` is written");
}
