//! Rust implementations of the class library's generic interfaces: on request
//! (`Builder::implementable`), for any type argument; without a request, and wherever an
//! interface still cannot be implemented, a reported skip with its reason (never silence).

use cilbind_codegen::{Builder, SkipKind};

const MSCORLIB: &str = "/usr/lib/mono/4.5/mscorlib.dll";

fn implement_skips(b: &cilbind_codegen::Bindings) -> Vec<(String, SkipKind, String)> {
    b.skips()
        .iter()
        .filter(|s| s.item.starts_with("implement "))
        .map(|s| (s.item.clone(), s.kind, s.reason.clone()))
        .collect()
}

#[test]
fn a_class_library_interface_without_a_request_is_a_skip_saying_how_to_ask() {
    let b = Builder::new()
        .assembly(MSCORLIB)
        .type_name("System.Collections.Generic.IComparer`1")
        .generate()
        .expect("generate");
    assert_eq!(
        implement_skips(&b),
        [(
            "implement IComparer".to_string(),
            SkipKind::OnRequest,
            "a type of Mono's class library: implemented in Rust on request \
             (`Builder::implementable(\"System.Collections.Generic.IComparer`1\")`)"
                .to_string()
        )]
    );
    let rust = b.to_rust().unwrap();
    assert!(!rust.contains("IComparerImpl"));
    assert!(rust.contains("// skipped `implement IComparer`: a type of Mono's class library"));
    assert_eq!(b.summary().implementations_bound, 0);
}

#[test]
fn requested_generic_interfaces_are_implemented_for_any_type_argument() {
    let b = Builder::new()
        .assembly(MSCORLIB)
        .implementable("System.Collections.Generic.IComparer`1")
        .implementable("System.Collections.Generic.IEnumerator`1")
        .implementable("System.Collections.Generic.ICollection`1")
        .implementable("System.Collections.Generic.IDictionary`2")
        .generate()
        .expect("generate");
    let rust = b.to_rust().unwrap();
    for wanted in [
        "pub trait IComparerImpl<\n                T0: ::cilbind::TypeArg,\n            >",
        "impl<T0: ::cilbind::TypeArg> IComparer<T0> {",
        "pub fn implement<__T: IComparerImpl<T0>>(__value: __T) -> ::cilbind::Result<Self>",
        // IEnumerator<T> extends IDisposable and IEnumerator: their members are the trait's
        // too (bound for it), and IEnumerator.Current, hidden by IEnumerator<T>.Current, is
        // forwarded to it (boxed), no trait method of its own.
        "fn dispose(&self) -> ::cilbind::native::NativeResult<()>;",
        "fn move_next(&self) -> ::cilbind::native::NativeResult<bool>;",
        "::cilbind::generated::type_arg_object::<T0>(__r)?",
    ] {
        assert!(rust.contains(wanted), "missing {wanted:?}");
    }
    assert!(!rust.contains("fn current_2("), "the hidden Current is no trait method");
    let skips = implement_skips(&b);
    let reason = |item: &str| {
        skips
            .iter()
            .find(|s| s.0 == item)
            .map(|s| (s.1, s.2.as_str()))
            .unwrap_or_else(|| panic!("no skip for {item}: {skips:#?}"))
    };
    assert_eq!(
        reason("implement ICollection"),
        (
            SkipKind::OpenGeneric,
            "member `ICollection.CopyTo`: parameter `array`: an array of a type parameter does not cross from C# to Rust yet"
        )
    );
    assert_eq!(
        reason("implement IDictionary"),
        (
            SkipKind::Implementation,
            "extends `System.Collections.Generic.ICollection<System.Collections.Generic.KeyValuePair<TKey,TValue>>`, \
             with other type arguments than its own: not implemented in Rust yet"
        )
    );
    assert_eq!(b.summary().implementations_bound, 2, "{skips:#?}");
}
