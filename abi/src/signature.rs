//! A method's signature as the function database names it, the text its [`FunctionId`] is the
//! hash of: `[Assembly]Namespace.Type::Name(P1,P2)->Return`, each type spelled as
//! [`TypeSig`](crate::TypeSig) spells it.

use crate::function_id::{Fnv1a, FunctionId};

/// The type that declares a method, as a signature names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeclaringType<'a> {
    /// Already spelled as a [`TypeSig`](crate::TypeSig) spells it (`Fixture.Outer.Inner`,
    /// `System.Collections.Generic.List<System.Int32>`).
    Spelled(&'a str),
    /// Named as the runtime's `TypeRef` takes a type definition: its namespace and its name
    /// with nested levels after `/` (`Outer/Inner`). Spelled `Namespace.Outer.Inner`: a nested
    /// type has no namespace of its own, its outermost type's is printed. The name is printed
    /// as it is (a generic definition's arity suffix stays).
    Definition {
        /// Namespace of the outermost type (may be empty).
        namespace: &'a str,
        /// Name, nested levels after `/`.
        name: &'a str,
    },
}

impl DeclaringType<'_> {
    /// Feeds its spelling to `f`, piece by piece.
    pub fn pieces(&self, f: &mut impl FnMut(&str)) {
        match *self {
            DeclaringType::Spelled(s) => f(s),
            DeclaringType::Definition { namespace, name } => {
                if !namespace.is_empty() {
                    f(namespace);
                    f(".");
                }
                for (i, part) in name.split('/').enumerate() {
                    if i > 0 {
                        f(".");
                    }
                    f(part);
                }
            }
        }
    }

    /// Its spelling.
    pub fn spelling(&self) -> String {
        let mut s = String::new();
        self.pieces(&mut |p| s.push_str(p));
        s
    }
}

/// A method's signature: assembly, declaring type, name, parameter types and return type, the
/// types already spelled (`params` may be `&[&str]` or `&[String]`).
#[derive(Clone, Copy, Debug)]
pub struct MethodSignature<'a, P: AsRef<str> = &'a str> {
    /// Simple name of the assembly that defines the declaring type.
    pub assembly: &'a str,
    /// The declaring type.
    pub declaring_type: DeclaringType<'a>,
    /// Method name (`.ctor` for constructors).
    pub name: &'a str,
    /// Parameter types, by-ref ones with `&`.
    pub params: &'a [P],
    /// Return type (`System.Void` for none).
    pub ret: &'a str,
}

impl<P: AsRef<str>> MethodSignature<'_, P> {
    /// Feeds the signature text to `f` piece by piece:
    /// `[Assembly]Namespace.Type::Name(P1,P2)->Return`. The one place that format is written.
    pub fn pieces(&self, f: &mut impl FnMut(&str)) {
        f("[");
        f(self.assembly);
        f("]");
        self.member_pieces(f);
        f("(");
        for (i, param) in self.params.iter().enumerate() {
            if i > 0 {
                f(",");
            }
            f(param.as_ref());
        }
        f(")->");
        f(self.ret);
    }

    /// Feeds its member, `Namespace.Type::Name`, to `f` piece by piece.
    pub fn member_pieces(&self, f: &mut impl FnMut(&str)) {
        self.declaring_type.pieces(f);
        f("::");
        f(self.name);
    }

    /// The signature text.
    pub fn text(&self) -> String {
        let mut s = String::new();
        self.pieces(&mut |p| s.push_str(p));
        s
    }

    /// Its member, `Namespace.Type::Name` (what [`member_of`] reads back from the text).
    pub fn member(&self) -> String {
        let mut s = String::new();
        self.member_pieces(&mut |p| s.push_str(p));
        s
    }

    /// Its ID, the hash of [`text`](Self::text) (computed without building the text).
    pub fn id(&self) -> FunctionId {
        let mut h = Fnv1a::default();
        self.pieces(&mut |p| h.write_str(p));
        FunctionId(h.finish())
    }

    /// The FNV-1a hash of [`member`](Self::member) (computed without building the text).
    pub fn member_hash(&self) -> u64 {
        let mut h = Fnv1a::default();
        self.member_pieces(&mut |p| h.write_str(p));
        h.finish()
    }
}

/// The member, `Namespace.Type::Name`, of a signature text: between the assembly's `]` and the
/// parameters' `(`.
pub fn member_of(signature: &str) -> &str {
    let start = signature.find(']').map_or(0, |i| i + 1);
    let end = signature[start..].find('(').map_or(signature.len(), |i| start + i);
    &signature[start..end]
}
