//! The whole Mono class library core: every public type of mscorlib and
//! System.Numerics.Vectors (a facade forwarding to System.Numerics) classifies.

use crate::model::Primitive;
use crate::plan::classify::TypeClass;
use crate::Builder;

const CORLIB: &str = "/usr/lib/mono/4.5/mscorlib.dll";
const VECTORS: &str = "/usr/lib/mono/4.5/System.Numerics.Vectors.dll";

#[test]
fn corlib_and_vectors_classify() {
    let builder = Builder::new().assembly(CORLIB).assembly(VECTORS);
    let model = &builder.clone().classified().expect("classify");
    assert!(model.types.len() > 1500, "{}", model.types.len());
    let class = |name: &str| {
        &model
            .types
            .iter()
            .find(|t| t.path.metadata_name == name)
            .unwrap_or_else(|| panic!("{name}"))
            .class
    };

    for (name, size) in [
        ("System.Numerics.Vector3", 12),
        ("System.Numerics.Quaternion", 16),
        ("System.Numerics.Matrix4x4", 64),
    ] {
        match class(name) {
            TypeClass::FullStruct(l) => assert_eq!(l.size, size, "{name}"),
            other => panic!("{name}: {other:?}"),
        }
    }
    let vector3 = model
        .types
        .iter()
        .find(|t| t.path.metadata_name == "System.Numerics.Vector3")
        .unwrap();
    assert_eq!(vector3.path.assembly, "System.Numerics", "forwarder followed");

    assert_eq!(class("System.Int32"), &TypeClass::Primitive(Primitive::I32));
    assert_eq!(class("System.String"), &TypeClass::String);
    assert_eq!(class("System.Object"), &TypeClass::Object);
    assert!(matches!(class("System.Guid"), TypeClass::FullStruct(l) if l.size == 16));
    assert!(matches!(class("System.DateTime"), TypeClass::FullStruct(l) if l.size == 8));
    assert_eq!(
        class("System.DayOfWeek"),
        &TypeClass::Enum {
            underlying: Primitive::I32
        }
    );
    assert!(matches!(class("System.AttributeTargets"), TypeClass::FlagsEnum { .. }));
    assert_eq!(class("System.IDisposable"), &TypeClass::Interface);
    assert_eq!(class("System.Action"), &TypeClass::Delegate);

    // System.Int32's interfaces, as Type.GetInterfaces() lists them under Mono.
    let int32 = model
        .model
        .all()
        .find(|t| t.path.metadata_name == "System.Int32")
        .unwrap();
    let mut itfs: Vec<String> = int32
        .api
        .as_ref()
        .unwrap()
        .interfaces
        .iter()
        .map(|t| t.to_string())
        .collect();
    itfs.sort();
    assert_eq!(
        itfs,
        [
            "System.IComparable",
            "System.IComparable`1<System.Int32>",
            "System.IConvertible",
            "System.IEquatable`1<System.Int32>",
            "System.IFormattable",
            "System.ISpanFormattable",
        ]
    );

    let bindings = builder.generate().expect("generate");
    let summary = bindings.summary();
    assert!(summary.members_bound > 10_000, "{summary}");
    // The output is valid Rust (checked inside) and mentions the mirrored vector.
    let rust = bindings.to_rust().expect("emit");
    assert!(rust.contains("pub struct Matrix4x4 {"));
}
