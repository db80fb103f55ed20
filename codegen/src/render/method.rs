//! Methods, constructors and accessors, as Rust functions over the runtime's raw-call shim
//! (`MethodRef::thunk().call(...)`).
//!
//! How values cross (the plan's `Pass` → Rust):
//!
//! | .NET | parameter | return |
//! |---|---|---|
//! | primitive | itself (`bool`, `::cilbind::Char` for `char`) | itself |
//! | enum | the enum's newtype / bitflags type | same |
//! | full struct | `&S` (by pointer through a trampoline: never boxed) | `S` (through a pointer) |
//! | managed struct | `&S` (its box) | `S` |
//! | class, interface, object | `Option<&dyn Is<T>>` (`None` is null, no annotation needed; `Some(&x)` for a `T`, a subclass or an implementer; an `Option<&X>` in hand: `opt.map(\|x\| x as _)`) | `Option<T>` |
//! | string | `impl StrArg` (`"text"`, `&String`, `String`, `&NetString`, `NetString`, `None`; see `cilbind::StrArg`) | `Option<String>`; `String` when annotated non-null (C# 8 `string`, `Ret::NonNull`), as are classes, interfaces and arrays |
//! | array of primitives, enums, full structs | `Option<&[T]>` (copied) | `Option<Vec<T>>` |
//! | array of references | `Option<&ObjectArray<T>>` | `Option<ObjectArray<T>>` |
//! | `params T[]` | `&[T]` (values), `&[Option<&str>]` (strings), `&[Option<&T>]` (references): a new array per call | |
//! | `Nullable<T>` (`T?`) of a primitive, enum or full struct | `Option<T>` (`ref`: `&mut Option<T>`, `T` as stored) | `Option<T>` |
//! | `Span<T>` / `ReadOnlySpan<T>` of a primitive, enum, full struct or generic method's type parameter | `&mut [T]` / `&[T]` (lent for the call; through a trampoline); `&mut [M0]` / `&[M0]`, `M0: Blittable` | |
//! | `ref` | `&mut T` (objects: `&mut Option<T>`) | |
//! | `out` | | appended to the result: `(ret, out1, …)` |
//! | type parameter `T` (generic impls) | `T0::Param<'_>` (see `cilbind::TypeArg`) | `T0::Output` |
//! | `T[]`, `[In] T[]`, `T[,…]` of a generic method's `where T : struct` parameter | `&mut [M0]` (copied in and back), `&[M0]` (`[In]` alone: copied in), `::cilbind::MdSliceMut<'_, M0, R>` (`MdSlice`); `M0: Blittable` | |
//! | `ref`/`in`/`out` of such a parameter | `&mut M0` / `&M0` (by pointer) | `out`: `M0` in the result |
//! | `T*`, `void*` | `*mut T`, `*mut c_void`, in an `unsafe fn` (and `&mut [T]` in the `_slice` overload) | |

use super::params::{nullable_stored, nullable_value, param_codes};
use super::tokens::{doc_lines, ident, lit_str, ty};
use crate::plan::{
    primitive_value, rust_primitive, span_mask, MethodItem, Pass, Receiver, Ret, RETURN_BOXED, RETURN_BY_POINTER,
    RETURN_DEREF, THIS_BY_POINTER,
};
use proc_macro2::{Ident, Literal, TokenStream};
use quote::quote;

/// The mask as generated code spells it: the runtime's named flags, then the parameter bits.
fn mask_expr(mask: i64) -> TokenStream {
    let mut parts = Vec::new();
    for (bit, name) in [
        (THIS_BY_POINTER, quote!(::cilbind::THIS_BY_POINTER)),
        (RETURN_BY_POINTER, quote!(::cilbind::RETURN_BY_POINTER)),
        (RETURN_BOXED, quote!(::cilbind::RETURN_BOXED)),
        (RETURN_DEREF, quote!(::cilbind::RETURN_DEREF)),
    ] {
        if mask & bit != 0 {
            parts.push(name);
        }
    }
    let params = mask & (RETURN_DEREF - 1);
    if params != 0 || parts.is_empty() {
        let bits: Literal = format!("{params:#b}")
            .parse()
            .unwrap_or_else(|_| Literal::i64_unsuffixed(params));
        parts.push(quote!(#bits));
    }
    quote!(#(#parts)|*)
}

/// The Rust result type of a return (`None` for `void`), the type the raw call returns, and
/// the conversion of the raw result `__r` (`None`: the raw result is the value).
fn ret_code(pass: &Pass) -> (Option<TokenStream>, TokenStream, Option<TokenStream>) {
    let plain = |rust: TokenStream| (Some(rust.clone()), rust, None);
    match pass {
        Pass::Primitive(p) => plain(ty(primitive_value(*p))),
        Pass::Enum {
            rust,
            underlying,
            flags,
        } => {
            let rust = ty(rust);
            let convert = if *flags {
                quote!(#rust::from_bits_retain(__r))
            } else {
                quote!(#rust(__r))
            };
            (Some(rust), ty(rust_primitive(*underlying)), Some(convert))
        }
        Pass::FullStruct(rust) => plain(ty(rust)),
        Pass::ManagedStruct(rust) => {
            let rust = ty(rust);
            (
                Some(rust.clone()),
                quote!(::cilbind::StructHandle<#rust>),
                // (`<T as TypeArg>::output` wraps the handle: `#rust` may be generic.)
                Some(quote!(<#rust as ::cilbind::TypeArg>::output(__r)?)),
            )
        }
        Pass::Handle(rust) | Pass::ObjectArray(rust) => {
            let rust = ty(rust);
            plain(quote!(::core::option::Option<#rust>))
        }
        Pass::String => plain(quote!(::core::option::Option<::std::string::String>)),
        Pass::BlittableArray { handle, elem } => {
            let (handle, elem) = (ty(handle), ty(elem));
            (
                Some(quote!(::core::option::Option<::std::vec::Vec<#elem>>)),
                quote!(::core::option::Option<#handle>),
                Some(quote!(__r.map(|__a| __a.to_vec()).transpose()?)),
            )
        }
        Pass::Nullable(value) => {
            let (rust, _, from_stored) = nullable_value(value);
            let stored = nullable_stored(value);
            (
                Some(quote!(::core::option::Option<#rust>)),
                quote!(::cilbind::Nullable<#stored>),
                Some(quote!(__r.0 #from_stored)),
            )
        }
        Pass::TypeParam(param) => {
            let param = ty(param);
            (
                Some(quote!(<#param as ::cilbind::TypeArg>::Output)),
                quote!(<#param as ::cilbind::TypeArg>::Raw),
                Some(quote!(<#param as ::cilbind::TypeArg>::output(__r)?)),
            )
        }
        // `void`; the plan binds no ref, pointer or buffer returns.
        Pass::Void
        | Pass::ByRef { .. }
        | Pass::Pointer(_)
        | Pass::Span { .. }
        | Pass::Buffer { .. }
        | Pass::BlittableParam(_)
        | Pass::ReferenceParam(_) => (None, quote!(()), None),
    }
}

/// [`ret_code`] of a result annotated non-null (`Ret::NonNull`): the value itself; null
/// anyway is `Error::NullReference` naming the member (`item`).
fn non_null_ret_code(pass: &Pass, item: &str) -> (Option<TokenStream>, TokenStream, Option<TokenStream>) {
    let what = lit_str(item);
    let returned = quote!(::cilbind::generated::returned(__r, #what)?);
    match pass {
        Pass::Handle(rust) | Pass::ObjectArray(rust) => {
            let rust = ty(rust);
            (
                Some(rust.clone()),
                quote!(::core::option::Option<#rust>),
                Some(returned),
            )
        }
        Pass::String => (
            Some(quote!(::std::string::String)),
            quote!(::core::option::Option<::std::string::String>),
            Some(returned),
        ),
        Pass::BlittableArray { handle, elem } => {
            let (handle, elem) = (ty(handle), ty(elem));
            (
                Some(quote!(::std::vec::Vec<#elem>)),
                quote!(::core::option::Option<#handle>),
                Some(quote!(#returned.to_vec()?)),
            )
        }
        // The plan makes `NonNull` of the four forms above only.
        other => ret_code(other),
    }
}

/// `()`, `x`, or `(x, y)`.
fn tuple(parts: &[TokenStream]) -> TokenStream {
    match parts {
        [] => quote!(()),
        [one] => one.clone(),
        many => quote!((#(#many),*)),
    }
}

/// The function binding `m`, whose type is `static TypeRef` `type_ref`.
pub(super) fn render(m: &MethodItem, type_ref: &str) -> TokenStream {
    render_via(m, type_ref, None)
}

/// A method called through another thunk than its own: a Rust subclass's base handle calls a
/// proxy class's forwarders (`Base{n}`, `Protected{n}`), on the handle `this`.
pub(super) struct Via {
    /// The thunk expression (`self.0.base_call(0)?`).
    pub(super) thunk: TokenStream,
    /// The `this` argument (`::cilbind::Reference::as_object(&**self)`).
    pub(super) this: TokenStream,
}

/// [`render`], through `via` when given.
pub(super) fn render_via(m: &MethodItem, type_ref: &str, via: Option<&Via>) -> TokenStream {
    let params = param_codes(m);
    let type_ref = ty(type_ref);
    let metadata_name = lit_str(&m.metadata_name);
    let cli_params = m.cli_params.iter().map(|n| lit_str(n));
    // A generic definition's member is found per closed class: `Self`'s, made from the
    // type arguments at run time.
    // A generic method is instantiated with its type parameters' classes.
    let method_params: Vec<Ident> = m.method_type_params.iter().map(|p| ident(p)).collect();
    let (class, remote_class) = if m.generic {
        (
            quote!(<Self as ::cilbind::ManagedType>::class()?),
            quote!(<Self as ::cilbind::ManagedType>::remote_type()?),
        )
    } else {
        (
            quote!(#type_ref.class()?),
            quote!(::cilbind::generated::remote_type_of(&#type_ref)?),
        )
    };
    // Cached by the Rust types that name the instantiation: the classes are made only on a
    // call site's first call with those types.
    // The class part of the key: `Self` only where it names the closed class (a generic
    // type's own impl); elsewhere the class is fixed, and `Self` may be an interface extension
    // trait's implementor, which need not be `'static`.
    let class_key = if m.generic { quote!(Self) } else { quote!(()) };
    let (ref_ty, thunk) = if !method_params.is_empty() {
        (
            quote!(::cilbind::generated::GenericMethodRef),
            // The classes, made by the local runtime; or the names, for a remote one.
            quote!(M.keyed::<(#class_key, (#(#method_params,)*)), _, _>(
                || ::core::result::Result::Ok((
                    #class,
                    ::std::vec![#(<#method_params as ::cilbind::ManagedType>::class()?),*]
                )),
                || ::core::result::Result::Ok((
                    #remote_class,
                    ::std::vec![#(<#method_params as ::cilbind::ManagedType>::remote_type()?),*]
                )),
            )),
        )
    } else if m.generic {
        (quote!(::cilbind::generated::GenericMethodRef), quote!(M.of::<Self>()))
    } else {
        (quote!(::cilbind::MethodRef), quote!(M))
    };
    let method_ref = if m.trampoline {
        let mask = mask_expr(m.mask);
        quote!(#ref_ty::by_pointer(&#type_ref, #metadata_name, &[#(#cli_params),*], #mask))
    } else {
        quote!(#ref_ty::new(&#type_ref, #metadata_name, &[#(#cli_params),*]))
    };
    let spans = span_mask(&m.params);
    let method_ref = if spans != 0 {
        let bits: Literal = format!("{spans:#b}")
            .parse()
            .unwrap_or_else(|_| Literal::u64_unsuffixed(spans));
        quote!(#method_ref.spans(#bits))
    } else {
        method_ref
    };
    let method_ref = match &m.lookup_return {
        Some(ret) => {
            let ret = lit_str(ret);
            quote!(#method_ref.returning(#ret))
        }
        None => method_ref,
    };
    let method_ref = if method_params.is_empty() {
        method_ref
    } else {
        quote!(#method_ref.generic_method())
    };
    let generics = super::params::method_generics(m);
    let (receiver, this_arg, this_pre) = match m.receiver {
        Receiver::Static => (None, None, None),
        Receiver::BaseHandle => (Some(quote!(&self)), None, None),
        Receiver::Object => (
            Some(quote!(&self)),
            Some(match via {
                Some(v) => v.this.clone(),
                // Through the method's own `MethodRef`: the receiver's wrapper proves its
                // type, and the call does not check `this` again (`This`).
                None if !m.generic && method_params.is_empty() => {
                    quote!(::cilbind::generated::This::new(self, &#type_ref))
                }
                None => quote!(::cilbind::Reference::as_object(self)),
            }),
            None,
        ),
        Receiver::StructBox => (Some(quote!(&self)), Some(quote!(&self.0)), None),
        Receiver::StructCopy => (
            Some(quote!(&self)),
            Some(quote!(::cilbind::Out(&mut __this))),
            Some(quote!(let mut __this = *self;)),
        ),
        Receiver::StructMut => (Some(quote!(&mut self)), Some(quote!(::cilbind::Out(self))), None),
    };
    // Rust signature.
    let mut sig: Vec<TokenStream> = receiver.into_iter().collect();
    sig.extend(params.iter().filter_map(|p| p.rust_param.clone()));
    let outs: Vec<(&(Ident, TokenStream), Option<&TokenStream>)> = params
        .iter()
        .filter_map(|p| p.out.as_ref().map(|o| (o, p.out_value.as_ref())))
        .collect();
    let (ret_rust, call, raw_ty, convert) = match &m.ret {
        Ret::FullStructCtor => (Some(quote!(Self)), quote!(call_sret), quote!(Self), None),
        Ret::ManagedStructCtor => (
            Some(quote!(Self)),
            quote!(call),
            quote!(::cilbind::StructHandle<Self>),
            Some(quote!(<Self as ::cilbind::TypeArg>::output(__r)?)),
        ),
        Ret::ClassCtor => (
            Some(quote!(Self)),
            quote!(call),
            quote!(::core::option::Option<::cilbind::Object>),
            // Braces, so that rustfmt leaves the tokens alone.
            Some(quote!(::cilbind::generated::constructed::<Self>(__r)?)),
        ),
        Ret::NonNull(pass) => {
            let (rust, raw, convert) = non_null_ret_code(pass, &m.item);
            (rust, quote!(call), raw, convert)
        }
        Ret::Value(pass) => {
            let (rust, raw, convert) = ret_code(pass);
            let call = if matches!(pass, Pass::FullStruct(_)) {
                quote!(call_sret)
            } else {
                quote!(call)
            };
            (rust, call, raw, convert)
        }
    };
    let mut result_types: Vec<TokenStream> = ret_rust.iter().cloned().collect();
    result_types.extend(outs.iter().map(|((_, ty), _)| ty.clone()));
    let result_ty = tuple(&result_types);
    // Body.
    let pre = params.iter().map(|p| &p.pre);
    let post = params.iter().map(|p| &p.post);
    let args: Vec<TokenStream> = this_arg
        .into_iter()
        .chain(params.iter().map(|p| p.arg.clone()))
        .collect();
    let check_void = ret_rust.is_none().then(|| quote!(let () = __r;));
    let mut results: Vec<TokenStream> = ret_rust
        .iter()
        .map(|_| convert.clone().unwrap_or_else(|| quote!(__r)))
        .collect();
    results.extend(outs.iter().map(|((name, _), value)| match value {
        Some(value) => (*value).clone(),
        None => quote!(#name),
    }));
    let value = tuple(&results);
    let vis = m.public.then(|| quote!(pub));
    let docs = doc_lines(&m.doc);
    let name = ident(&m.rust_name);
    let unsafety = m.is_unsafe.then(|| quote!(unsafe));
    let slice = m
        .slice
        .as_ref()
        .map(|s| super::slice_overload::render(m, s, &params, &result_ty));
    let defaults = m
        .defaults
        .as_ref()
        .map(|d| super::defaults_overload::render(m, d, &params, &method_params, &result_ty));
    // The common case is one call in tail position (`M.call((…))`): the raw call's type is
    // the function's result, so it needs no binding, no `?` and no `Ok`, which is most of
    // what type-checking a generated body costs (measured in BENCHMARKS.md).
    let direct = method_params.is_empty()
        && !m.generic
        && this_pre.is_none()
        && params
            .iter()
            .all(|p| p.pre.is_empty() && p.post.is_empty() && p.out.is_none())
        && convert.is_none();
    let (direct_callee, thunk, static_m) = match via {
        Some(v) => (v.thunk.clone(), v.thunk.clone(), None),
        None => (quote!(M), thunk, Some(quote!(static M: #ref_ty = #method_ref;))),
    };
    let managed = if direct {
        quote!(#direct_callee.#call((#(#args,)*)))
    } else {
        quote! {
            #this_pre
            #(#pre)*
            let __r: #raw_ty = #thunk.#call((#(#args,)*))?;
            #(#post)*
            #check_void
            ::core::result::Result::Ok(#value)
        }
    };
    // A method translated from its IL (`plan/translate.rs`) runs as Rust where the builds it
    // was translated from are loaded (the bindings' gate), the managed method elsewhere.
    let body = match (&m.translation, via) {
        (Some(Ok(t)), None) => {
            let translated = super::translated::body(t);
            let gate: TokenStream = t.gate.parse().unwrap_or_else(|_| quote!(__TRANSLATION));
            quote! {
                if #gate.holds() {
                    #translated
                } else {
                    ::cilbind::generated::out_of_line(|| { #managed })
                }
            }
        }
        _ => managed,
    };
    // `#[inline]`: a binding is compiled where it is called, not in the bindings crate, so
    // the methods a program never calls cost no code generation.
    quote! {
        #docs
        #[inline]
        #vis #unsafety fn #name #generics(#(#sig),*) -> ::cilbind::Result<#result_ty> {
            #static_m
            #body
        }
        #slice
        #defaults
    }
}
