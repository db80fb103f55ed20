//! How .NET names become Rust names. The rule, applied deterministically:
//!
//! * **Modules**: one module per namespace segment, snake_cased: `Spike.Sample` becomes
//!   `spike::sample`. Types in the global namespace live at the root of the output.
//! * **Types** keep their .NET name minus the generic arity suffix (``List`1`` becomes
//!   `List`). Nested types are joined to their enclosing types with `_`:
//!   `Circle/Builder/Mode` becomes `Circle_Builder_Mode`.
//! * **Fields and methods** are snake_cased: `IsKinematic` becomes `is_kinematic`,
//!   `HTTPServer` becomes `http_server`, `m_value` stays `m_value`. `NaN` is one word:
//!   `IsNaN` becomes `is_nan`, `NaN` becomes `NAN`.
//! * **Constants** (enum members, flags) are SCREAMING_SNAKE_CASE: `ReadWrite` becomes `READ_WRITE`.
//! * Characters that can't appear in a Rust identifier become `_`; a leading digit gets a `_`
//!   prefix; an empty name becomes `_`.
//! * **Keywords**: a name that is a Rust keyword gets the raw prefix (`type` becomes `r#type`),
//!   except `self`, `Self`, `super`, `crate` and `_`, which can't be raw and get a trailing
//!   underscore instead (`self_`).
//! * **Names the generated code uses bare** are never a type's, since a type of the bound
//!   assembly sits in the same module as the code generated for its namespace and would
//!   capture them: a type named like a Rust primitive (`i32`, `bool`, `str`), like the
//!   generated generic parameters (`T0`, `M1`) or `this` (the base handle's parameter of a
//!   Rust override) gets a trailing underscore (`i32_`), and one whose name starts with `__`
//!   (the generated code's own locals, `__r`, and statics, `__TYPE_Foo`) gets an `X` prefix
//!   (`X__Foo`). Everything else the generated code names is a path from the crate root
//!   (`::core::option::Option::Some`) or a `__`-prefixed local.
//! * **Members** (`plan::overloads` has the whole rule): a field or property is `name` /
//!   `set_name`, an event `add_name` / `remove_name`, a constructor `new`, a method its
//!   snake_case name; overloads add what tells them apart (`create_rotation_x_with_center_point`,
//!   `abs_f64`), and a name Rust already gives the type (a std trait's method, [`STD`])
//!   ends in `_net` (`to_string_net`). Nothing is ever numbered.
//! * **Generic types sharing a name** (C#'s `Action`, `Action<T>`, `Action<T1, T2>` in one
//!   namespace of one assembly) add their arity, the non-generic one keeping the name:
//!   `Action`, `Action1<T0>`, `Action2<T0, T1>` (`Func1<T0>` … when there is no
//!   non-generic one). A generic type alone with its name keeps it (`List<T0>`).

/// `snake_case` for modules, fields and methods.
pub fn snake_case(name: &str) -> String {
    escape(&sanitize(&split_words(name).join("_").to_lowercase()))
}

/// `SCREAMING_SNAKE_CASE` for constants.
pub fn screaming_snake_case(name: &str) -> String {
    escape(&sanitize(&split_words(name).join("_").to_uppercase()))
}

/// Type names are kept (arity already stripped in the model); nested ones joined with `_`;
/// names the generated code uses bare are escaped (see the module docs).
pub fn type_name(nested: &[String], name: &str) -> String {
    let mut parts: Vec<&str> = nested.iter().map(String::as_str).collect();
    parts.push(name);
    let name = escape(&sanitize(&parts.join("_")));
    if name.starts_with("__") {
        format!("X{name}")
    } else if used_bare(&name) {
        format!("{name}_")
    } else {
        name
    }
}

/// Rust's primitive types, which a type of the module's would shadow.
const PRIMITIVES: &[&str] = &[
    "bool", "char", "str", "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
    "f32", "f64",
];

/// A name the generated code uses bare in a type's module: a primitive, a generated generic
/// parameter (`T0`, `M0`, see `rust_ty::type_param_name`), or the `this` parameter.
fn used_bare(name: &str) -> bool {
    let generic = |prefix: char| {
        name.strip_prefix(prefix)
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    };
    PRIMITIVES.contains(&name) || name == "this" || generic('T') || generic('M')
}

/// Module path of a namespace (`"Spike.Sample"` -> `["spike", "sample"]`).
pub fn module_path(namespace: &str) -> Vec<String> {
    namespace.split('.').filter(|s| !s.is_empty()).map(snake_case).collect()
}

/// Makes `name` unique among `taken` by appending underscores (`value_`): the last resort
/// for names no rule tells apart, such as a parameter `Value` beside a parameter `value`.
/// Never a number, which would say nothing about the item.
pub fn unique(name: String, taken: &mut std::collections::BTreeSet<String>) -> String {
    let mut candidate = name;
    while taken.contains(&candidate) {
        candidate.push('_');
    }
    taken.insert(candidate.clone());
    candidate
}

/// The methods of Rust's standard traits that a user reaches for on any value (`x.clone()`,
/// `x.to_string()`, `T::from(…)`, `x.into_iter()`, …): an inherent method of that name would
/// hide the trait's, so a .NET member named like one ends in `_net` (`to_string_net`).
pub const STD: &[&str] = &[
    "as_mut",
    "as_ref",
    "borrow",
    "borrow_mut",
    "clone",
    "clone_from",
    "clone_into",
    "cmp",
    "default",
    "deref",
    "deref_mut",
    "drop",
    "eq",
    "fmt",
    "from",
    "from_str",
    "ge",
    "gt",
    "hash",
    "into",
    "into_iter",
    "le",
    "lt",
    "ne",
    "partial_cmp",
    "to_owned",
    "to_string",
    "try_from",
    "try_into",
    "type_id",
];

/// A .NET name as written, as an identifier: what a member keeps when its snake_case form
/// is another member's (C#'s `XYZ` beside `Xyz`, both `xyz`).
pub fn verbatim(name: &str) -> String {
    escape(&sanitize(name))
}

/// True when `name` is spelled as .NET's conventions spell its words (`Xyz`, `IsNaN`,
/// `HTTPServer`), not `XYZ` or `count`: of two names with one snake_case form, the
/// conventional one keeps it.
pub fn conventional(name: &str) -> bool {
    let words = split_words(name);
    let pascal: String = words
        .iter()
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(f) if w.chars().all(|c| c.is_uppercase() || c.is_ascii_digit()) && w.len() > 1 => {
                    // An acronym keeps its capitals (`HTTP`, `NaN` is handled as one word).
                    f.to_string() + c.as_str()
                }
                Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
                None => String::new(),
            }
        })
        .collect();
    pascal == name && name.chars().any(char::is_lowercase)
}

/// Splits `HTTPServerV2_name` into `["HTTP", "Server", "V2", "name"]`.
fn split_words(name: &str) -> Vec<String> {
    let chars: Vec<char> = name
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '_' })
        .collect();
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut skip = 0;
    for (i, &c) in chars.iter().enumerate() {
        if skip > 0 {
            skip -= 1;
            continue;
        }
        // `NaN` (not-a-number) is one word, not `Na` + `N`.
        if chars[i..].starts_with(&['N', 'a', 'N']) && !chars.get(i + 3).is_some_and(|n| n.is_lowercase()) {
            if !cur.is_empty() {
                words.push(std::mem::take(&mut cur));
            }
            words.push("NaN".into());
            skip = 2;
            continue;
        }
        if c == '_' {
            if !cur.is_empty() {
                words.push(std::mem::take(&mut cur));
            }
            continue;
        }
        let prev = i.checked_sub(1).and_then(|p| chars.get(p)).copied();
        let next = chars.get(i + 1).copied();
        let boundary = c.is_uppercase()
            && !cur.is_empty()
            && (prev.is_some_and(|p| p.is_lowercase() || p.is_ascii_digit())
                || (prev.is_some_and(char::is_uppercase) && next.is_some_and(char::is_lowercase)));
        if boundary {
            words.push(std::mem::take(&mut cur));
        }
        cur.push(c);
    }
    if !cur.is_empty() {
        words.push(cur);
    }
    // Keep a leading underscore (`_value` stays distinct from `value`).
    if name.starts_with('_') {
        if let Some(first) = words.first_mut() {
            first.insert(0, '_');
        }
    }
    words
}

/// Replaces characters that can't appear in an identifier (Unicode XID rules, as rustc applies
/// them), and prefixes `_` when the first character can't start one.
fn sanitize(name: &str) -> String {
    let mut s: String = name
        .chars()
        .map(|c| if unicode_ident::is_xid_continue(c) { c } else { '_' })
        .collect();
    if !s.starts_with(|c: char| c == '_' || unicode_ident::is_xid_start(c)) {
        s.insert(0, '_');
    }
    s
}

const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "dyn", "else", "enum", "extern", "false", "fn", "for", "gen",
    "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return", "static", "struct",
    "trait", "true", "type", "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "try", "typeof", "unsized", "virtual", "yield",
];

fn escape(name: &str) -> String {
    match name {
        "self" | "Self" | "super" | "crate" | "_" => format!("{name}_"),
        n if KEYWORDS.contains(&n) => format!("r#{n}"),
        n => n.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_rule() {
        assert_eq!(snake_case("IsKinematic"), "is_kinematic");
        assert_eq!(snake_case("HTTPServer"), "http_server");
        assert_eq!(snake_case("m_value"), "m_value");
        assert_eq!(snake_case("Vector3"), "vector3");
        assert_eq!(snake_case("type"), "r#type");
        assert_eq!(snake_case("Self"), "self_");
        assert_eq!(snake_case("_x"), "_x");
        assert_eq!(screaming_snake_case("ReadWrite"), "READ_WRITE");
        assert_eq!(screaming_snake_case("None"), "NONE");
        assert_eq!(
            type_name(&["Circle".into(), "Builder".into()], "Mode"),
            "Circle_Builder_Mode"
        );
        assert_eq!(type_name(&[], "Self"), "Self_");
        assert_eq!(type_name(&[], "i32"), "i32_");
        assert_eq!(type_name(&[], "T0"), "T0_");
        assert_eq!(type_name(&[], "T"), "T");
        assert_eq!(type_name(&[], "Tx1"), "Tx1");
        assert_eq!(type_name(&[], "__r"), "X__r");
        assert_eq!(type_name(&["__A".into()], "B"), "X__A_B");
        assert_eq!(type_name(&[], "this"), "this_");
        assert_eq!(module_path("Spike.Sample"), ["spike", "sample"]);
        assert_eq!(snake_case("1st"), "_1st");
        assert_eq!(snake_case("x²"), "x_");
        assert_eq!(snake_case("IsNaN"), "is_nan");
        assert_eq!(screaming_snake_case("NaN"), "NAN");
        assert_eq!(snake_case("NaNValue"), "nan_value");
        assert_eq!(snake_case("NaNs"), "na_ns");
    }
}
