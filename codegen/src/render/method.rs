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
//! | class, interface, object | `Option<&impl Is<T>>` (`None` is null) | `Option<T>` |
//! | string | `Option<&str>` | `Option<String>` |
//! | array of primitives, enums, full structs | `Option<&[T]>` (copied) | `Option<Vec<T>>` |
//! | array of references | `Option<&ObjectArray<T>>` | `Option<ObjectArray<T>>` |
//! | `ref` | `&mut T` (objects: `&mut Option<T>`) | |
//! | `out` | | appended to the result: `(ret, out1, …)` |

use super::doc;
use crate::plan::{
    primitive_stored, primitive_value, rust_primitive, MethodItem, Pass, PassMode, Receiver, Ret, RETURN_BOXED,
    RETURN_BY_POINTER, THIS_BY_POINTER,
};

/// The mask as generated code spells it: the runtime's named flags, then the parameter bits.
fn mask_expr(mask: u64) -> String {
    let mut parts = Vec::new();
    for (bit, name) in [
        (THIS_BY_POINTER, "THIS_BY_POINTER"),
        (RETURN_BY_POINTER, "RETURN_BY_POINTER"),
        (RETURN_BOXED, "RETURN_BOXED"),
    ] {
        if mask & bit != 0 {
            parts.push(format!("::cilbind::{name}"));
        }
    }
    let params = mask & (RETURN_BOXED - 1);
    if params != 0 || parts.is_empty() {
        parts.push(format!("{params:#b}"));
    }
    parts.join(" | ")
}

/// One parameter's part of a call.
#[derive(Default)]
struct ParamCode {
    /// `name: Type` in the Rust signature (absent for `out`).
    rust_param: Option<String>,
    /// Statements before the call.
    pre: Vec<String>,
    /// The argument expression in the call tuple.
    arg: String,
    /// `(expression, type)` added to the result, for `out`.
    out: Option<(String, String)>,
}

fn value_param(name: &str, pass: &Pass) -> ParamCode {
    let mut p = ParamCode {
        arg: name.to_string(),
        ..ParamCode::default()
    };
    let ty = match pass {
        Pass::Primitive(prim) => primitive_value(*prim).to_string(),
        Pass::Enum { rust, flags, .. } => {
            p.arg = if *flags {
                format!("{name}.bits()")
            } else {
                format!("{name}.0")
            };
            rust.clone()
        }
        Pass::FullStruct(rust) => {
            p.arg = format!("::cilbind::In({name})");
            format!("&{rust}")
        }
        Pass::ManagedStruct(rust) => {
            p.arg = format!("&{name}.0");
            format!("&{rust}")
        }
        Pass::Handle(rust) => {
            p.arg = format!("{name}.map(::cilbind::Reference::as_object)");
            format!("::core::option::Option<&impl ::cilbind::Is<{rust}>>")
        }
        Pass::String => "::core::option::Option<&str>".to_string(),
        Pass::ObjectArray(rust) => format!("::core::option::Option<&{rust}>"),
        Pass::BlittableArray { elem, .. } => {
            p.pre.push(format!(
                "let {name} = {name}.map(::cilbind::Array::<{elem}>::from_slice).transpose()?;"
            ));
            p.arg = format!("{name}.as_ref()");
            format!("::core::option::Option<&[{elem}]>")
        }
        // The plan binds no other parameter form.
        Pass::Void | Pass::ByRef { .. } => "()".to_string(),
    };
    p.rust_param = Some(format!("{name}: {ty}"));
    p
}

fn byref_param(name: &str, pass: PassMode, target: &Pass) -> ParamCode {
    let mut p = ParamCode::default();
    let zeroed = "::cilbind::generated::zeroed()";
    // The Rust type of the slot, the argument wrapping `&mut slot`, and the slot's start value.
    let (slot_ty, wrap, init) = match target {
        Pass::Primitive(prim) => (primitive_stored(*prim).to_string(), "::cilbind::Out", zeroed),
        Pass::Enum { rust, .. } | Pass::FullStruct(rust) => (rust.clone(), "::cilbind::Out", zeroed),
        Pass::String => (
            "::core::option::Option<::std::string::String>".into(),
            "::cilbind::RefString",
            "None",
        ),
        Pass::Handle(rust) => (
            format!("::core::option::Option<{rust}>"),
            "::cilbind::RefObject",
            "None",
        ),
        Pass::ManagedStruct(rust) => {
            // The callee writes into the box itself: pass the struct's handle.
            p.arg = format!("&{name}.0");
            if pass == PassMode::Out {
                p.pre.push(format!("let {name} = {rust}::default_value()?;"));
                p.out = Some((name.to_string(), rust.clone()));
            } else {
                p.rust_param = Some(format!("{name}: &{rust}"));
            }
            return p;
        }
        // The plan binds no other by-ref form.
        _ => ("()".into(), "::cilbind::Out", zeroed),
    };
    if pass == PassMode::Out {
        p.pre.push(format!("let mut {name}: {slot_ty} = {init};"));
        p.arg = format!("{wrap}(&mut {name})");
        p.out = Some((name.to_string(), slot_ty));
    } else {
        p.rust_param = Some(format!("{name}: &mut {slot_ty}"));
        p.arg = format!("{wrap}({name})");
    }
    p
}

/// The Rust result type of a return, the type the raw call returns, and the conversion.
fn ret_code(pass: &Pass) -> (Option<String>, String, String) {
    let plain = |rust: String| (Some(rust.clone()), rust, "__r".to_string());
    match pass {
        Pass::Void => (None, "()".into(), "__r".into()),
        Pass::Primitive(p) => plain(primitive_value(*p).to_string()),
        Pass::Enum {
            rust,
            underlying,
            flags,
        } => {
            let convert = if *flags {
                format!("{rust}::from_bits_retain(__r)")
            } else {
                format!("{rust}(__r)")
            };
            (Some(rust.clone()), rust_primitive(*underlying).to_string(), convert)
        }
        Pass::FullStruct(rust) => plain(rust.clone()),
        Pass::ManagedStruct(rust) => (
            Some(rust.clone()),
            format!("::cilbind::StructHandle<{rust}>"),
            format!("{rust}(__r)"),
        ),
        Pass::Handle(rust) | Pass::ObjectArray(rust) => plain(format!("::core::option::Option<{rust}>")),
        Pass::String => plain("::core::option::Option<::std::string::String>".into()),
        Pass::BlittableArray { handle, elem } => (
            Some(format!("::core::option::Option<::std::vec::Vec<{elem}>>")),
            format!("::core::option::Option<{handle}>"),
            "__r.map(|a| a.to_vec()).transpose()?".into(),
        ),
        // The plan binds no ref returns.
        Pass::ByRef { .. } => (None, "()".into(), "__r".into()),
    }
}

/// The function binding `m`, whose type is `static TypeRef` `type_ref`.
pub(super) fn render(m: &MethodItem, type_ref: &str) -> String {
    let params: Vec<ParamCode> = m
        .params
        .iter()
        .map(|p| match &p.pass {
            Pass::ByRef { pass, target } => byref_param(&p.name, *pass, target),
            other => value_param(&p.name, other),
        })
        .collect();
    let mono_params: Vec<String> = m.mono_params.iter().map(|n| format!("{n:?}")).collect();
    let method_ref = if m.trampoline {
        format!(
            "::cilbind::MethodRef::by_pointer(&{type_ref}, {:?}, &[{}], {})",
            m.metadata_name,
            mono_params.join(", "),
            mask_expr(m.mask)
        )
    } else {
        format!(
            "::cilbind::MethodRef::new(&{type_ref}, {:?}, &[{}])",
            m.metadata_name,
            mono_params.join(", ")
        )
    };
    let (receiver, this_arg, this_pre) = match m.receiver {
        Receiver::Static => (None, None, None),
        Receiver::Object => (Some("&self"), Some("::cilbind::Reference::as_object(self)"), None),
        Receiver::StructBox => (Some("&self"), Some("&self.0"), None),
        Receiver::StructCopy => (
            Some("&self"),
            Some("::cilbind::Out(&mut this)"),
            Some("let mut this = *self;"),
        ),
        Receiver::StructMut => (Some("&mut self"), Some("::cilbind::Out(self)"), None),
    };
    // Rust signature.
    let mut sig: Vec<String> = receiver.iter().map(|r| r.to_string()).collect();
    sig.extend(params.iter().filter_map(|p| p.rust_param.clone()));
    let outs: Vec<&(String, String)> = params.iter().filter_map(|p| p.out.as_ref()).collect();
    let (ret_rust, call, raw_ty, convert) = match &m.ret {
        Ret::FullStructCtor => (Some("Self".to_string()), "call_sret", "Self".to_string(), "__r".to_string()),
        Ret::ManagedStructCtor => (
            Some("Self".to_string()),
            "call",
            "::cilbind::StructHandle<Self>".to_string(),
            "Self(__r)".to_string(),
        ),
        Ret::ClassCtor => (
            Some("Self".to_string()),
            "call",
            "::core::option::Option<::cilbind::Object>".to_string(),
            "<Self as ::cilbind::Reference>::from_object(__r.ok_or_else(|| ::cilbind::Error::NullReference(\"a constructor returned null\".into()))?)?".to_string(),
        ),
        Ret::Value(pass) => {
            let (rust, raw, convert) = ret_code(pass);
            let call = if matches!(pass, Pass::FullStruct(_)) {
                "call_sret"
            } else {
                "call"
            };
            (rust, call, raw, convert)
        }
    };
    let mut result_types: Vec<String> = ret_rust.iter().cloned().collect();
    result_types.extend(outs.iter().map(|(_, ty)| ty.clone()));
    let result_ty = tuple_of(&result_types, false);
    // Body.
    let mut body = format!("static M: ::cilbind::MethodRef = {method_ref};\n");
    for s in this_pre
        .iter()
        .map(|s| s.to_string())
        .chain(params.iter().flat_map(|p| p.pre.clone()))
    {
        body.push_str(&s);
        body.push('\n');
    }
    let mut args: Vec<String> = this_arg.iter().map(|s| s.to_string()).collect();
    args.extend(params.iter().map(|p| p.arg.clone()));
    let tuple = tuple_of(&args, true);
    body.push_str(&format!("let __r: {raw_ty} = M.thunk()?.{call}({tuple})?;\n"));
    let mut results: Vec<String> = Vec::new();
    if ret_rust.is_some() {
        results.push(convert);
    } else {
        body.push_str("let () = __r;\n");
    }
    results.extend(outs.iter().map(|(name, _)| name.clone()));
    body.push_str(&format!("Ok({})\n", tuple_of(&results, false)));
    let vis = if m.public { "pub " } else { "" };
    let mut out: String = m
        .doc
        .iter()
        .map(|l| if l.is_empty() { "///\n".to_string() } else { doc(l) })
        .collect();
    out.push_str(&format!(
        "{vis}fn {}({}) -> ::cilbind::Result<{result_ty}> {{\n{body}}}\n",
        m.rust_name,
        sig.join(", ")
    ));
    out
}

/// `()`, `x`, or `(x, y)`; a call tuple of one is `(x,)`.
fn tuple_of(parts: &[String], call: bool) -> String {
    match parts.len() {
        0 => "()".to_string(),
        1 if call => format!("({},)", parts[0]),
        1 => parts[0].clone(),
        _ => format!("({})", parts.join(", ")),
    }
}
