//! The vocabulary of the host interface: what a backend reports about a method's native entry
//! point (each parameter's and the return's native-ABI class, and which references the caller
//! must check), and the trampoline mask bits the raw path asks a backend's trampolines for.
//! Nothing here depends on a backend: these are the words in which `call/` and a backend agree.

use super::Class;

// The trampoline-mask bits are defined once, in `cilbind-abi`, for the generator, the runtime
// and every backend's trampolines alike.
pub use cilbind_abi::call_flags::{RETURN_BOXED, RETURN_BY_POINTER, RETURN_DEREF, THIS_BY_POINTER};

/// The native-ABI class of an argument or return value. A thunk checks, on every call, that
/// the Rust types' classes equal the method's (one compare of constants, the
/// signature key of `call/abi.rs`), so a binding that disagrees with the assembly is an error, never a call
/// with garbage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Abi {
    /// No value.
    Void,
    /// `bool` as a byte.
    Bool,
    /// `char` as a UTF-16 unit.
    Char,
    /// `sbyte`
    I8,
    /// `byte`
    U8,
    /// `short`
    I16,
    /// `ushort`
    U16,
    /// `int`
    I32,
    /// `uint`
    U32,
    /// `long`
    I64,
    /// `ulong`
    U64,
    /// `float`
    F32,
    /// `double`
    F64,
    /// `nint`
    ISize,
    /// `nuint`
    USize,
    /// A managed reference (object, string, or a struct's box); its class is checked against
    /// the declared type on every call.
    Ref,
    /// A pointer to a value of this many bytes that the callee reads or writes: `ref`/`out`
    /// primitives, enums and full structs, and full structs a trampoline takes by pointer. The
    /// size is part of the class, so a Rust value of another size never matches.
    ByRef(usize),
    /// A pointer to a managed reference (`ref`/`out` object or string); the reference in it is
    /// checked like an [`Abi::Ref`] argument.
    ByRefObject,
    /// An unmanaged pointer `T*`: managed code reads and writes through it without bounds, so
    /// only [`UnmanagedPtr`](crate::UnmanagedPtr), made with `unsafe`, has this class.
    Pointer,
    /// A `Span<T>` (`mutable`) or `ReadOnlySpan<T>` parameter of a trampoline, passed as a
    /// pointer to a (data, length) pair that the trampoline makes the span from; `element` is
    /// `T`'s size in bytes, so a Rust slice of another element size never matches.
    Span {
        /// Size of one element in bytes.
        element: usize,
        /// `Span<T>`, which the callee may write through (`&mut [V]`); `ReadOnlySpan<T>`
        /// takes `&[V]`.
        mutable: bool,
    },
    /// A blittable result written through a trailing pointer (size in bytes).
    Sret(usize),
    /// Something the raw path cannot carry.
    Unsupported,
}

/// A method's native entry point as the backend will call it: the class of `this` (if any)
/// and of each parameter, the class of the return, and for each parameter the reference check
/// the caller must make before every call (the entry point trusts its arguments).
pub(crate) struct EntrySignature {
    /// `this` first when the method has one.
    pub(crate) params: Vec<Abi>,
    /// One per entry of `params`.
    pub(crate) refs: Vec<Option<RefParam>>,
    pub(crate) ret: Abi,
}

/// What a reference parameter accepts: an instance of `declared` (or null where `nullable`;
/// only `declared` itself where `exact`, as for a `Nullable<T>` parameter's box of `T`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct RefParam {
    pub(crate) declared: Class,
    pub(crate) nullable: bool,
    pub(crate) exact: bool,
    /// The entry point itself refuses an object of another class, with the error the caller
    /// would have made (CoreCLR's emitted entries test the class as they cast the argument):
    /// the caller checks only null.
    pub(crate) class_checked_by_entry: bool,
    pub(crate) position: Position,
}

/// Which parameter a check guards, for messages.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Position {
    /// The instance a method is called on.
    This,
    /// The parameter with this index (0-based, `this` not counted).
    Argument(usize),
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Position::This => f.write_str("this"),
            Position::Argument(i) => write!(f, "argument {i}"),
        }
    }
}
