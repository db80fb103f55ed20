//! Natives: C# `extern` methods implemented in Rust, declared `[DllImport("__Internal")]`
//! (bound on Mono and on CoreCLR: see host/native.rs) or
//! `[MethodImpl(MethodImplOptions.InternalCall)]` (Mono only; refused on CoreCLR, naming each).
//!
//! For each C# class with natives, the generator emits a trait (`FooNatives`) with one typed
//! method per native, and `Foo::natives::<I>()`, which makes a [`NativeTable`] of thunks for
//! the implementor `I`. [`Assembly::install_natives`](crate::Assembly::install_natives)
//! checks that every native the assembly declares is there (listing every missing one) and
//! registers the thunks as Mono internal calls, so that each C# call jumps straight to its
//! thunk (a raw internal call: see host/mono/native.rs for why that is sound). Generated bindings
//! install them in `init_with_natives` ([`install`]), and their `init()` refuses to start while
//! a declared native is not installed ([`require_installed`]).
//!
//! In a native's body:
//! * objects C# passes are lent for the call ([`Lent`]); `to_owned()` makes a handle to keep;
//! * strings are `Option<&str>`, arrays [`Array`](crate::Array)/[`ObjectArray`](crate::ObjectArray)
//!   handles, `ref`/`out` parameters `&mut` (written back when the body returns `Ok`);
//! * an `Err(`[`ManagedException`]`)` throws that exception at the C# call site, and a panic
//!   throws `Cilbind.RustPanicException` with the panic's message: nothing unwinds into the
//!   runtime (`cilbind::generated::native_call`). On CoreCLR, where an exception crossing from
//!   a P/Invoke back into C# aborts the process, the native returns zero instead and the
//!   failure is logged;
//! * with too little stack left for Rust code (recursion through C# and Rust), the body does
//!   not run and `InsufficientExecutionStackException` is thrown at the call site instead.
//!
//! The parameter and return kinds ([`Incoming`], [`Outgoing`] and their markers in [`kind`])
//! are shared by every C#→Rust path.

mod exception;
mod guard;
mod incoming;
mod lent;
mod outgoing;
pub(crate) mod remote_kinds;
mod table;

pub use crate::host::{ByRef, RawRef, RawRet};
pub use exception::{ManagedException, NativeResult};
pub(crate) use guard::{guarded, guarded_as, Voice};
pub use guard::{native_call, NativeAbi};
pub(crate) use incoming::sealed as incoming_sealed;
pub use incoming::Incoming;
pub use lent::Lent;
pub use outgoing::Outgoing;
pub use table::{install, require_installed, NativeEntry, NativeTable};

/// The parameter and return kinds: one marker per way a value crosses from C# to Rust.
pub mod kind {
    pub use super::incoming::{
        Arr, Bool, InValue, Obj, ObjArr, OutBool, OutObj, OutStr, OutValue, RefBool, RefObj, RefStr, RefValue, Str,
        This, Unconverted, Value,
    };
    pub use super::outgoing::Void;
}
