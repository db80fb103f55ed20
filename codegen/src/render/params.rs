//! One parameter of a Rust → C# call as generated code writes it: its place in the Rust
//! signature, the statements before the call, the argument, and what an `out` adds to the
//! result (the table of forms is in method.rs).

use super::tokens::{ident, ty};
use crate::plan::{primitive_stored, primitive_value, MethodItem, ParamsArray, Pass, PassMode, Primitive};
use proc_macro2::{Ident, Literal, TokenStream};
use quote::quote;

/// One parameter's part of a call.
#[derive(Default)]
pub(super) struct ParamCode {
    /// `name: Type` in the Rust signature (absent for `out`).
    pub(super) rust_param: Option<TokenStream>,
    /// Statements before the call.
    pub(super) pre: TokenStream,
    /// The argument expression in the call tuple.
    pub(super) arg: TokenStream,
    /// `(variable, type)` added to the result, for `out`.
    pub(super) out: Option<(Ident, TokenStream)>,
    /// The expression the result holds for `out`, when it is not the variable itself.
    pub(super) out_value: Option<TokenStream>,
    /// Statements after the call (a `ref` of a type parameter writes its slot back).
    pub(super) post: TokenStream,
}

fn value_param(name: &Ident, pass: &Pass) -> ParamCode {
    let mut p = ParamCode {
        arg: quote!(#name),
        ..ParamCode::default()
    };
    let rust = match pass {
        Pass::Primitive(prim) => ty(primitive_value(*prim)),
        Pass::Enum { rust, flags, .. } => {
            p.arg = if *flags { quote!(#name.bits()) } else { quote!(#name.0) };
            ty(rust)
        }
        Pass::FullStruct(rust) => {
            p.arg = quote!(::cilbind::In(#name));
            let rust = ty(rust);
            quote!(&#rust)
        }
        Pass::ManagedStruct(rust) => {
            p.arg = quote!(&#name.0);
            let rust = ty(rust);
            quote!(&#rust)
        }
        Pass::Handle(rust) => {
            // A trait object, not `impl Is<…>`: `None` then needs no annotation, and the
            // function is not generic (one copy, however many argument types it sees).
            p.arg = quote!(#name.map(::cilbind::AsObject::object));
            let rust = ty(rust);
            quote!(::core::option::Option<&dyn ::cilbind::Is<#rust>>)
        }
        // Generic over what the caller has (`"text"`, `&String`, `NetString`, `None`): the
        // conversion is all that is compiled per argument type; the call takes the concrete
        // `StrValue`, so it stays one direct call.
        Pass::String => {
            p.arg = quote!(::cilbind::StrArg::into_str(#name));
            quote!(impl ::cilbind::StrArg)
        }
        Pass::ObjectArray(rust) => {
            let rust = ty(rust);
            quote!(::core::option::Option<&#rust>)
        }
        Pass::BlittableArray { elem, .. } => {
            let elem = ty(elem);
            p.pre = quote!(let #name = #name.map(::cilbind::Array::<#elem>::from_slice).transpose()?;);
            p.arg = quote!(#name.as_ref());
            quote!(::core::option::Option<&[#elem]>)
        }
        Pass::Nullable(value) => {
            let (rust, to_stored, _) = nullable_value(value);
            p.arg = quote!(::cilbind::Nullable(#name #to_stored));
            quote!(::core::option::Option<#rust>)
        }
        Pass::Span { elem, mutable } => {
            let elem = ty(elem);
            if *mutable {
                quote!(&mut [#elem])
            } else {
                quote!(&[#elem])
            }
        }
        Pass::TypeParam(param) => {
            let param = ty(param);
            p.pre = quote!(let #name = <#param as ::cilbind::TypeArg>::arg(#name)?;);
            quote!(<#param as ::cilbind::TypeArg>::Param<'_>)
        }
        // A slice copied into a new array (and back, when `[Out]`), by one copy each way.
        Pass::Buffer { param, rank, writable } => {
            let param = ty(param);
            match (rank, writable) {
                (None, false) => {
                    p.arg = quote!(::cilbind::generated::SliceArray(#name));
                    quote!(&[#param])
                }
                (None, true) => {
                    p.arg = quote!(::cilbind::generated::SliceArrayMut(#name));
                    quote!(&mut [#param])
                }
                (Some(rank), false) => {
                    let rank = Literal::usize_unsuffixed(*rank);
                    quote!(::cilbind::MdSlice<'_, #param, #rank>)
                }
                (Some(rank), true) => {
                    let rank = Literal::usize_unsuffixed(*rank);
                    quote!(::cilbind::MdSliceMut<'_, #param, #rank>)
                }
            }
        }
        Pass::Pointer(rust) => {
            // Only in an `unsafe fn`, whose `# Safety` doc states what the caller guarantees.
            p.arg = quote!(unsafe { ::cilbind::UnmanagedPtr::new(#name) });
            let rust = ty(rust);
            quote!(*mut #rust)
        }
        // The plan binds no other parameter form.
        Pass::Void | Pass::ByRef { .. } | Pass::BlittableParam(_) | Pass::ReferenceParam(_) => quote!(()),
    };
    p.rust_param = Some(quote!(#name: #rust));
    p
}

/// A `params T[]` parameter: a slice, made into a new array for the call.
fn params_param(name: &Ident, pass: &Pass, form: &ParamsArray) -> ParamCode {
    let mut p = ParamCode {
        arg: quote!(::core::option::Option::Some(&#name)),
        ..ParamCode::default()
    };
    let rust = match (form, pass) {
        (ParamsArray::Values, Pass::BlittableArray { elem, .. }) => {
            let elem = ty(elem);
            p.pre = quote!(let #name = ::cilbind::Array::<#elem>::from_slice(#name)?;);
            quote!(&[#elem])
        }
        (ParamsArray::Strings, _) => {
            p.pre = quote!(let #name = ::cilbind::ObjectArray::<::cilbind::NetString>::from_strs(#name)?;);
            quote!(&[::core::option::Option<&str>])
        }
        (ParamsArray::Objects(elem), _) => {
            let elem = ty(elem);
            p.pre = quote!(let #name = ::cilbind::ObjectArray::<#elem>::from_items(#name)?;);
            quote!(&[::core::option::Option<&#elem>])
        }
        // The plan gives `Values` only to arrays of values.
        (ParamsArray::Values, other) => return value_param(name, other),
    };
    p.rust_param = Some(quote!(#name: #rust));
    p
}

fn byref_param(name: &Ident, pass: PassMode, target: &Pass) -> ParamCode {
    let mut p = ParamCode::default();
    let zeroed = quote!(::cilbind::generated::zeroed());
    // The Rust type of the slot, the argument wrapping `&mut slot`, and the slot's start value.
    let (slot_ty, wrap, init) = match target {
        Pass::Primitive(prim) => (ty(primitive_stored(*prim)), quote!(::cilbind::Out), zeroed),
        Pass::Enum { rust, .. } | Pass::FullStruct(rust) | Pass::BlittableParam(rust) => {
            (ty(rust), quote!(::cilbind::Out), zeroed)
        }
        Pass::String => (
            quote!(::core::option::Option<::std::string::String>),
            quote!(::cilbind::RefString),
            quote!(::core::option::Option::None),
        ),
        // An object reference the callee may replace: a handle (its class checked when the
        // callee's write comes back), a `class`-constrained type parameter, or an array.
        Pass::Handle(rust)
        | Pass::ReferenceParam(rust)
        | Pass::ObjectArray(rust)
        | Pass::BlittableArray { handle: rust, .. } => {
            let rust = ty(rust);
            (
                quote!(::core::option::Option<#rust>),
                quote!(::cilbind::RefObject),
                quote!(::core::option::Option::None),
            )
        }
        // As stored in memory, like other `ref` primitives (`bool` is `::cilbind::Boolean`).
        Pass::Nullable(value) => {
            let stored = nullable_stored(value);
            (
                quote!(::core::option::Option<#stored>),
                quote!(::cilbind::RefNullable),
                quote!(::core::option::Option::None),
            )
        }
        Pass::TypeParam(param) if pass != PassMode::Out => {
            // `ref`/`in` of a generic method's type parameter: the value as the type argument
            // gives it (`T::Output`), copied into the type argument's slot for the call and
            // replaced by what the callee left there after it.
            let param = ty(param);
            let slot = quote::format_ident!("__{}_slot", name.to_string().trim_start_matches("r#"));
            p.rust_param = Some(quote!(#name: &mut <#param as ::cilbind::TypeArg>::Output));
            p.pre = quote!(let mut #slot = <#param as ::cilbind::TypeArg>::ref_slot(#name)?;);
            p.arg = quote!(<#param as ::cilbind::TypeArg>::out_arg(&mut #slot));
            p.post = quote!(*#name = <#param as ::cilbind::TypeArg>::from_slot(#slot)?;);
            return p;
        }
        Pass::TypeParam(param) => {
            // `out`: the type argument decides the slot.
            let param = ty(param);
            p.pre = quote!(let mut #name = <#param as ::cilbind::TypeArg>::new_slot()?;);
            p.arg = quote!(<#param as ::cilbind::TypeArg>::out_arg(&mut #name));
            p.out = Some((name.clone(), quote!(<#param as ::cilbind::TypeArg>::Output)));
            p.out_value = Some(quote!(<#param as ::cilbind::TypeArg>::from_slot(#name)?));
            return p;
        }
        Pass::ManagedStruct(rust) => {
            // The callee writes into the box itself: pass the struct's handle.
            let rust = ty(rust);
            p.arg = quote!(&#name.0);
            if pass == PassMode::Out {
                p.pre = quote!(let #name = <#rust>::default_value()?;);
                p.out = Some((name.clone(), rust));
            } else {
                p.rust_param = Some(quote!(#name: &#rust));
            }
            return p;
        }
        // The plan binds no other by-ref form.
        _ => (quote!(()), quote!(::cilbind::Out), zeroed),
    };
    let plain = matches!(
        target,
        Pass::Primitive(_) | Pass::Enum { .. } | Pass::FullStruct(_) | Pass::BlittableParam(_)
    );
    if pass == PassMode::Out {
        p.pre = quote!(let mut #name: #slot_ty = #init;);
        p.arg = quote!(#wrap(&mut #name));
        p.out = Some((name.clone(), slot_ty));
    } else if pass == PassMode::In && plain {
        // `in`, or a `ref` the method never writes through: a shared borrow of the value.
        p.rust_param = Some(quote!(#name: &#slot_ty));
        p.arg = quote!(::cilbind::In(#name));
    } else {
        p.rust_param = Some(quote!(#name: &mut #slot_ty));
        p.arg = quote!(#wrap(#name));
    }
    p
}

/// A generic method's type parameters with their bounds (`<M0: ::cilbind::TypeArg>`): a
/// parameter that a buffer, a span or a `ref`/`out`/`in` of a `struct`-constrained type
/// parameter stands for must also be `::cilbind::Blittable`, and one a `ref`/`in` of a
/// `class`-constrained type parameter stands for `::cilbind::Reference` (so a type that is not
/// is a compile-time error, not a run-time one). `None` for a method that is not generic.
pub(super) fn method_generics(m: &MethodItem) -> Option<TokenStream> {
    if m.method_type_params.is_empty() {
        return None;
    }
    let blittable = |name: &str| {
        m.params.iter().any(|p| match &p.pass {
            Pass::Buffer { param, .. } | Pass::Span { elem: param, .. } => param == name,
            Pass::ByRef { target, .. } => matches!(&**target, Pass::BlittableParam(param) if param == name),
            _ => false,
        })
    };
    let reference = |name: &str| {
        m.params.iter().any(|p| match &p.pass {
            Pass::ByRef { target, .. } => matches!(&**target, Pass::ReferenceParam(param) if param == name),
            _ => false,
        })
    };
    let params = m.method_type_params.iter().map(|name| {
        let id = ident(name);
        if blittable(name) {
            quote!(#id: ::cilbind::TypeArg + ::cilbind::Blittable)
        } else if reference(name) {
            quote!(#id: ::cilbind::TypeArg + ::cilbind::Reference)
        } else {
            quote!(#id: ::cilbind::TypeArg)
        }
    });
    Some(quote!(<#(#params),*>))
}

/// The parameters of `m` in a Rust signature, the statements before the call, and the call's
/// arguments (no `this`; `out` parameters are not supported here: the plan leaves them out).
pub(super) fn call_parts(m: &MethodItem) -> (Vec<TokenStream>, Vec<TokenStream>, Vec<TokenStream>) {
    let params = param_codes(m);
    (
        params.iter().filter_map(|p| p.rust_param.clone()).collect(),
        params.iter().map(|p| p.pre.clone()).collect(),
        params.iter().map(|p| p.arg.clone()).collect(),
    )
}

pub(super) fn param_codes(m: &MethodItem) -> Vec<ParamCode> {
    m.params
        .iter()
        .map(|p| {
            let name = ident(&p.name);
            match (&p.pass, &p.params_array) {
                (Pass::ByRef { pass, target }, _) => byref_param(&name, *pass, target),
                (other, Some(form)) => params_param(&name, other, form),
                (other, None) => value_param(&name, other),
            }
        })
        .collect()
}

/// The Rust type of a `Nullable<T>`'s value in a signature (`bool` for `System.Boolean`), and
/// the conversions of an `Option` of it to and from the stored form the runtime boxes
/// (`::cilbind::Boolean`; every other value is stored as itself).
pub(super) fn nullable_value(value: &Pass) -> (TokenStream, TokenStream, TokenStream) {
    match value {
        Pass::Primitive(Primitive::Bool) => (
            quote!(bool),
            quote!(.map(::cilbind::Boolean::from)),
            quote!(.map(::core::primitive::bool::from)),
        ),
        Pass::Primitive(p) => (ty(primitive_value(*p)), quote!(), quote!()),
        Pass::Enum { rust, .. } | Pass::FullStruct(rust) => (ty(rust), quote!(), quote!()),
        // The plan makes `Nullable` only of the three forms above.
        _ => (quote!(()), quote!(), quote!()),
    }
}

/// The runtime's (blittable) type of a `Nullable<T>`'s value.
pub(super) fn nullable_stored(value: &Pass) -> TokenStream {
    match value {
        Pass::Primitive(p) => ty(primitive_stored(*p)),
        Pass::Enum { rust, .. } | Pass::FullStruct(rust) => ty(rust),
        _ => quote!(()),
    }
}
