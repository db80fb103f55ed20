//! The README's example: System.Numerics.Vectors, Json.NET's Linq and mscorlib's `List<T>`
//! driven from Rust (`cargo run` here; CI runs it).

mod vectors {
    include!(concat!(env!("OUT_DIR"), "/vectors.rs"));
}
mod json {
    include!(concat!(env!("OUT_DIR"), "/json.rs"));
}
mod collections {
    include!(concat!(env!("OUT_DIR"), "/collections.rs"));
}

use cilbind::native::NativeResult;
use collections::system::collections::generic::{IComparer, IComparerImpl, List};
use collections::system::Comparison;
use json::newtonsoft::json::linq::JObject;
use vectors::system::numerics::{Matrix4x4, Vector3};

/// Orders integers by their last decimal digit.
struct ByLastDigit;

impl IComparerImpl<i32> for ByLastDigit {
    fn compare(&self, x: i32, y: i32) -> NativeResult<i32> {
        Ok((x % 10).cmp(&(y % 10)) as i32)
    }
}

fn main() -> Result<(), cilbind::Error> {
    vectors::init()?; // starts Mono, loads the assembly, checks layouts and signatures
    json::init()?;
    collections::init()?;

    // Full structs are plain Rust values; their methods run in C# (or in Rust, translated).
    let v = Vector3::new(1.0, 2.0, 3.0)?;
    let m = Matrix4x4::create_scale_with_scale(2.0)?;
    let scaled = Vector3::transform_with_position_matrix(&v, &m)?;
    assert_eq!(scaled, Vector3::new(2.0, 4.0, 6.0)?);
    assert_eq!(m.get_determinant()?, 8.0); // M44 stays 1

    // Classes are handles; strings go in as `&str`.
    let doc = JObject::parse(r#"{"name": "arena", "players": 4}"#)?.expect("Parse returns an object");
    let players = doc.get_value("players")?.expect("the key is there");
    assert_eq!(i32::try_from(&players)?, 4); // C#'s explicit (int) conversion
    println!("{doc}"); // ToString(): the JSON, indented

    // Generic types, a delegate from a closure, and a C# interface implemented in Rust.
    let list = List::<i32>::new()?;
    for n in [31, 5, 12, 43] {
        list.add(n)?;
    }
    let descending = Comparison::<i32>::from_fn(|a, b| Ok(b.cmp(&a) as i32))?;
    list.sort_with_comparison(Some(&descending))?;
    assert_eq!(list.item(0)?, 43);
    list.sort_with_comparer(Some(&IComparer::<i32>::implement(ByLastDigit)?))?;
    assert_eq!(list.item(0)?, 31);
    println!("ok: {scaled:?}");
    Ok(())
}
