//! The part every C# → Rust thunk shares (natives and proxy members alike): its native-ABI
//! parameters and result, and the body that converts each argument with its kind, calls the
//! Rust method, writes `ref`/`out` values back and converts the result.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// A thunk's crossing: `__a0: <K0 as Incoming>::Abi, …`, the result's ABI type, and the body run
/// inside the guard, where `call` makes the Rust call from the lent arguments.
pub(super) struct Crossing {
    /// The ABI parameters (`__a0: <K0 as Incoming>::Abi`, …): the generated code's own
    /// bindings are `__`-prefixed, which no type's Rust name is (plan/names.rs).
    pub(super) params: Vec<TokenStream>,
    /// The result's ABI type.
    pub(super) ret: TokenStream,
    /// hold each argument, call, finish each argument, give the result.
    pub(super) body: TokenStream,
}

/// The crossing of parameters of kinds `kinds` and a result of kind `ret`.
pub(super) fn crossing(
    kinds: &[TokenStream],
    ret: &TokenStream,
    call: impl FnOnce(Vec<TokenStream>) -> TokenStream,
) -> Crossing {
    let args: Vec<_> = (0..kinds.len()).map(|i| format_ident!("__a{i}")).collect();
    let held: Vec<_> = (0..kinds.len()).map(|i| format_ident!("__h{i}")).collect();
    let lent = kinds
        .iter()
        .zip(&held)
        .map(|(k, h)| quote!(<#k as ::cilbind::generated::Incoming>::lend(&mut #h)))
        .collect();
    let call = call(lent);
    Crossing {
        params: kinds
            .iter()
            .zip(&args)
            .map(|(k, a)| quote!(#a: <#k as ::cilbind::generated::Incoming>::Abi))
            .collect(),
        ret: quote!(<#ret as ::cilbind::generated::Outgoing>::Abi),
        body: quote! {
            #(let mut #held = <#kinds as ::cilbind::generated::Incoming>::hold(#args)?;)*
            let __r = #call?;
            #(<#kinds as ::cilbind::generated::Incoming>::finish(#held)?;)*
            <#ret as ::cilbind::generated::Outgoing>::give(__r)
        },
    }
}

/// The body of a Rust implementation's member dispatched over a connection (the generated
/// `__remote_*` functions): each argument taken from the frame `__f` with its kind, the call,
/// each `ref`/`out` value and the result given back to the frame.
pub(super) fn remote_body(
    kinds: &[TokenStream],
    ret: &TokenStream,
    call: impl FnOnce(Vec<TokenStream>) -> TokenStream,
) -> TokenStream {
    let held: Vec<_> = (0..kinds.len()).map(|i| format_ident!("__h{i}")).collect();
    let at: Vec<_> = (0..kinds.len()).map(|i| i as u16).collect();
    let lent = kinds
        .iter()
        .zip(&held)
        .map(|(k, h)| quote!(<#k as ::cilbind::generated::RemoteIncoming>::lend_remote(&mut #h)))
        .collect();
    let call = call(lent);
    quote! {
        #(let mut #held = __f.hold::<#kinds>(#at)?;)*
        let __r = #call?;
        #(__f.finish::<#kinds>(#at, #held)?;)*
        __f.give::<#ret>(__r)
    }
}
