//! Smoke program: starts Mono, calls a few C# methods of mscorlib through the raw-call shim,
//! and prints what came back. (The game sample replaces it as the README's main job.)

use cilbind::{Boxing, IComparable, Int32, MethodRef, Object, Runtime, TypeRef};

static MATH: TypeRef = TypeRef::new("mscorlib", "System", "Math");
static MAX: MethodRef = MethodRef::new(&MATH, "Max", &["System.Int32", "System.Int32"]);
static SQRT: MethodRef = MethodRef::new(&MATH, "Sqrt", &["System.Double"]);
static ENVIRONMENT: TypeRef = TypeRef::new("mscorlib", "System", "Environment");
static VERSION: MethodRef = MethodRef::new(&ENVIRONMENT, "get_Version", &[]);

fn main() -> cilbind::Result<()> {
    let rt = Runtime::get()?;
    println!("Mono started (preemptive suspend: {})", rt.is_preemptive());
    let max: i32 = MAX.thunk()?.call((3i32, 7i32))?;
    println!("System.Math.Max(3, 7) = {max}");
    let root: f64 = SQRT.thunk()?.call((2.0f64,))?;
    println!("System.Math.Sqrt(2) = {root}");
    let version: Option<Object> = VERSION.thunk()?.call(())?;
    if let Some(v) = version {
        println!("System.Environment.Version = {}", v.to_string()?.unwrap_or_default());
    }
    let boxed = Int32(42).box_as::<IComparable>()?;
    println!(
        "42 boxed as IComparable compares to boxed 41 as {}",
        boxed.compare_to(Some(&Int32(41).box_as::<Object>()?))?
    );
    Ok(())
}
