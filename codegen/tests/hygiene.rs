//! Generated code never depends on which names the user's types have: a type of the bound
//! assembly sits in the same module as the code generated for its namespace, so a name the
//! generated code uses bare (a local, a prelude item, a primitive) would be captured by a
//! type of that name (rustc: "let bindings cannot shadow tuple structs", or a call of the
//! user's `Ok`). Walks the syntax tree of every expected feature output (`features/*.rs`):
//! every name the code uses bare is one it declares itself (an item, a binding in scope, a
//! generic parameter) or one the generator never gives a type (`features/hygiene.cs`
//! declares a type of each, and its expected output compiles in `tests/features.rs`), and
//! every local the generator chooses is `__`-prefixed (no type's Rust name starts with `__`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use syn::visit::Visit;

/// Names bound and used inside one function (closures included).
#[derive(Default)]
struct FnScope {
    /// The function's parameters (named after .NET parameters, or part of a signature
    /// users implement).
    params: BTreeSet<String>,
    /// Bindings of the body: `let`, closure parameters, match arms, `for` loops.
    locals: BTreeSet<String>,
    /// Items declared in the body (`static M`): they shadow without a clash.
    items: BTreeSet<String>,
    /// Generic parameters of the function and its impl or trait.
    generics: BTreeSet<String>,
    /// Single-segment paths used.
    used: BTreeSet<String>,
}

#[derive(Default)]
struct Scan {
    /// Items declared anywhere in the file (and every identifier inside a macro invocation,
    /// which may declare one).
    declared: BTreeSet<String>,
    /// Generic parameters of the enclosing impls and traits.
    outer_generics: Vec<BTreeSet<String>>,
    /// The function being walked.
    current: Option<FnScope>,
    /// Functions walked.
    scopes: Vec<FnScope>,
    /// Single-segment paths used outside any function (types of fields, impl headers).
    used_outside: BTreeSet<String>,
}

impl Scan {
    fn generics_of(g: &syn::Generics) -> BTreeSet<String> {
        g.params
            .iter()
            .filter_map(|p| match p {
                syn::GenericParam::Type(t) => Some(t.ident.to_string()),
                syn::GenericParam::Const(c) => Some(c.ident.to_string()),
                syn::GenericParam::Lifetime(_) => None,
            })
            .collect()
    }

    fn walk_fn(&mut self, sig: &syn::Signature, body: impl FnOnce(&mut Self)) {
        let outer = self.current.take();
        let mut scope = FnScope {
            generics: Self::generics_of(&sig.generics),
            ..FnScope::default()
        };
        for g in &self.outer_generics {
            scope.generics.extend(g.iter().cloned());
        }
        for input in &sig.inputs {
            if let syn::FnArg::Typed(t) = input {
                let mut names = Vec::new();
                bindings(&t.pat, &mut names);
                scope.params.extend(names);
            }
        }
        self.current = Some(scope);
        // The signature's types, then the body.
        for input in &sig.inputs {
            if let syn::FnArg::Typed(t) = input {
                self.visit_type(&t.ty);
            }
        }
        if let syn::ReturnType::Type(_, t) = &sig.output {
            self.visit_type(t);
        }
        body(self);
        let done = self.current.take().expect("scope");
        self.scopes.push(done);
        self.current = outer;
    }

    fn use_name(&mut self, name: String) {
        match &mut self.current {
            Some(s) => {
                s.used.insert(name);
            }
            None if self.outer_generics.iter().any(|g| g.contains(&name)) => {}
            None => {
                self.used_outside.insert(name);
            }
        }
    }

    fn bind(&mut self, pat: &syn::Pat) {
        let mut names = Vec::new();
        bindings(pat, &mut names);
        if let Some(s) = &mut self.current {
            s.locals.extend(names);
        }
    }
}

/// The identifiers a pattern binds.
fn bindings(pat: &syn::Pat, out: &mut Vec<String>) {
    match pat {
        syn::Pat::Ident(p) => {
            out.push(p.ident.to_string());
            if let Some((_, sub)) = &p.subpat {
                bindings(sub, out);
            }
        }
        syn::Pat::Type(t) => bindings(&t.pat, out),
        syn::Pat::Tuple(t) => t.elems.iter().for_each(|p| bindings(p, out)),
        syn::Pat::TupleStruct(t) => t.elems.iter().for_each(|p| bindings(p, out)),
        syn::Pat::Struct(s) => s.fields.iter().for_each(|f| bindings(&f.pat, out)),
        syn::Pat::Reference(r) => bindings(&r.pat, out),
        syn::Pat::Or(o) => o.cases.iter().for_each(|p| bindings(p, out)),
        syn::Pat::Slice(s) => s.elems.iter().for_each(|p| bindings(p, out)),
        _ => {}
    }
}

impl<'ast> Visit<'ast> for Scan {
    fn visit_item(&mut self, i: &'ast syn::Item) {
        let ident = match i {
            syn::Item::Struct(s) => Some(&s.ident),
            syn::Item::Enum(e) => Some(&e.ident),
            syn::Item::Union(u) => Some(&u.ident),
            syn::Item::Fn(f) => Some(&f.sig.ident),
            syn::Item::Static(s) => Some(&s.ident),
            syn::Item::Const(c) => Some(&c.ident),
            syn::Item::Trait(t) => Some(&t.ident),
            syn::Item::Type(t) => Some(&t.ident),
            syn::Item::Mod(m) => Some(&m.ident),
            _ => None,
        };
        if let Some(ident) = ident {
            self.declared.insert(ident.to_string());
        }
        if let Some(s) = &mut self.current {
            // An item inside a function body (`static M`) is that body's own name.
            if let Some(ident) = ident {
                s.items.insert(ident.to_string());
            }
        }
        syn::visit::visit_item(self, i);
    }

    fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
        self.outer_generics.push(Scan::generics_of(&i.generics));
        syn::visit::visit_item_impl(self, i);
        self.outer_generics.pop();
    }

    fn visit_item_trait(&mut self, i: &'ast syn::ItemTrait) {
        self.outer_generics.push(Scan::generics_of(&i.generics));
        syn::visit::visit_item_trait(self, i);
        self.outer_generics.pop();
    }

    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        self.walk_fn(&f.sig, |s| s.visit_block(&f.block));
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        self.walk_fn(&f.sig, |s| s.visit_block(&f.block));
    }

    fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
        self.walk_fn(&f.sig, |s| {
            if let Some(b) = &f.default {
                s.visit_block(b);
            }
        });
    }

    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {
        // Attributes name built-in attributes and derive macros: no item of a module.
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        fn names(t: &syn::UseTree, out: &mut BTreeSet<String>) {
            match t {
                syn::UseTree::Path(p) => names(&p.tree, out),
                syn::UseTree::Name(n) => {
                    out.insert(n.ident.to_string());
                }
                syn::UseTree::Rename(r) => {
                    out.insert(r.rename.to_string());
                }
                syn::UseTree::Group(g) => g.items.iter().for_each(|t| names(t, out)),
                syn::UseTree::Glob(_) => {}
            }
        }
        let mut imported = BTreeSet::new();
        names(&u.tree, &mut imported);
        match &mut self.current {
            Some(s) => s.items.extend(imported),
            None => self.declared.extend(imported),
        }
    }

    fn visit_item_struct(&mut self, i: &'ast syn::ItemStruct) {
        self.outer_generics.push(Scan::generics_of(&i.generics));
        self.declared
            .extend(self.outer_generics.last().cloned().unwrap_or_default());
        syn::visit::visit_item_struct(self, i);
        self.outer_generics.pop();
    }

    fn visit_expr_for_loop(&mut self, f: &'ast syn::ExprForLoop) {
        self.bind(&f.pat);
        syn::visit::visit_expr_for_loop(self, f);
    }

    fn visit_local(&mut self, l: &'ast syn::Local) {
        self.bind(&l.pat);
        syn::visit::visit_local(self, l);
    }

    fn visit_expr_closure(&mut self, c: &'ast syn::ExprClosure) {
        for p in &c.inputs {
            self.bind(p);
        }
        syn::visit::visit_expr_closure(self, c);
    }

    fn visit_arm(&mut self, a: &'ast syn::Arm) {
        self.bind(&a.pat);
        syn::visit::visit_arm(self, a);
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        if p.leading_colon.is_none() && p.segments.len() == 1 {
            self.use_name(p.segments[0].ident.to_string());
        } else if p.leading_colon.is_none() {
            // `Type::method`, `super::x`: the first segment is looked up bare.
            self.use_name(p.segments[0].ident.to_string());
        }
        syn::visit::visit_path(self, p);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        // A macro's tokens may declare items (`class_wrapper!`, `bitflags!`): count every
        // identifier in them as declared, and its path's first segment as used.
        fn idents(tokens: proc_macro2::TokenStream, out: &mut BTreeSet<String>) {
            for t in tokens {
                match t {
                    proc_macro2::TokenTree::Ident(i) => {
                        out.insert(i.to_string());
                    }
                    proc_macro2::TokenTree::Group(g) => idents(g.stream(), out),
                    _ => {}
                }
            }
        }
        idents(m.tokens.clone(), &mut self.declared);
        // The macro's own path is in the macro namespace, which no type shares.
        if m.path.leading_colon.is_some() {
            syn::visit::visit_macro(self, m);
        }
    }
}

/// Rust's names that are no item of the file and need no declaration.
const LANGUAGE: &[&str] = &["self", "Self", "super", "crate"];

fn scan(file: &Path) -> Scan {
    let text = std::fs::read_to_string(file).unwrap();
    let ast = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let mut s = Scan::default();
    s.visit_file(&ast);
    s
}

/// The names each expected output uses bare without declaring them, and the locals it binds
/// without the `__` prefix (outside parameters), with the files that do.
fn undeclared_and_plain_locals() -> (BTreeMap<String, BTreeSet<String>>, BTreeMap<String, BTreeSet<String>>) {
    let features = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/features");
    let mut undeclared: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut plain: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut files: Vec<_> = std::fs::read_dir(&features)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    files.sort();
    for file in files {
        let name = file.file_stem().unwrap().to_string_lossy().into_owned();
        let s = scan(&file);
        let mut bare: BTreeSet<String> = s.used_outside.clone();
        for f in &s.scopes {
            for u in &f.used {
                if !(f.params.contains(u) || f.locals.contains(u) || f.items.contains(u) || f.generics.contains(u)) {
                    bare.insert(u.clone());
                }
            }
            for l in &f.locals {
                // Rebinding a parameter keeps its (.NET) name.
                if !l.starts_with("__") && !f.params.contains(l) {
                    plain.entry(l.clone()).or_default().insert(name.clone());
                }
            }
        }
        for b in bare {
            if !s.declared.contains(&b) && !LANGUAGE.contains(&b.as_str()) {
                undeclared.entry(b).or_default().insert(name.clone());
            }
        }
    }
    (undeclared, plain)
}

/// Rust's primitive types: a type named like one is renamed (`i32_`, plan/names.rs), so the
/// generated code uses them bare.
const PRIMITIVES: &[&str] = &[
    "bool", "char", "str", "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
    "f32", "f64",
];

/// C#'s keywords, which no .NET parameter is named (without `@`).
const CSHARP_KEYWORDS: &[&str] = &[
    "this", "new", "delegate", "base", "object", "string", "int", "bool", "out", "ref", "in", "params", "return",
    "var", "class", "struct", "public", "static", "void",
];

/// The types `features/hygiene.cs` declares (`@` dropped).
fn hygiene_types() -> BTreeSet<String> {
    let cs = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/features/hygiene.cs")).unwrap();
    let mut out = BTreeSet::new();
    for line in cs.lines() {
        let words: Vec<&str> = line
            .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '@'))
            .collect();
        for w in words.windows(2) {
            if ["class", "enum", "struct", "interface", "delegate"].contains(&w[0]) {
                out.insert(w[1].trim_start_matches('@').to_string());
            }
        }
    }
    out
}

/// The identifiers of a feature's C# source, the way snake_case compares them (`_` dropped,
/// lower case).
fn csharp_names(feature: &str) -> BTreeSet<String> {
    let cs =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/features/{feature}.cs")))
            .unwrap();
    cs.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty() && !CSHARP_KEYWORDS.contains(w))
        .map(|w| w.replace('_', "").to_lowercase())
        .collect()
}

#[test]
fn every_name_the_generated_code_uses_bare_is_declared_or_never_a_types_name() {
    let (undeclared, _) = undeclared_and_plain_locals();
    let unexpected: BTreeMap<&String, &BTreeSet<String>> = undeclared
        .iter()
        .filter(|(n, _)| !PRIMITIVES.contains(&n.as_str()))
        .collect();
    assert!(
        unexpected.is_empty(),
        "names used bare that a type of the module could take (write the path from the crate root, \
         `::core::option::Option::Some`, or `__`-prefix a local), with the outputs that do: {unexpected:#?}"
    );
    // Each primitive used is proven harmless: hygiene.cs declares a type of that name, and
    // its expected output compiles (tests/features.rs).
    let declared = hygiene_types();
    let missing: Vec<&String> = undeclared.keys().filter(|n| !declared.contains(*n)).collect();
    assert!(
        missing.is_empty(),
        "features/hygiene.cs declares no type named {missing:?}"
    );
}

#[test]
fn every_local_the_generator_chooses_is_prefixed() {
    let (_, plain) = undeclared_and_plain_locals();
    // The others are named after a .NET parameter (an `out` value), which plan/ renames
    // beside a type of that name (`value_`).
    let mut chosen = Vec::new();
    for (local, features) in &plain {
        let key = local.trim_start_matches("r#").replace('_', "").to_lowercase();
        for f in features {
            if !csharp_names(f).contains(&key) {
                chosen.push(format!("{local} (features/{f}.rs)"));
            }
        }
    }
    assert!(
        chosen.is_empty(),
        "locals of the generated code without the `__` prefix: {chosen:#?}"
    );
}

#[test]
fn the_hygiene_fixture_names_types_like_the_generated_codes_old_locals_and_the_prelude() {
    // What the generated code once used bare (a `let F`, closures' `|v, r|`, `Ok(…)`), so
    // that a regression to any of them fails to compile in tests/features.rs.
    let declared = hygiene_types();
    for name in [
        "F", "G", "M", "STORE", "r", "v", "o", "s", "f", "h", "h0", "a0", "key", "new", "obj", "ty", "args",
        "callback", "delegate", "this", "other", "rhs", "state", "runtime", "path", "name", "value", "to", "from",
        "raw", "slot", "field", "owner", "I", "T", "H", "Ok", "Err", "Some", "None", "Option", "String", "From",
        "Send", "FnMut", "T0", "M0", "__r", "i32", "bool", "str", "usize",
    ] {
        assert!(declared.contains(name), "features/hygiene.cs declares a type `{name}`");
    }
}
