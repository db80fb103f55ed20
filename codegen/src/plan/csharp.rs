//! Members as C# declares them, for the first line of every generated item's rustdoc
//! ("Binds `public static Matrix4 Mult(Matrix4 left, Matrix4 right)` …"): what a user sees in
//! the C# docs or source, so that searching the bindings' docs for it finds the Rust name.
//!
//! Types are spelled as C# code in the type's namespace would: keywords for the primitives,
//! `string` and `object`, simple names for named types (`Matrix4`, `List<int>`, nested ones
//! as `Outer.Inner`), `T?` for `Nullable<T>`, and the type parameters' own names.

use crate::model::{
    EventModel, FieldModel, GenericParam, MethodModel, PassMode, Primitive, PropertyModel, Ty, TypeKind, TypeModel,
    Visibility,
};

/// The type parameters' names in scope: the declaring type's and the method's.
#[derive(Clone, Copy)]
pub(super) struct Scope<'a> {
    pub of_type: &'a [String],
    pub of_method: &'a [String],
}

/// `ty` in C#.
pub(super) fn ty(t: &Ty, scope: Scope) -> String {
    match t {
        Ty::Void => "void".into(),
        Ty::Primitive(p) => primitive(*p).into(),
        Ty::String => "string".into(),
        Ty::Object => "object".into(),
        Ty::Named { path, args } => {
            if path.namespace == "System" && path.name == "Nullable" && args.len() == 1 {
                return format!("{}?", ty(&args[0], scope));
            }
            let mut name = path.nested.clone();
            name.push(path.name.clone());
            let name = name.join(".");
            if args.is_empty() {
                name
            } else {
                let args: Vec<String> = args.iter().map(|a| ty(a, scope)).collect();
                format!("{name}<{}>", args.join(", "))
            }
        }
        Ty::GenericParam(p) => {
            let (names, i, prefix) = match *p {
                GenericParam::Type(i) => (scope.of_type, i, "T"),
                GenericParam::Method(i) => (scope.of_method, i, "M"),
            };
            names.get(i).cloned().unwrap_or_else(|| format!("{prefix}{i}"))
        }
        Ty::SzArray(e) => format!("{}[]", ty(e, scope)),
        Ty::Array { element, rank } => format!("{}[{}]", ty(element, scope), ",".repeat(rank.saturating_sub(1))),
        Ty::ByRef(t) => format!("ref {}", ty(t, scope)),
        Ty::Pointer(Some(t)) => format!("{}*", ty(t, scope)),
        Ty::Pointer(None) => "void*".into(),
        Ty::FunctionPointer => "delegate*".into(),
        Ty::TypedReference => "TypedReference".into(),
    }
}

fn primitive(p: Primitive) -> &'static str {
    match p {
        Primitive::Bool => "bool",
        Primitive::Char => "char",
        Primitive::I8 => "sbyte",
        Primitive::U8 => "byte",
        Primitive::I16 => "short",
        Primitive::U16 => "ushort",
        Primitive::I32 => "int",
        Primitive::U32 => "uint",
        Primitive::I64 => "long",
        Primitive::U64 => "ulong",
        Primitive::F32 => "float",
        Primitive::F64 => "double",
        Primitive::IntPtr => "IntPtr",
        Primitive::UIntPtr => "UIntPtr",
    }
}

/// `public static `, `protected virtual `, …; nothing for an interface's members.
fn modifiers(t: &TypeModel, visibility: Visibility, m: Option<&MethodModel>) -> String {
    if t.kind == TypeKind::Interface {
        return String::new();
    }
    let mut out = match visibility {
        Visibility::Public => "public ",
        Visibility::Protected => "protected ",
        Visibility::ProtectedInternal => "protected internal ",
        Visibility::PrivateProtected => "private protected ",
        Visibility::Internal => "internal ",
        Visibility::Private => "private ",
    }
    .to_string();
    if let Some(m) = m {
        if m.is_static {
            out.push_str("static ");
        } else if m.is_abstract {
            out.push_str("abstract ");
        } else if m.is_override {
            out.push_str(if m.is_final { "sealed override " } else { "override " });
        } else if m.is_virtual && !m.is_final {
            out.push_str("virtual ");
        }
    }
    out
}

fn params(m: &MethodModel, scope: Scope, skip_last: bool) -> String {
    let n = m.params.len() - usize::from(skip_last && !m.params.is_empty());
    m.params[..n]
        .iter()
        .map(|p| {
            let pass = match p.pass {
                PassMode::Value if p.is_params => "params ",
                PassMode::Value => "",
                PassMode::Ref => "ref ",
                PassMode::Out => "out ",
                PassMode::In => "in ",
            };
            format!("{pass}{} {}", ty(&p.ty, scope), p.name)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// C#'s spelling of an operator method (`op_Addition` is `operator +`).
fn operator(name: &str) -> Option<&'static str> {
    Some(match name {
        "op_Addition" | "op_UnaryPlus" => "+",
        "op_Subtraction" | "op_UnaryNegation" => "-",
        "op_Multiply" => "*",
        "op_Division" => "/",
        "op_Modulus" => "%",
        "op_BitwiseAnd" => "&",
        "op_BitwiseOr" => "|",
        "op_ExclusiveOr" => "^",
        "op_LeftShift" => "<<",
        "op_RightShift" => ">>",
        "op_LogicalNot" => "!",
        "op_OnesComplement" => "~",
        "op_Increment" => "++",
        "op_Decrement" => "--",
        "op_True" => "true",
        "op_False" => "false",
        "op_Equality" => "==",
        "op_Inequality" => "!=",
        "op_LessThan" => "<",
        "op_GreaterThan" => ">",
        "op_LessThanOrEqual" => "<=",
        "op_GreaterThanOrEqual" => ">=",
        _ => return None,
    })
}

/// A method or constructor: `public static Matrix4 Mult(Matrix4 left, Matrix4 right)`,
/// `public Vector3(float x, float y, float z)`, `public static Vector3 operator +(Vector3
/// left, Vector3 right)`, `public static implicit operator JToken(string value)`.
pub(super) fn method(t: &TypeModel, m: &MethodModel) -> String {
    let scope = Scope {
        of_type: &t.generic_params,
        of_method: &m.generic_params,
    };
    let mods = modifiers(t, m.visibility, Some(m));
    let ps = params(m, scope, false);
    if m.is_constructor {
        return format!("{mods}{}({ps})", t.path.name);
    }
    let ret = ty(&m.ret, scope);
    match m.name.as_str() {
        "op_Implicit" | "op_Explicit" => {
            let kind = if m.name == "op_Implicit" {
                "implicit"
            } else {
                "explicit"
            };
            return format!("{mods}{kind} operator {ret}({ps})");
        }
        name => {
            if let Some(op) = operator(name) {
                return format!("{mods}{ret} operator {op}({ps})");
            }
        }
    }
    let generics = if m.generic_params.is_empty() {
        String::new()
    } else {
        format!("<{}>", m.generic_params.join(", "))
    };
    format!("{mods}{ret} {}{generics}({ps})", m.name)
}

/// A property's accessor: `public Vector3 Xyz { get; }`, `public JToken this[object key] {
/// set; }`.
pub(super) fn accessor(t: &TypeModel, p: &PropertyModel, m: &MethodModel, getter: bool) -> String {
    let scope = Scope {
        of_type: &t.generic_params,
        of_method: &[],
    };
    let mods = modifiers(t, m.visibility, Some(m));
    let name = if p.index_params.is_empty() {
        p.name.clone()
    } else {
        // The index parameters are the accessor's (a setter's last is the value).
        format!("this[{}]", params(m, scope, !getter))
    };
    let which = if getter { "get" } else { "set" };
    format!("{mods}{} {name} {{ {which}; }}", ty(&p.ty, scope))
}

/// An event: `public event EventHandler Died`.
pub(super) fn event(t: &TypeModel, e: &EventModel) -> String {
    let scope = Scope {
        of_type: &t.generic_params,
        of_method: &[],
    };
    format!(
        "{}event {} {}",
        modifiers(t, e.add.visibility, Some(&e.add)),
        ty(&e.handler, scope),
        e.name
    )
}

/// A field: `public float X`, `public static readonly Vector3 Zero`.
pub(super) fn field(t: &TypeModel, f: &FieldModel) -> String {
    let scope = Scope {
        of_type: &t.generic_params,
        of_method: &[],
    };
    let mut mods = modifiers(t, f.visibility, None);
    if f.is_literal {
        mods.push_str("const ");
    } else {
        if f.is_static {
            mods.push_str("static ");
        }
        if f.is_readonly {
            mods.push_str("readonly ");
        }
    }
    format!("{mods}{} {}", ty(&f.ty, scope), f.name)
}

/// The owner's full name as C# writes it (`Features.Holder<T>`, `System.Collections.Generic.List<int>`).
pub(super) fn owner_name(o: &super::member::Owned) -> String {
    let scope = Scope {
        of_type: &o.names_from.generic_params,
        of_method: &[],
    };
    let name = ty(&o.ty, scope);
    if o.t.path.namespace.is_empty() {
        name
    } else {
        format!("{}.{name}", o.t.path.namespace)
    }
}
