//! The function database's unit tests. Those that need Mono run against mscorlib (always
//! loaded); the tests against fixture assemblies and generated bindings are in managed-tests
//! (`tests/function_table.rs`, `tests/function_mismatch.rs`).

use super::*;
use crate::call::bindings_table::{FunctionRow as F, FunctionType as T};
use crate::error::ChangedMethod;
use crate::host::Class;

#[test]
fn fnv1a_matches_reference_vectors() {
    assert_eq!(fnv1a64(b""), 0xcbf29ce484222325);
    assert_eq!(fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
    assert_eq!(fnv1a64(b"foobar"), 0x85944171f73967e8);
}

#[test]
fn the_member_of_a_signature_is_type_and_name() {
    assert_eq!(
        member_of("[mscorlib]System.Math::Max(System.Int32,System.Int32)->System.Int32"),
        "System.Math::Max"
    );
    assert_eq!(
        member_of("[A]N.Outer.Inner::.ctor()->System.Void"),
        "N.Outer.Inner::.ctor"
    );
}

/// FNV-1a at compile time, for the table's IDs (an independent implementation).
const fn id(s: &str) -> u64 {
    let bytes = s.as_bytes();
    let mut h = 0xcbf2_9ce4_8422_2325_u64;
    let mut i = 0;
    while i < bytes.len() {
        h = (h ^ bytes[i] as u64).wrapping_mul(0x0000_0100_0000_01b3);
        i += 1;
    }
    h
}

const MAX: &str = "[mscorlib]System.Math::Max(System.Int32,System.Int32)->System.Int32";
const SQRT: &str = "[mscorlib]System.Math::Sqrt(System.Double)->System.Single";
const NONE: &str = "[mscorlib]System.Math::NoSuchMethod()->System.Void";
const GONE: &str = "[mscorlib]System.NoSuchType::Run()->System.Void";
const PAIR: &str = "[mscorlib]System.Collections.Generic.KeyValuePair`2::ToString()->System.String";

/// mscorlib's `Math.Max(int, int)` as bound, `Math.Sqrt` with a wrong return type (changed),
/// a method and a type that do not exist (missing).
static TABLE: &[T] = &[
    T(
        "mscorlib",
        "System",
        "Math",
        &[
            F(id(MAX), "Max", &["System.Int32", "System.Int32"], "System.Int32"),
            F(id(SQRT), "Sqrt", &["System.Double"], "System.Single"),
            F(id(NONE), "NoSuchMethod", &[], "System.Void"),
        ],
    ),
    T(
        "mscorlib",
        "System",
        "NoSuchType",
        &[F(id(GONE), "Run", &[], "System.Void")],
    ),
];

fn cached(id: FunctionId) -> Option<Method> {
    read().entries.get(&id).and_then(|s| s.method)
}

/// One test, run in order: `forget_resolved` acts on the whole process's database.
#[test]
fn tables_are_checked_whole_and_rows_outlive_forgotten_methods() {
    let rt = Runtime::get().expect("the runtime starts");
    let math = rt.corlib().class("System", "Math").unwrap();
    let max = math.method("Max", &["System.Int32", "System.Int32"]).unwrap();
    let expected = Error::FunctionsMismatch {
        missing: vec![
            NONE.to_string(),
            format!("{GONE} (class System.NoSuchType not found in assembly mscorlib)"),
        ]
        .into(),
        changed: vec![ChangedMethod {
            bound: SQRT.into(),
            found: vec!["[mscorlib]System.Math::Sqrt(System.Double)->System.Double".to_string()].into(),
        }]
        .into(),
    };
    assert_eq!(FunctionDb::install_table(TABLE), Err(expected.clone()));
    let text = expected.to_string();
    assert!(
        text.contains(&format!(
            "changed: {SQRT} is now [mscorlib]System.Math::Sqrt(System.Double)->System.Double"
        )),
        "{text}"
    );
    // Every row is registered, the ones found resolved already.
    let entry = FunctionDb::get(FunctionId(id(MAX))).expect("registered by the table");
    assert_eq!(entry.source, FunctionSource::Table);
    assert_eq!(entry.signature, MAX);
    assert_eq!(entry.declaring_type, "System.Math");
    assert_eq!(entry.parameters, ["System.Int32", "System.Int32"]);
    assert_eq!(cached(entry.id), Some(max));
    assert!(FunctionDb::get(FunctionId(id(GONE))).is_some());
    assert!(matches!(
        FunctionDb::method(FunctionId(id(GONE))),
        Err(Error::ClassNotFound { .. })
    ));

    // A registered method, found again by its names; one of a closed generic type, not.
    let abs = math.method("Abs", &["System.Double"]).unwrap();
    let abs_id = FunctionDb::register(abs).unwrap();
    let pair = rt
        .corlib()
        .class("System.Collections.Generic", "KeyValuePair`2")
        .unwrap()
        .instantiate(&[Class::string(), Class::object()])
        .unwrap();
    let pair_to_string = pair.method("ToString", &[]).unwrap();
    let pair_id = FunctionDb::register(pair_to_string).unwrap();
    assert_ne!(pair_id, FunctionId(id(PAIR)), "a closed type's ID names its arguments");
    assert_eq!(
        FunctionDb::get(pair_id).unwrap().declaring_type,
        "System.Collections.Generic.KeyValuePair<System.String,System.Object>"
    );

    FunctionDb::forget_resolved();
    assert_eq!(cached(entry.id), None);
    assert_eq!(cached(abs_id), None);
    assert_eq!(cached(pair_id), None);
    // The re-check gives the same report, and resolves the rows again.
    assert_eq!(FunctionDb::check(), Err(expected));
    assert_eq!(cached(entry.id), Some(max));

    FunctionDb::forget_resolved();
    assert_eq!(FunctionDb::method(entry.id), Ok(max), "resolved lazily from its row");
    assert_eq!(cached(entry.id), Some(max));
    assert_eq!(
        FunctionDb::method(abs_id),
        Ok(abs),
        "from the names it was registered with"
    );
    assert!(matches!(FunctionDb::method(pair_id), Err(Error::Unsupported(_))));
    assert_eq!(FunctionDb::register(pair_to_string), Ok(pair_id));
    assert_eq!(FunctionDb::method(pair_id), Ok(pair_to_string), "bound again");
    assert_eq!(
        FunctionDb::method(FunctionId(1)),
        Err(Error::UnknownFunction { id: FunctionId(1) })
    );
}

/// The host's names are taken as the signature's spelling (`method_names`): Mono's must be
/// exactly what `cilbind-abi` spells from the structured form, for every form a signature
/// holds (by-ref, array, pointer, nested type, closed generic with a generic argument), or a
/// generated binding's ID would differ from the one the runtime computes.
#[test]
fn the_hosts_names_are_the_abi_spelling() {
    use cilbind_abi::{NamedType, Primitive as P, TypeSig};
    let rt = Runtime::get().expect("the runtime starts");
    let corlib = rt.corlib();
    let class = |ns: &str, name: &str| corlib.class(ns, name).unwrap();
    let named = |ns: &str, metadata_name: &str, args: Vec<TypeSig>| {
        let mut n = NamedType::from_metadata_name("mscorlib", ns, metadata_name);
        n.args = args;
        TypeSig::Named(n)
    };
    let int = || TypeSig::from(P::Int32);
    let list_of_int = || {
        named(
            "System.Collections.Generic",
            "System.Collections.Generic.List`1",
            vec![int()],
        )
    };
    let int_class = class("System", "Int32");
    let list_class = class("System.Collections.Generic", "List`1")
        .instantiate(&[int_class])
        .unwrap();
    let dictionary = class("System.Collections.Generic", "Dictionary`2")
        .instantiate(&[Class::string(), list_class])
        .unwrap();
    let cases: Vec<(Method, TypeSig, Vec<TypeSig>, TypeSig)> = vec![
        (
            int_class
                .method("TryParse", &["System.String", "System.Int32&"])
                .unwrap(),
            named("System", "System.Int32", vec![]),
            vec![P::String.into(), TypeSig::by_ref(int())],
            P::Boolean.into(),
        ),
        (
            class("System", "String")
                .method("Join", &["System.String", "System.String[]"])
                .unwrap(),
            P::String.into(),
            vec![P::String.into(), TypeSig::sz_array(P::String.into())],
            P::String.into(),
        ),
        (
            class("System", "Buffer")
                .method(
                    "MemoryCopy",
                    &["System.Void*", "System.Void*", "System.Int64", "System.Int64"],
                )
                .unwrap(),
            named("System", "System.Buffer", vec![]),
            vec![
                TypeSig::pointer(P::Void.into()),
                TypeSig::pointer(P::Void.into()),
                P::Int64.into(),
                P::Int64.into(),
            ],
            P::Void.into(),
        ),
        (
            class("System", "Environment")
                .method("GetFolderPath", &["System.Environment.SpecialFolder"])
                .unwrap(),
            named("System", "System.Environment", vec![]),
            vec![named("System", "System.Environment/SpecialFolder", vec![])],
            P::String.into(),
        ),
        (
            dictionary
                .method(
                    "TryGetValue",
                    &["System.String", "System.Collections.Generic.List<System.Int32>&"],
                )
                .unwrap(),
            named(
                "System.Collections.Generic",
                "System.Collections.Generic.Dictionary`2",
                vec![P::String.into(), list_of_int()],
            ),
            vec![P::String.into(), TypeSig::by_ref(list_of_int())],
            P::Boolean.into(),
        ),
    ];
    for (method, declaring, params, ret) in cases {
        let (declaring, ret) = (declaring.to_string(), ret.to_string());
        let params: Vec<String> = params.iter().map(TypeSig::to_string).collect();
        let expected = MethodSignature {
            assembly: "mscorlib",
            declaring_type: DeclaringType::Spelled(&declaring),
            name: method.name(),
            params: &params,
            ret: &ret,
        };
        let names = method_names(method, &method.signature().unwrap());
        assert_eq!(names.signature().text(), expected.text());
        assert_eq!(FunctionDb::id_of(method).unwrap(), expected.id(), "{}", expected.text());
    }
}
