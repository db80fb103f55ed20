//! Bindings generated for an assembly nobody here wrote: Mono's System.Numerics.Vectors.
//! Results are compared with values computed independently in Rust.

use managed_tests::vectors::system::numerics::{Matrix4x4, Plane, Quaternion, Vector3};

fn setup() {
    managed_tests::start_with(managed_tests::vectors::init);
}

fn v3(x: f32, y: f32, z: f32) -> Vector3 {
    Vector3 { x, y, z }
}

fn close(a: f32, b: f32) -> bool {
    (a - b).abs() <= 1e-5 * (1.0 + a.abs().max(b.abs()))
}

fn rows(m: &Matrix4x4) -> [[f32; 4]; 4] {
    [
        [m.m11, m.m12, m.m13, m.m14],
        [m.m21, m.m22, m.m23, m.m24],
        [m.m31, m.m32, m.m33, m.m34],
        [m.m41, m.m42, m.m43, m.m44],
    ]
}

fn from_rows(r: [[f32; 4]; 4]) -> Matrix4x4 {
    Matrix4x4 {
        m11: r[0][0],
        m12: r[0][1],
        m13: r[0][2],
        m14: r[0][3],
        m21: r[1][0],
        m22: r[1][1],
        m23: r[1][2],
        m24: r[1][3],
        m31: r[2][0],
        m32: r[2][1],
        m33: r[2][2],
        m34: r[2][3],
        m41: r[3][0],
        m42: r[3][1],
        m43: r[3][2],
        m44: r[3][3],
    }
}

/// Row-vector convention, as System.Numerics uses: (A·B)[i][j] = Σk A[i][k]·B[k][j].
fn mul(a: [[f32; 4]; 4], b: [[f32; 4]; 4]) -> [[f32; 4]; 4] {
    let mut r = [[0.0; 4]; 4];
    for i in 0..4 {
        for j in 0..4 {
            r[i][j] = (0..4).map(|k| a[i][k] * b[k][j]).sum();
        }
    }
    r
}

#[test]
fn vector3_arithmetic_matches_rust() {
    setup();
    assert_eq!(std::mem::size_of::<Vector3>(), 12);
    let a = v3(1.0, -2.0, 3.5);
    let b = v3(0.25, 4.0, -1.0);
    assert_eq!(Vector3::add(&a, &b).unwrap(), v3(1.25, 2.0, 2.5));
    assert_eq!(Vector3::dot(&a, &b).unwrap(), 1.0 * 0.25 - 2.0 * 4.0 - 3.5);
    let c = Vector3::cross(&a, &b).unwrap();
    let rust_cross = v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
    assert_eq!(c, rust_cross);
    assert_eq!(c, v3(-12.0, 1.875, 4.5));
    assert!(close(a.length().unwrap(), (1.0f32 + 4.0 + 12.25).sqrt()));
    assert_eq!(Vector3::new(7.0, 8.0, 9.0).unwrap(), v3(7.0, 8.0, 9.0));
    assert_eq!(Vector3::unit_y().unwrap(), v3(0.0, 1.0, 0.0));
}

#[test]
fn matrix4x4_multiply_returns_64_bytes_and_matches_rust() {
    setup();
    assert_eq!(std::mem::size_of::<Matrix4x4>(), 64);
    let a = [
        [1.0, 2.0, 3.0, 4.0],
        [0.5, -1.0, 2.0, 0.0],
        [3.0, 0.0, 1.0, -2.0],
        [0.0, 1.5, -0.5, 1.0],
    ];
    let b = [
        [2.0, 0.0, 1.0, 0.0],
        [1.0, 1.0, 0.0, -1.0],
        [0.0, 3.0, 1.0, 2.0],
        [-1.0, 0.5, 0.0, 1.0],
    ];
    let product = Matrix4x4::multiply(&from_rows(a), &from_rows(b)).unwrap();
    assert_eq!(rows(&product), mul(a, b));
    let id = Matrix4x4::identity().unwrap();
    assert_eq!(rows(&Matrix4x4::multiply(&id, &from_rows(a)).unwrap()), a);
}

#[test]
fn matrix4x4_invert_writes_its_out_parameter() {
    setup();
    let a = [
        [2.0, 0.0, 0.0, 0.0],
        [0.0, 4.0, 0.0, 0.0],
        [0.0, 0.0, 0.5, 0.0],
        [1.0, 2.0, 3.0, 1.0],
    ];
    let (ok, inverse) = Matrix4x4::invert(&from_rows(a)).unwrap();
    assert!(ok);
    // A·A⁻¹ = I, computed in Rust.
    let product = mul(a, rows(&inverse));
    for (i, row) in product.iter().enumerate() {
        for (j, x) in row.iter().enumerate() {
            assert!(close(*x, if i == j { 1.0 } else { 0.0 }), "({i},{j}) = {x}");
        }
    }
    assert_eq!(inverse.m11, 0.5);
    assert_eq!(inverse.m41, -0.5);
    let singular = from_rows([
        [1.0, 2.0, 3.0, 4.0],
        [2.0, 4.0, 6.0, 8.0],
        [0.0; 4],
        [0.0, 0.0, 0.0, 1.0],
    ]);
    let (ok, _) = Matrix4x4::invert(&singular).unwrap();
    assert!(!ok, "a singular matrix has no inverse");
}

#[test]
fn quaternion_rotation_matches_rust() {
    setup();
    let angle = std::f32::consts::FRAC_PI_2;
    let axis = v3(0.0, 0.0, 1.0);
    let q = Quaternion::create_from_axis_angle(&axis, angle).unwrap();
    let (s, c) = (angle / 2.0).sin_cos();
    assert!(
        close(q.x, 0.0) && close(q.y, 0.0) && close(q.z, s) && close(q.w, c),
        "{q:?}"
    );
    // Rotating X by 90° about Z gives Y, both through the quaternion and through the matrix.
    let x = v3(1.0, 0.0, 0.0);
    let by_q = Vector3::transform_with_value_rotation(&x, &q).unwrap();
    assert!(
        close(by_q.x, 0.0) && close(by_q.y, 1.0) && close(by_q.z, 0.0),
        "{by_q:?}"
    );
    let m = Matrix4x4::create_from_quaternion(&q).unwrap();
    let by_m = Vector3::transform_with_position_matrix(&x, &m).unwrap();
    assert!(
        close(by_m.x, 0.0) && close(by_m.y, 1.0) && close(by_m.z, 0.0),
        "{by_m:?}"
    );
    let rz = Matrix4x4::create_rotation_z(angle).unwrap();
    for (r1, r2) in rows(&m).iter().zip(rows(&rz).iter()) {
        for (a, b) in r1.iter().zip(r2) {
            assert!(close(*a, *b));
        }
    }
    // q·q is a 180° rotation: (0, 0, 1, 0) up to rounding.
    let qq = Quaternion::multiply(&q, &q).unwrap();
    assert!(close(qq.z, 1.0) && close(qq.w, 0.0), "{qq:?}");
}

/// Methods whose IL never writes through `this` take `&self`, so they are called on values
/// that are not `mut`; the values are unchanged afterwards and the results match Rust's.
#[test]
fn read_only_methods_take_shared_references() {
    setup();
    let a = v3(2.0, -3.0, 6.0);
    let b = v3(2.0, -3.0, 6.0);
    assert_eq!(a.length().unwrap(), 7.0);
    assert_eq!(a.length_squared().unwrap(), 49.0);
    assert!(a.equals(&b).unwrap());
    assert!(!a.equals(&v3(2.0, -3.0, 6.5)).unwrap());
    assert_eq!(a.get_hash_code().unwrap(), b.get_hash_code().unwrap());
    assert_eq!(a.to_string_net().unwrap().as_deref(), Some("<2, -3, 6>"));
    a.copy_to(Some(&[0.0f32; 3][..])).unwrap();
    assert_eq!(a, v3(2.0, -3.0, 6.0), "a read-only call leaves the value alone");

    let q = Quaternion {
        x: 1.0,
        y: 2.0,
        z: 2.0,
        w: 4.0,
    };
    assert_eq!(q.length().unwrap(), 5.0);
    assert_eq!(q.length_squared().unwrap(), 25.0);
    assert!(!q.is_identity().unwrap());
    assert!(q.equals(&q).unwrap());

    let m = from_rows([
        [2.0, 0.0, 0.0, 0.0],
        [0.0, 3.0, 0.0, 0.0],
        [0.0, 0.0, 4.0, 0.0],
        [1.0, 2.0, 3.0, 1.0],
    ]);
    // Triangular: the determinant is the product of the diagonal.
    assert_eq!(m.get_determinant().unwrap(), 2.0 * 3.0 * 4.0 * 1.0);
    assert!(m.equals(&m).unwrap());
    assert!(!m.is_identity().unwrap());
    assert!(Matrix4x4::identity().unwrap().is_identity().unwrap());
    assert_eq!(m.translation().unwrap(), v3(1.0, 2.0, 3.0));
    assert_eq!(m.get_hash_code().unwrap(), from_rows(rows(&m)).get_hash_code().unwrap());
}

/// `Vector<T>`, a generic value type (its layout depends on `T`: held by handle), and the
/// generic methods of the static class `Vector` over it, instantiated here for `f32`, `i32`
/// and `f64`; results computed again in Rust.
mod generic_vector {
    use managed_tests::vectors::system::numerics::{Vector, Vector1};

    #[test]
    fn vector_of_t_lanes_arithmetic_and_generic_dot() {
        super::setup();
        let lanes = Vector1::<f32>::count().unwrap();
        assert!(lanes >= 1, "Vector<float>.Count = {lanes}");
        let a = Vector1::<f32>::new_with_value(1.5).unwrap();
        let b = Vector1::<f32>::new_with_value(-4.0).unwrap();
        for i in 0..lanes {
            assert_eq!(a.item(i).unwrap(), 1.5);
        }
        let sum = Vector1::<f32>::op_addition(&a, &b).unwrap();
        for i in 0..lanes {
            assert_eq!(sum.item(i).unwrap(), 1.5 + -4.0);
        }
        // `Vector.Dot<T>` (a generic method) over `Vector<T>` (a generic struct).
        let expected: f32 = (0..lanes).map(|_| 1.5f32 * -4.0).sum();
        assert_eq!(Vector::dot::<f32>(&a, &b).unwrap(), expected);
        let ints = Vector::add::<i32>(
            &Vector1::<i32>::new_with_value(7).unwrap(),
            &Vector1::<i32>::new_with_value(5).unwrap(),
        )
        .unwrap();
        for i in 0..Vector1::<i32>::count().unwrap() {
            assert_eq!(ints.item(i).unwrap(), 12);
        }
        // An index past the lanes is the managed exception, as an error.
        assert!(a.item(lanes).is_err());
        // Each element type is its own closed struct.
        let d = Vector1::<f64>::new_with_value(0.25).unwrap();
        assert_eq!(
            Vector::dot::<f64>(&d, &d).unwrap(),
            (0..Vector1::<f64>::count().unwrap()).map(|_| 0.0625).sum::<f64>()
        );
    }
}

/// `Plane.Equals(Plane)` and `Plane.GetHashCode()` only read: their IL calls `Normal.Equals`
/// and `Normal.GetHashCode()` on the `Vector3` field, which the analysis follows into
/// `Vector3`'s own IL. So they take `&self`, and work on a `let` binding (E0596 before).
#[test]
fn a_plane_compares_and_hashes_through_a_shared_reference() {
    setup();
    let p = Plane {
        normal: v3(0.0, 1.0, 0.0),
        d: 2.0,
    };
    let same = p;
    let other = Plane { d: 3.0, ..p };
    assert!(p.equals(&same).unwrap());
    assert!(!p.equals(&other).unwrap());
    assert_eq!(p.get_hash_code().unwrap(), same.get_hash_code().unwrap());
    // The call worked on a copy: the value is unchanged.
    assert_eq!((p.normal.y, p.d), (1.0, 2.0));
}
