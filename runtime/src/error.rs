//! The runtime's error type: every fallible operation returns [`Result`].

use std::path::PathBuf;

/// Errors from the runtime and from calls into managed code.
#[derive(Debug, Clone, thiserror::Error, PartialEq, serde::Serialize, serde::Deserialize)]
#[non_exhaustive]
pub enum Error {
    /// The runtime (Mono today) could not be started (the message says why).
    #[error("the .NET runtime could not start: {0}")]
    Startup(String),
    /// An assembly could not be loaded.
    #[error("cannot load assembly {path}: {reason}")]
    AssemblyLoad {
        /// The path (or simple name) that was asked for.
        path: PathBuf,
        /// What went wrong.
        reason: String,
    },
    /// A type is not in the assembly that was searched.
    #[error("class {namespace}.{name} not found in assembly {assembly}")]
    ClassNotFound {
        /// Namespace asked for.
        namespace: String,
        /// Type name asked for (`Outer/Inner` for nested types).
        name: String,
        /// Assembly searched.
        assembly: String,
    },
    /// No method with this name and parameter list (and return type, when one was asked for).
    #[error("method {class}::{name}({parameters}) not found; methods of that name: [{}]", candidates.join("; "))]
    MethodNotFound {
        /// Class searched (with its bases).
        class: String,
        /// Method name asked for.
        name: String,
        /// Parameter types asked for, then ` -> ` and the return type when one was asked for
        /// (`Conversions.Fixed -> System.Decimal`). One string, not a field more: `Error`
        /// travels in every `Result` and stays small.
        parameters: String,
        /// Overloads that do exist, for the message.
        candidates: Vec<String>,
    },
    /// Several methods of one class have this name and parameter list (they differ only by
    /// return type, as the conversion operators `op_Implicit`/`op_Explicit` may: ECMA-335
    /// I.10.2, CLS rule 38), and no return type was given to choose between them.
    #[error(
        "method {class}::{name}({parameters}) is ambiguous: name its return type; candidates: [{}]",
        candidates.join("; ")
    )]
    AmbiguousMethod {
        /// Class whose methods match.
        class: String,
        /// Method name asked for.
        name: String,
        /// Parameter types asked for.
        parameters: String,
        /// Every matching overload, with its return type (a boxed slice: a `Vec` here would
        /// make every `Error` larger).
        candidates: Box<[String]>,
    },
    /// A member whose signature names a type Mono cannot load (for example one defined in an
    /// assembly that is missing).
    #[error("cannot resolve the signature of {member}: {reason}")]
    TypeLoad {
        /// The member (`Namespace.Type::Name`).
        member: String,
        /// Mono's reason, naming the type or assembly it could not load.
        reason: String,
    },
    /// No field with this name.
    #[error("field {class}::{name} not found")]
    FieldNotFound {
        /// Class searched (with its bases).
        class: String,
        /// Field name asked for.
        name: String,
    },
    /// A handle whose object was freed (its slot may hold another object now), or whose
    /// object belonged to a unit that was reloaded since ([`Runtime::reload`](crate::Runtime::reload)).
    #[error("stale handle: the object it referred to was released")]
    StaleHandle,
    /// A reload could not be carried out, or a binding resolved before a reload was used after
    /// it (the message says which).
    #[error("reload: {0}")]
    Reload(String),
    /// A cast or unbox to a type the value does not have.
    #[error("invalid cast from {from} to {to}")]
    InvalidCast {
        /// The value's runtime type.
        from: String,
        /// The type asked for.
        to: String,
    },
    /// A null reference where an object is required (for example `this`).
    #[error("null reference: {0}")]
    NullReference(String),
    /// Managed code threw. Displayed on one line, as .NET's `Message` with its type, and the
    /// `InnerException` chain joined by ` ---> ` (a line break inside a message becomes a
    /// space): `System.InvalidOperationException: outer ---> System.FormatException: inner`.
    /// The alternate form (`{:#}`) is .NET's `Exception.ToString()`: that chain, then the
    /// stack traces from the innermost out, each inner one closed by
    /// `--- End of inner exception stack trace ---`. [`Error::managed_stack_trace`] gives the
    /// stack trace alone.
    #[error(fmt = exception_fmt)]
    ManagedException {
        /// Full name of the exception's type (`System.InvalidOperationException`).
        type_name: String,
        /// The exception's `Message`.
        message: String,
        /// The exception's `StackTrace`.
        stack_trace: String,
        /// Its `InnerException` chain, the immediate inner exception first (a boxed slice keeps
        /// `Error` small: it travels in every `Result`).
        inner: Box<[InnerException]>,
    },
    /// A struct's Rust layout differs from Mono's: refuse to run rather than read garbage.
    #[error("layout mismatch in {type_name}: {detail}")]
    LayoutMismatch {
        /// The .NET type.
        type_name: String,
        /// Which field or size differs, and how.
        detail: String,
    },
    /// A .NET string that is not valid UTF-16 (a lone surrogate) was read as a Rust `String`.
    #[error("string is not valid UTF-16: lone surrogate {unit:#06x} at index {index}")]
    InvalidUtf16 {
        /// Index of the offending code unit.
        index: usize,
        /// The code unit.
        unit: u16,
    },
    /// Arguments do not fit the method (count or kind), for the reflective path.
    #[error("invalid argument: {0}")]
    InvalidArgument(String),
    /// Something cilbind cannot do with this member.
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// A call log that cannot be read (see [`record::LogReader`](crate::record::LogReader)):
    /// not a log, cut short, corrupt, or the reader failed.
    #[error("call log, frame {frame}: {reason}")]
    Log {
        /// The frame that could not be read (0 is the header, 1 the first entry).
        frame: usize,
        /// What was wrong.
        reason: String,
    },
    /// A recording could not start (another runs), or its log could not be written.
    #[error("call recording: {0}")]
    Recording(String),
    /// A replay stopped at a call it could not make (a divergence is no error: see
    /// [`record::ReplayReport`](crate::record::ReplayReport)).
    #[error("replay stopped at call {call}: {reason}")]
    Replay {
        /// Index of the call in the log (the first is 0).
        call: usize,
        /// Why the call could not be made.
        reason: String,
    },
    /// The natives given for an assembly do not match the internal calls it declares (see
    /// `Assembly::install_natives`); nothing was installed. Every list is complete.
    #[error("{}", natives_text(assembly, missing, unexpected, rebound))]
    NativesMismatch {
        /// The assembly's simple name.
        assembly: String,
        /// Internal calls the assembly declares that no entry implements
        /// (`Ns.Class::Method(int,string)`).
        missing: Box<[String]>,
        /// Entries that name no internal call of the assembly (a removed method, or one whose
        /// signature changed), or that name one twice with different thunks.
        unexpected: Box<[String]>,
        /// Natives installed before with another implementation.
        rebound: Box<[String]>,
    },
    /// Assemblies declare natives (C# internal calls implemented in Rust) that Rust has not
    /// installed: the generated `init()` refuses to start rather than let the first C# call of
    /// one fail with `MissingMethodException` (install them first: the bindings'
    /// `init_with_natives`, or [`Assembly::install_natives`](crate::Assembly::install_natives)
    /// before `init()`). The list is complete, in metadata order.
    #[error(
        "natives of {} are not installed: {}; install them before init() (the bindings' init_with_natives, or \
         Assembly::install_natives) or C# calls of them fail",
        assemblies.join(", "),
        missing.join(", ")
    )]
    NativesNotInstalled {
        /// The assemblies (simple names) that declare the natives missing.
        assemblies: Box<[String]>,
        /// Each internal call not installed (`Ns.Class::Method(int,string)`).
        missing: Box<[String]>,
    },
    /// Methods that generated bindings call are not in the loaded assemblies as the bindings
    /// were generated (checked all at once by their `init()` through
    /// [`FunctionDb::install_table`](crate::FunctionDb::install_table), and again by
    /// [`FunctionDb::check`](crate::FunctionDb::check)). Both lists are complete and sorted;
    /// methods are written as the function database signs them
    /// (`[Assembly]Namespace.Type::Name(P1,P2)->R`).
    #[error("{}", functions_text(missing, changed))]
    FunctionsMismatch {
        /// Bound methods that no longer exist (their type, or no method of that name is left
        /// that another bound method does not account for). An entry may end with a reason in
        /// parentheses (the type or its assembly cannot be found).
        missing: Box<[String]>,
        /// Bound methods whose type still has a method of that name, with another signature.
        changed: Box<[ChangedMethod]>,
    },
    /// The connection to the server that hosts this client's runtime is gone, or was never
    /// made (see [`remote`](crate::remote)); connect again for fresh handles.
    #[error("remote runtime: {0}")]
    Disconnected(String),
    /// A call pipelined to a remote runtime (see [`remote::pipelined`](crate::remote::pipelined))
    /// failed on the server; the calls sent after it in the same batch did not run.
    #[error(
        "pipelined call {index} of its batch ({method}) failed: {source}; the {skipped} call(s) after it did not run"
    )]
    PipelinedCallFailed {
        /// The method called (`Namespace.Type::Name`).
        method: String,
        /// Its place in the batch (the first is 0).
        index: usize,
        /// How many calls after it were not run.
        skipped: usize,
        /// Why it failed.
        source: Box<Error>,
    },
    /// A function ID that names no method of the [`FunctionDb`](crate::FunctionDb).
    #[error("no method with ID {id} is in the function database")]
    UnknownFunction {
        /// The ID asked for.
        #[serde(with = "function_id")]
        id: crate::FunctionId,
    },
    /// Generated class wrappers convert to their base classes and interfaces without a check;
    /// the loaded assemblies do not have some of those relations (another build than the
    /// bindings were generated from, or a reload whose new code dropped an interface). The
    /// wrappers concerned cannot be made (their class does not resolve), and the bindings'
    /// `init()` lists every broken relation at once. Each entry is
    /// `Namespace.Type does not implement Namespace.IFace` (or `does not derive from`).
    #[error("the bound types do not match the loaded assemblies: {}", broken.join("; "))]
    TypeGraphMismatch {
        /// Every relation the bindings assume that the loaded assemblies lack, sorted.
        broken: Box<[String]>,
    },
}

/// A bound method whose signature changed (see [`Error::FunctionsMismatch`]).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ChangedMethod {
    /// The method as the bindings name it.
    pub bound: String,
    /// The methods of that type and name the loaded assembly has instead (none of them
    /// another bound method), each signed the same way, or with the reason its signature
    /// cannot be resolved.
    pub found: Box<[String]>,
}

/// One exception of a managed exception's `InnerException` chain.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct InnerException {
    /// Full name of its type.
    pub type_name: String,
    /// Its `Message`.
    pub message: String,
    /// Its `StackTrace` (where it was thrown).
    pub stack_trace: String,
}

/// [`Error::ManagedException`]'s `Display`: one line, or with `{:#}` the text .NET's
/// `Exception.ToString()` gives for this chain (without the `Exception.Data` and source lines
/// .NET omits too).
fn exception_fmt(
    type_name: &str,
    message: &str,
    stack_trace: &str,
    inner: &[InnerException],
    f: &mut std::fmt::Formatter<'_>,
) -> std::fmt::Result {
    if !f.alternate() {
        write!(f, "{type_name}: ")?;
        one_line(message, f)?;
        for e in inner {
            write!(f, " ---> {}: ", e.type_name)?;
            one_line(&e.message, f)?;
        }
        return Ok(());
    }
    write!(f, "{type_name}: {message}")?;
    for e in inner {
        write!(f, " ---> {}: {}", e.type_name, e.message)?;
    }
    for e in inner.iter().rev() {
        if !e.stack_trace.is_empty() {
            write!(f, "\n{}", e.stack_trace)?;
        }
        f.write_str("\n   --- End of inner exception stack trace ---")?;
    }
    if !stack_trace.is_empty() {
        write!(f, "\n{stack_trace}")?;
    }
    Ok(())
}

/// `text` with each line break (`\n`, `\r\n`, `\r`) written as one space: Mono's messages
/// may span lines (`Value cannot be null.` then `Parameter name: value`).
fn one_line(text: &str, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
    for (i, line) in text.split(['\r', '\n']).filter(|l| !l.is_empty()).enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        f.write_str(line)?;
    }
    Ok(())
}

impl Error {
    /// The managed stack trace of an [`Error::ManagedException`] (.NET's `StackTrace`: where
    /// the outermost exception was thrown; each inner exception's is in its
    /// [`InnerException::stack_trace`]); `None` for other errors. `{:#}` prints the whole
    /// chain with every stack trace.
    pub fn managed_stack_trace(&self) -> Option<&str> {
        match self {
            Error::ManagedException { stack_trace, .. } => Some(stack_trace),
            _ => None,
        }
    }
}

/// `Result` with the runtime's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// The text of [`Error::NativesMismatch`]: each non-empty list on its own line.
fn natives_text(assembly: &str, missing: &[String], unexpected: &[String], rebound: &[String]) -> String {
    let mut text = format!("the natives given for assembly {assembly} do not match its internal calls");
    for (what, list) in [
        ("missing", missing),
        ("not internal calls of the assembly", unexpected),
        ("already installed with another implementation", rebound),
    ] {
        if !list.is_empty() {
            text.push_str(&format!("\n{what}: {}", list.join(", ")));
        }
    }
    text
}

/// The text of [`Error::FunctionsMismatch`]: a summary line, then one line per method, both
/// signatures for a changed one.
fn functions_text(missing: &[String], changed: &[ChangedMethod]) -> String {
    let mut text = format!(
        "the bound methods do not match the loaded assemblies: {} missing, {} changed",
        missing.len(),
        changed.len()
    );
    for m in missing {
        text.push_str(&format!("\nmissing: {m}"));
    }
    for c in changed {
        text.push_str(&format!("\nchanged: {} is now {}", c.bound, c.found.join(" or ")));
    }
    text
}

/// A [`FunctionId`](crate::FunctionId) as its number (errors cross to a remote runtime's
/// clients).
mod function_id {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub(super) fn serialize<S: Serializer>(id: &crate::FunctionId, s: S) -> Result<S::Ok, S::Error> {
        id.0.serialize(s)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<crate::FunctionId, D::Error> {
        u64::deserialize(d).map(crate::FunctionId)
    }
}
