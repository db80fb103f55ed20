//! Why something is not bound: a countable category ([`SkipKind`]) and a sentence
//! ([`Unsupported`]). Every skip in the plan carries both; the summary counts categories and
//! `cilbind generate --explain` prints the sentences. (A whole type left without a declaration,
//! with one skip per member, is `skipped_type.rs`.)

use std::fmt;

/// Why something is not bound, as a countable category.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SkipKind {
    /// A type parameter that is not known (member of a generic type, generic value type definition).
    OpenGeneric,
    /// An unmanaged pointer `T*`.
    Pointer,
    /// A function pointer.
    FunctionPointer,
    /// `TypedReference`, `ArgIterator`, `System.Void` and other runtime-special types.
    SpecialType,
    /// A multi-dimensional array.
    MultiDimArray,
    /// An array whose elements can't cross (arrays of managed structs).
    ArrayElement,
    /// A `ref` return (an interior pointer the GC may move).
    RefReturn,
    /// `__arglist` methods.
    Varargs,
    /// `Nullable<T>` of a managed struct (its box is not plain data), or an array of `Nullable`.
    Nullable,
    /// `Span<T>`/`ReadOnlySpan<T>` returned, by `ref`, or of an element type that is not a
    /// primitive, enum or full struct.
    Span,
    /// A protected member: only reachable from subclasses, which bindings can't declare.
    Protected,
    /// A value type whose layout can't be computed from its metadata.
    BadLayout,
    /// A constructor Rust can't call: of an abstract class, an interface or a delegate
    /// (delegates are made with `cilbind::Callback`).
    Constructor,
    /// More arguments than the runtime's call tuples take.
    TooManyArguments,
    /// A type the runtime itself binds (primitives, `Object`, `String`, core interfaces).
    RuntimeType,
    /// A C# type Rust cannot implement or extend yet, or a virtual member whose Rust
    /// subclasses keep the base behaviour (an interface extending others or declaring events,
    /// a virtual member whose base implementation cannot be called or forwarded to). Only
    /// implementation skips (items `implement …`) have it.
    Implementation,
    /// A type of Mono's class library that Rust implements or extends only on request
    /// (`Builder::implementable`). Only implementation skips have it.
    OnRequest,
    /// No Rust form yet: a type without a Rust declaration, `ref` of an array, a field or
    /// constant of a kind not bound yet, a value that does not fit its type.
    NoRustForm,
}

impl SkipKind {
    /// A short, greppable name (`open-generic`), as `--explain` prints it.
    pub fn key(self) -> &'static str {
        match self {
            SkipKind::OpenGeneric => "open-generic",
            SkipKind::Pointer => "pointer",
            SkipKind::FunctionPointer => "function-pointer",
            SkipKind::SpecialType => "special-type",
            SkipKind::MultiDimArray => "multi-dim-array",
            SkipKind::ArrayElement => "array-element",
            SkipKind::RefReturn => "ref-return",
            SkipKind::Varargs => "varargs",
            SkipKind::Nullable => "nullable",
            SkipKind::Span => "span",
            SkipKind::Protected => "protected",
            SkipKind::BadLayout => "bad-layout",
            SkipKind::Constructor => "constructor",
            SkipKind::RuntimeType => "runtime-type",
            SkipKind::TooManyArguments => "too-many-arguments",
            SkipKind::Implementation => "implementation",
            SkipKind::OnRequest => "on-request",
            SkipKind::NoRustForm => "no-rust-form",
        }
    }
}

impl fmt::Display for SkipKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SkipKind::OpenGeneric => "open generic type parameter",
            SkipKind::Pointer => "unmanaged pointer",
            SkipKind::FunctionPointer => "function pointer",
            SkipKind::SpecialType => "runtime-special type (TypedReference, ArgIterator, Void)",
            SkipKind::MultiDimArray => "multi-dimensional array",
            SkipKind::ArrayElement => "array of managed structs",
            SkipKind::RefReturn => "ref return",
            SkipKind::Varargs => "varargs method",
            SkipKind::Nullable => "Nullable<T>",
            SkipKind::Span => "Span<T> (returned, by ref, or of a managed element)",
            SkipKind::Protected => "protected member",
            SkipKind::BadLayout => "value type with unusable layout",
            SkipKind::Constructor => "constructor Rust can't call",
            SkipKind::RuntimeType => "bound by the runtime itself",
            SkipKind::TooManyArguments => "too many arguments",
            SkipKind::Implementation => "not implementable or overridable in Rust yet",
            SkipKind::OnRequest => "Mono's class library: implemented on request (Builder::implementable)",
            SkipKind::NoRustForm => "no Rust form yet",
        })
    }
}

/// Why something is not bound: a category and a human-readable explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// Category, for counting.
    pub kind: SkipKind,
    /// What exactly, e.g. "parameter `p`: unmanaged pointer System.Int32*".
    pub detail: String,
}

impl Unsupported {
    pub(crate) fn new(kind: SkipKind, detail: impl Into<String>) -> Self {
        Unsupported {
            kind,
            detail: detail.into(),
        }
    }

    pub(crate) fn context(self, what: &str) -> Self {
        Unsupported {
            kind: self.kind,
            detail: format!("{what}: {}", self.detail),
        }
    }
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.detail)
    }
}

/// A member or type that is not bound: what, the category, and why. Each one is a `//`
/// comment in the output, a line of `cilbind generate --explain`, and one count in the
/// [`Summary`](crate::Summary).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skip {
    /// The member (`Type.Member`) or type (metadata name).
    pub item: String,
    /// The category.
    pub kind: SkipKind,
    /// The sentence.
    pub reason: String,
    /// Simple name of the assembly that defines the type or member (`mscorlib`), so that a
    /// build script binding several assemblies can tell whose skips are whose.
    pub assembly: String,
}
