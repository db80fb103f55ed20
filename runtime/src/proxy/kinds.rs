//! The check that makes a thunk of a generic member sound: each of its parameter and result
//! kinds ([`Incoming`](crate::native::Incoming) / [`Outgoing`](crate::native::Outgoing)) is
//! compared with the type the closed member declares there, when the proxy class is built and
//! before anything is registered.
//!
//! A thunk of a non-generic member carries its parameter list as Mono prints it (the generator
//! derived its kinds from the member it names; [`ProxyEntry::new_unchecked`]). A member of a
//! generic interface has no such text: `IComparer<T>.Compare(T, T)` takes `int`s in
//! `IComparer<int>` and strings in `IComparer<string>`, and its thunk's kinds come from the
//! type argument's [`TypeArg::Kind`](crate::TypeArg::Kind). So the kinds describe themselves
//! ([`KindCheck`]): a value kind takes exactly its type's class by value, an object kind a
//! reference whose class is its type's (or, for results, one its type converts to), a by-ref
//! kind a `ref` of exactly its type, and [`Unconverted`](crate::native::kind::Unconverted)
//! nothing. A type argument whose kind does not fit the closed member is refused with the
//! member and the position, never called with the wrong native form.
//!
//! [`ProxyEntry::new_unchecked`]: crate::generated::ProxyEntry::new_unchecked

use crate::error::{Error, Result};
use crate::host::{type_class, type_kind, Class, Method, TypeKind};
use crate::native::kind::{
    Arr, Bool, InValue, Obj, ObjArr, OutBool, OutObj, OutStr, OutValue, RefBool, RefObj, RefStr, RefValue, Str,
    Unconverted, Value, Void,
};
use crate::value::Blittable;
use crate::value::{ManagedType, Reference};

/// One position of a member's signature, as a kind sees it.
#[derive(Clone, Copy, Debug)]
pub struct SigType {
    /// `ref`/`out`/`in`.
    pub byref: bool,
    /// What the position carries (`Void` for a `void` result).
    pub kind: TypeKind,
    /// Its class (the element class for a by-ref position); `None` for `void`.
    pub class: Option<Class>,
}

/// A C#→Rust kind that can say whether it carries a given position of a signature (see the
/// module documentation). Implemented by the runtime's kinds only.
pub trait KindCheck: crate::native::incoming_sealed::Sealed {
    /// `Ok` when an argument declared as `ty` reaches this kind's thunk argument in the native
    /// form it takes, as a value it may lend; otherwise why not.
    fn check_param(ty: &SigType) -> std::result::Result<(), String>;
    /// `Ok` when this kind's result is what a member declaring the result `ty` returns.
    fn check_result(ty: &SigType) -> std::result::Result<(), String>;
}

fn class_of<T: ManagedType>() -> std::result::Result<Class, String> {
    T::class().map_err(|e| e.to_string())
}

fn name(ty: &SigType) -> String {
    match ty.class {
        Some(c) if ty.byref => format!("{}&", c.full_name()),
        Some(c) => c.full_name(),
        None => "void".into(),
    }
}

/// Exactly the class `expected`, by value or by reference.
fn exact(ty: &SigType, expected: Class, byref: bool) -> std::result::Result<(), String> {
    if ty.byref == byref && ty.class == Some(expected) {
        Ok(())
    } else {
        Err(format!(
            "declared {}, the Rust kind takes {}{}",
            name(ty),
            expected.full_name(),
            if byref { "&" } else { "" }
        ))
    }
}

/// A reference position (not a value type, not by reference) whose class `fits`.
fn reference(ty: &SigType, expected: Class, fits: impl FnOnce(Class) -> bool) -> std::result::Result<(), String> {
    match ty.class {
        Some(c) if !ty.byref && !c.is_value_type() && fits(c) => Ok(()),
        _ => Err(format!(
            "declared {}, the Rust kind takes a reference to {}",
            name(ty),
            expected.full_name()
        )),
    }
}

fn no_result() -> std::result::Result<(), String> {
    Err("this kind is a parameter kind, never a result".into())
}

impl<V: Blittable> KindCheck for Value<V> {
    fn check_param(ty: &SigType) -> std::result::Result<(), String> {
        exact(ty, class_of::<V>()?, false)
    }
    fn check_result(ty: &SigType) -> std::result::Result<(), String> {
        exact(ty, class_of::<V>()?, false)
    }
}

impl KindCheck for Bool {
    fn check_param(ty: &SigType) -> std::result::Result<(), String> {
        exact(ty, class_of::<bool>()?, false)
    }
    fn check_result(ty: &SigType) -> std::result::Result<(), String> {
        exact(ty, class_of::<bool>()?, false)
    }
}

impl KindCheck for Str {
    fn check_param(ty: &SigType) -> std::result::Result<(), String> {
        exact(ty, Class::string(), false)
    }
    fn check_result(ty: &SigType) -> std::result::Result<(), String> {
        exact(ty, Class::string(), false)
    }
}

impl<T: Reference> KindCheck for Obj<T> {
    /// Every object C# may pass there is a `T`.
    fn check_param(ty: &SigType) -> std::result::Result<(), String> {
        let t = class_of::<T>()?;
        reference(ty, t, |declared| t.is_assignable_from(declared))
    }
    /// Every `T` is what C# expects there.
    fn check_result(ty: &SigType) -> std::result::Result<(), String> {
        let t = class_of::<T>()?;
        reference(ty, t, |declared| declared.is_assignable_from(t))
    }
}

impl<V: Blittable> KindCheck for Arr<V> {
    fn check_param(ty: &SigType) -> std::result::Result<(), String> {
        exact(ty, class_of::<V>()?.array().map_err(|e| e.to_string())?, false)
    }
    fn check_result(ty: &SigType) -> std::result::Result<(), String> {
        exact(ty, class_of::<V>()?.array().map_err(|e| e.to_string())?, false)
    }
}

// Arrays of references are exact: a `Derived[]` lent as a `Base[]` would let Rust store a
// `Base` into it.
impl<T: Reference> KindCheck for ObjArr<T> {
    fn check_param(ty: &SigType) -> std::result::Result<(), String> {
        exact(ty, class_of::<T>()?.array().map_err(|e| e.to_string())?, false)
    }
    fn check_result(ty: &SigType) -> std::result::Result<(), String> {
        exact(ty, class_of::<T>()?.array().map_err(|e| e.to_string())?, false)
    }
}

macro_rules! by_ref_kinds {
    ($($kind:ident<$v:ident: $bound:path> => $class:expr;)*) => {$(
        impl<$v: $bound> KindCheck for $kind<$v> {
            fn check_param(ty: &SigType) -> std::result::Result<(), String> {
                exact(ty, $class, true)
            }
            fn check_result(_: &SigType) -> std::result::Result<(), String> {
                no_result()
            }
        }
    )*};
}
by_ref_kinds! {
    RefValue<V: Blittable> => class_of::<V>()?;
    OutValue<V: Blittable> => class_of::<V>()?;
    InValue<V: Blittable> => class_of::<V>()?;
    RefObj<T: Reference> => class_of::<T>()?;
    OutObj<T: Reference> => class_of::<T>()?;
}

macro_rules! by_ref_plain {
    ($($kind:ident => $class:expr;)*) => {$(
        impl KindCheck for $kind {
            fn check_param(ty: &SigType) -> std::result::Result<(), String> {
                exact(ty, $class, true)
            }
            fn check_result(_: &SigType) -> std::result::Result<(), String> {
                no_result()
            }
        }
    )*};
}
by_ref_plain! {
    RefBool => class_of::<bool>()?;
    OutBool => class_of::<bool>()?;
    RefStr => Class::string();
    OutStr => Class::string();
}

impl KindCheck for Void {
    fn check_param(_: &SigType) -> std::result::Result<(), String> {
        Err("`void` is a result kind, never a parameter".into())
    }
    fn check_result(ty: &SigType) -> std::result::Result<(), String> {
        match ty.kind {
            TypeKind::Void if !ty.byref => Ok(()),
            _ => Err(format!("declared {}, the Rust kind returns nothing", name(ty))),
        }
    }
}

impl<T: 'static> KindCheck for Unconverted<T> {
    fn check_param(_: &SigType) -> std::result::Result<(), String> {
        Err("a managed struct does not cross from C# to Rust yet".into())
    }
    fn check_result(_: &SigType) -> std::result::Result<(), String> {
        Err("a managed struct does not cross from Rust to C# yet".into())
    }
}

/// One kind's check of one position: `Ok`, or why not.
pub type Check = fn(&SigType) -> std::result::Result<(), String>;

/// The parameter kinds of a thunk, as a tuple (of [`KindCheck`]s).
pub trait KindList {
    /// Each kind's parameter check, in order.
    fn checks() -> Vec<Check>;
}

macro_rules! kind_list {
    ($($k:ident),*) => {
        impl<$($k: KindCheck),*> KindList for ($($k,)*) {
            fn checks() -> Vec<Check> {
                vec![$($k::check_param),*]
            }
        }
    };
}
kind_list!();
kind_list!(K0);
kind_list!(K0, K1);
kind_list!(K0, K1, K2);
kind_list!(K0, K1, K2, K3);
kind_list!(K0, K1, K2, K3, K4);
kind_list!(K0, K1, K2, K3, K4, K5);
kind_list!(K0, K1, K2, K3, K4, K5, K6);
kind_list!(K0, K1, K2, K3, K4, K5, K6, K7);
kind_list!(K0, K1, K2, K3, K4, K5, K6, K7, K8);
kind_list!(K0, K1, K2, K3, K4, K5, K6, K7, K8, K9);
kind_list!(K0, K1, K2, K3, K4, K5, K6, K7, K8, K9, K10);
kind_list!(K0, K1, K2, K3, K4, K5, K6, K7, K8, K9, K10, K11);

/// Checks the parameter kinds `P` and the result kind `R` of a thunk against `method`'s
/// signature (the closed member the proxy implements): one error naming the member and every
/// position that does not fit.
pub fn check_kinds<P: KindList, R: KindCheck>(method: Method) -> Result<()> {
    let sig = method.signature()?;
    let at = |ty| {
        let (kind, byref) = type_kind(ty);
        SigType {
            byref,
            kind,
            class: (kind != TypeKind::Void).then(|| type_class(ty)).flatten(),
        }
    };
    let checks = P::checks();
    let mut wrong = Vec::new();
    if checks.len() != sig.params.len() {
        wrong.push(format!(
            "it takes {} parameters, the Rust thunk {}",
            sig.params.len(),
            checks.len()
        ));
    } else {
        for (i, (check, &ty)) in checks.iter().zip(&sig.params).enumerate() {
            if let Err(why) = check(&at(ty)) {
                wrong.push(format!("parameter {i}: {why}"));
            }
        }
    }
    if let Err(why) = R::check_result(&at(sig.ret)) {
        wrong.push(format!("result: {why}"));
    }
    if wrong.is_empty() {
        Ok(())
    } else {
        Err(Error::Unsupported(format!(
            "cannot implement {method} in Rust with these type arguments: {}",
            wrong.join("; ")
        )))
    }
}

impl crate::proxy::ProxyEntry {
    /// An entry for a thunk whose parameters have the kinds `P` (a tuple) and whose result
    /// has the kind `R`: the proxy checks the kinds against the closed member's signature
    /// ([`check_kinds`]) before registering the thunk.
    ///
    /// # Safety
    /// `code` is an `extern "C"` function that never unwinds, whose native signature is `this`
    /// as a `RawRef`, the key as `i64`, then `<K as Incoming>::Abi` for each kind `K` of `P`
    /// in order, returning `<R as Outgoing>::Abi`, and that runs its body through
    /// [`proxy_call`](crate::generated::proxy_call) with the Rust type the proxy is made for.
    pub unsafe fn with_kinds<P: KindList, R: KindCheck>(code: *const ()) -> crate::proxy::ProxyEntry {
        // The caller's promise is `with_check`'s for every member `check_kinds::<P, R>` accepts.
        crate::proxy::ProxyEntry::with_check(code, check_kinds::<P, R>)
    }
}
