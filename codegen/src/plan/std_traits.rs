//! Rust's standard traits for what a .NET type defines: operators, conversions, equality,
//! hashing, ordering and `ToString`. Each impl calls the bound method it comes from (the
//! inherent method stays, returning `Result`), so both spell the same .NET call.
//!
//! The rule, for a bound, non-generic class or struct (not interfaces, not the runtime's own
//! types, whose traits the runtime gives):
//!
//! * **Operators**: a static `op_Addition(A, B)` → `impl Add<B> for A`; likewise `Sub`, `Mul`,
//!   `Div`, `Rem`, `BitAnd`, `BitOr`, `BitXor`, `Shl`, `Shr`; `op_UnaryNegation(A)` →
//!   `Neg for A`, `op_OnesComplement`/`op_LogicalNot` → `Not`. Operands and result must be
//!   values (primitives, enums, full structs), which Rust passes by value (they are `Copy`),
//!   so `a + b * 2.0` reads as in C#. An operator has no `Result`: a managed exception (a
//!   `Decimal` overflow) panics with the error, as Rust's own arithmetic does on overflow.
//! * **Equality**: `op_Equality(T, T)`, else an instance `Equals(T)` (`IEquatable<T>`), gives
//!   `PartialEq` through .NET (a full struct then does not derive a field-wise one: `Decimal`'s
//!   `1.0m == 1.00m` and `DateTime`'s `Kind` bits are .NET's business). Classes and structs
//!   without floating-point fields also get `Eq` (NaN is the one value unequal to itself),
//!   and with a declared `GetHashCode()` `Hash`. `CompareTo(T)` (`IComparable<T>`) beside it gives `PartialOrd` (and `Ord` with
//!   `Eq`). Each panics on a managed exception, as `==` cannot return an error.
//! * **`ToString()`** declared by the type gives `Display` (a null string prints nothing; an
//!   error is `fmt::Error`); a class also gets it when a bound base class declares one
//!   (`JObject` prints through `JToken.ToString()`), through a virtual call.
//! * **Conversions**: static `op_Implicit(A) → B` gives `impl From<A> for B` (C# converts
//!   implicitly where it cannot lose or fail; should the call fail all the same, or return
//!   null, `from` panics with the error, as an operator does: the bound `op_implicit…`
//!   method returns it instead), and `op_Explicit(A) → B` gives `impl TryFrom<A> for B`
//!   (`Error = cilbind::Error`; a null result is `Error::NullReference`), with
//!   references, strings and arrays taken by reference (`TryFrom<&JToken> for bool`,
//!   `From<&str> for JToken`). So that one pair of
//!   types gets at most one impl when both declare the conversion, a type's conversion *to*
//!   another bound type (struct, enum, class) is left to that type's declaration (C# lets
//!   either declare it); conversions to primitives, strings and arrays, and every conversion
//!   *to* the declaring type, are bound. A conversion of a type to itself (which Rust's blanket
//!   `TryFrom<T> for T` already is) is left out.

use super::items::{MemberItem, MethodItem, Receiver, Ret};
use super::rust_ty::Pass;
use crate::model::Primitive;

/// One standard-trait impl for a type, decided.
#[derive(Clone, Debug)]
pub(crate) enum StdImpl {
    /// `impl Trait<Rhs> for Lhs { type Output; fn method(self, rhs) }`.
    Binary {
        /// `Add`, `Mul`, …
        trait_name: &'static str,
        /// `add`, `mul`, …
        method: &'static str,
        /// Left operand.
        lhs: Pass,
        /// Right operand.
        rhs: Pass,
        /// Result.
        output: Pass,
        /// The bound static method (`op_addition`).
        call: String,
    },
    /// `impl Trait for Operand { type Output; fn method(self) }`.
    Unary {
        /// `Neg` or `Not`.
        trait_name: &'static str,
        /// `neg` or `not`.
        method: &'static str,
        /// The operand.
        operand: Pass,
        /// Result.
        output: Pass,
        /// The bound static method.
        call: String,
    },
    /// `PartialEq` (and maybe `Eq`, `Hash`) through .NET.
    Equality {
        /// The bound method deciding equality.
        call: String,
        /// `op_Equality(a, b)` (static) or `a.Equals(b)` (instance).
        receiver: Receiver,
        /// How the other operand passes (`&S` or `Option<&T>`).
        operand: Pass,
        /// `Eq` too.
        eq: bool,
        /// `GetHashCode()`: its bound method and receiver, for `Hash`.
        hash: Option<(String, Receiver)>,
    },
    /// `PartialOrd` (and `Ord` when `ord`) through `CompareTo(T)`.
    Ordering {
        /// The bound `CompareTo`.
        call: String,
        /// Its receiver.
        receiver: Receiver,
        /// How the other operand passes.
        operand: Pass,
        /// `Ord` too.
        ord: bool,
    },
    /// `Display` of a class through the `ToString()` override its own class or a base class
    /// declares, called virtually (`cilbind::generated::display`).
    DisplayVirtual,
    /// `Display` through `ToString()`.
    Display {
        /// The bound `ToString`.
        call: String,
        /// Its receiver.
        receiver: Receiver,
    },
    /// `impl From<source> for target` through an implicit conversion operator, `impl
    /// TryFrom<source> for target` through an explicit one.
    Conversion {
        /// C#'s `implicit`: `From`.
        implicit: bool,
        /// The parameter's form.
        source: Pass,
        /// The result's form.
        target: Pass,
        /// The bound static method.
        call: String,
    },
}

const BINARY: &[(&str, &str, &str)] = &[
    ("op_Addition", "Add", "add"),
    ("op_Subtraction", "Sub", "sub"),
    ("op_Multiply", "Mul", "mul"),
    ("op_Division", "Div", "div"),
    ("op_Modulus", "Rem", "rem"),
    ("op_BitwiseAnd", "BitAnd", "bitand"),
    ("op_BitwiseOr", "BitOr", "bitor"),
    ("op_ExclusiveOr", "BitXor", "bitxor"),
    ("op_LeftShift", "Shl", "shl"),
    ("op_RightShift", "Shr", "shr"),
];

const UNARY: &[(&str, &str, &str)] = &[
    ("op_UnaryNegation", "Neg", "neg"),
    ("op_OnesComplement", "Not", "not"),
    ("op_LogicalNot", "Not", "not"),
];

/// The standard-trait impls of a type whose members are `items` and whose Rust type is
/// `self_ty`; `float_free`: a full struct without floating-point fields (or a class), which
/// may be `Eq`; `inherits_to_string`: a class whose base class declares `ToString()`.
pub(super) fn plan(items: &[MemberItem], self_ty: &str, float_free: bool, inherits_to_string: bool) -> Vec<StdImpl> {
    let methods: Vec<&MethodItem> = items
        .iter()
        .filter_map(|m| match m {
            MemberItem::Method(m) if m.method_type_params.is_empty() && !m.is_unsafe => Some(&**m),
            _ => None,
        })
        .collect();
    let is_self = |p: &Pass| matches!(p, Pass::FullStruct(r) | Pass::Handle(r) if r == self_ty);
    // A result annotated non-null is the value itself: operators take only values, and
    // conversions and `Display` accept either form (`cilbind::generated::non_null`,
    // `write_text`).
    let ret = |m: &MethodItem| match &m.ret {
        Ret::Value(p) | Ret::NonNull(p) => Some(p.clone()),
        _ => None,
    };
    let mut out = Vec::new();
    let mut taken: Vec<String> = Vec::new();
    let mut once = |key: String, imp: StdImpl, out: &mut Vec<StdImpl>| {
        if !taken.contains(&key) {
            taken.push(key);
            out.push(imp);
        }
    };
    for m in &methods {
        let statics = m.receiver == Receiver::Static;
        let params: Vec<&Pass> = m.params.iter().map(|p| &p.pass).collect();
        let Some(output) = ret(m) else { continue };
        if let (true, Some(&(_, trait_name, method)), [lhs, rhs]) = (
            statics,
            BINARY.iter().find(|(n, _, _)| *n == m.metadata_name),
            params.as_slice(),
        ) {
            if operand(lhs) && operand(rhs) && operand(&output) {
                let imp = StdImpl::Binary {
                    trait_name,
                    method,
                    lhs: (*lhs).clone(),
                    rhs: (*rhs).clone(),
                    output,
                    call: m.rust_name.clone(),
                };
                once(format!("{trait_name} {lhs:?} {rhs:?}"), imp, &mut out);
            }
            continue;
        }
        if let (true, Some(&(_, trait_name, method)), [x]) = (
            statics,
            UNARY.iter().find(|(n, _, _)| *n == m.metadata_name),
            params.as_slice(),
        ) {
            if operand(x) && operand(&output) {
                let imp = StdImpl::Unary {
                    trait_name,
                    method,
                    operand: (*x).clone(),
                    output,
                    call: m.rust_name.clone(),
                };
                once(format!("{trait_name} {x:?}"), imp, &mut out);
            }
            continue;
        }
        if statics && matches!(m.metadata_name.as_str(), "op_Implicit" | "op_Explicit") {
            if let [source] = params.as_slice() {
                // To another bound type: that type's own declaration binds it (see above).
                let to_other = bound_type(&output) && !is_self(&output);
                if convertible(source) && convertible(&output) && **source != output && !to_other {
                    let key = format!("{source:?} -> {output:?}");
                    let imp = StdImpl::Conversion {
                        implicit: m.metadata_name == "op_Implicit",
                        source: (*source).clone(),
                        target: output,
                        call: m.rust_name.clone(),
                    };
                    once(key, imp, &mut out);
                }
            }
        }
    }
    let bool_ret = |m: &MethodItem| matches!(m.ret, Ret::Value(Pass::Primitive(Primitive::Bool)));
    let find = |name: &str, statics: bool, arity: usize| {
        methods.iter().copied().find(|m| {
            m.metadata_name == name
                && (m.receiver == Receiver::Static) == statics
                && m.params.len() == arity
                && m.params.iter().all(|p| is_self(&p.pass))
        })
    };
    let equality = find("op_Equality", true, 2)
        .filter(|m| bool_ret(m))
        .or_else(|| find("Equals", false, 1).filter(|m| bool_ret(m)));
    if let Some(e) = equality {
        // `Hash` is for keys of maps and sets, which need `Eq` too.
        let hash = find("GetHashCode", false, 0)
            .filter(|m| float_free && matches!(m.ret, Ret::Value(Pass::Primitive(Primitive::I32))))
            .map(|m| (m.rust_name.clone(), m.receiver));
        let operand = e.params[0].pass.clone();
        let eq = float_free;
        out.push(StdImpl::Equality {
            call: e.rust_name.clone(),
            receiver: e.receiver,
            operand: operand.clone(),
            eq,
            hash,
        });
        if let Some(c) =
            find("CompareTo", false, 1).filter(|m| matches!(m.ret, Ret::Value(Pass::Primitive(Primitive::I32))))
        {
            out.push(StdImpl::Ordering {
                call: c.rust_name.clone(),
                receiver: c.receiver,
                operand,
                ord: eq,
            });
        }
    }
    if let Some(s) = methods.iter().find(|m| {
        m.metadata_name == "ToString"
            && m.receiver != Receiver::Static
            && m.params.is_empty()
            && matches!(m.ret, Ret::Value(Pass::String) | Ret::NonNull(Pass::String))
    }) {
        out.push(match s.receiver {
            // Through `Object.ToString`, as inherited ones: one helper, no per-type body.
            Receiver::Object => StdImpl::DisplayVirtual,
            receiver => StdImpl::Display {
                call: s.rust_name.clone(),
                receiver,
            },
        });
    } else if inherits_to_string {
        out.push(StdImpl::DisplayVirtual);
    }
    out
}

/// An operator's operand or result: a value Rust passes by copy.
fn operand(p: &Pass) -> bool {
    matches!(p, Pass::Primitive(_) | Pass::Enum { .. } | Pass::FullStruct(_))
}

/// A conversion's source or target: values, references, strings, `Nullable`s and arrays of
/// values.
fn convertible(p: &Pass) -> bool {
    match p {
        Pass::Nullable(v) => operand(v),
        other => operand(other) || matches!(other, Pass::Handle(_) | Pass::String | Pass::BlittableArray { .. }),
    }
}

/// A type the bindings declare (not a primitive, string or array of them): it may declare
/// its own conversions.
fn bound_type(p: &Pass) -> bool {
    match p {
        Pass::Nullable(v) => bound_type(v),
        other => matches!(other, Pass::Enum { .. } | Pass::FullStruct(_) | Pass::Handle(_)),
    }
}
