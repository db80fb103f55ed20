//! Property tests of the bindings of System.Numerics.Vectors (`cargo test` here; CI runs
//! it): every struct boxes and unboxes bit for bit through each type it boxes to, and every
//! method translated into Rust gives what Mono gives, 10,000 cases each.

mod vectors {
    include!(concat!(env!("OUT_DIR"), "/vectors_checked.rs"));
}

use cilbind::check::{Checker, Failure};
use vectors::system::numerics::{Matrix3x2, Matrix4x4, Plane, Quaternion, Vector2, Vector3, Vector4};

fn checker() -> Checker {
    vectors::init().expect("System.Numerics.Vectors loads");
    Checker::new().cases(10_000)
}

#[test]
fn every_struct_round_trips_through_every_box() -> Result<(), Failure> {
    let c = checker();
    c.box_to_each::<Vector2>()?;
    c.box_to_each::<Vector3>()?;
    c.box_to_each::<Vector4>()?;
    c.box_to_each::<Quaternion>()?;
    c.box_to_each::<Plane>()?;
    c.box_to_each::<Matrix3x2>()?;
    c.box_to_each::<Matrix4x4>()?;
    Ok(())
}

#[test]
fn every_translated_method_equals_mono() -> Result<(), Failure> {
    let c = checker();
    c.translated_methods::<Vector2>()?;
    c.translated_methods::<Vector3>()?;
    c.translated_methods::<Vector4>()?;
    c.translated_methods::<Quaternion>()?;
    c.translated_methods::<Plane>()?;
    c.translated_methods::<Matrix3x2>()?;
    c.translated_methods::<Matrix4x4>()?;
    Ok(())
}
