//! The generated bindings' function table (`FUNCTIONS`) and its check against the loaded
//! assemblies.
//!
//! The generator lists every method its bindings call, by type, with the names a `MethodRef`
//! looks it up by: the type as `TypeRef::new` takes it, the method's name, Mono's names of its
//! parameter types and its return type, and its function-database ID. `init()` installs the
//! table ([`FunctionDb::install_table`](crate::FunctionDb::install_table)), which checks every
//! row here at once, GZDoom's rule: a missing or changed method is reported at start-up, all
//! of them in one error, not at each method's first call.
//!
//! The check resolves each type once and reads the methods of each class it searches once,
//! grouped by name, and each candidate's signature at most once: it is linear in the size of
//! the types bound, where looking every row up on its own (`Class::method`, which walks the
//! class's methods) would be quadratic in a type's method count.

use std::collections::{HashMap, HashSet};

use crate::call::function_db::{fnv1a64, FunctionId};
use crate::error::{ChangedMethod, Error, Result};
use crate::host::{type_name, Class, Method, Runtime};

/// One bound type's rows: `FunctionType(assembly, namespace, name, methods)`, the type named
/// as [`TypeRef::new`](crate::TypeRef::new) takes it (`Outer/Inner` for a nested type).
/// Generated code writes these in its `FUNCTIONS` table; one row per method rather than per
/// type would repeat the three names on every line of the bindings.
#[derive(Debug)]
pub struct FunctionType(
    pub &'static str,
    pub &'static str,
    pub &'static str,
    pub &'static [FunctionRow],
);

/// One bound method: `FunctionRow(id, name, parameter types, return type)`, the types as Mono
/// names them (`System.Int32`, `System.Int32&`, `System.String[]`), as the method's
/// `MethodRef` looks them up; `id` is its [`FunctionId`], the hash of the signature these
/// names spell.
#[derive(Debug)]
pub struct FunctionRow(pub u64, pub &'static str, pub &'static [&'static str], pub &'static str);

/// Mono's full name of a type named as `TypeRef::new` takes it: `Namespace.Outer.Inner`
/// (`mono_type_get_name` writes nested types with `.` in its IL format, the one the database
/// uses, and a nested type has no namespace of its own: the outermost type's is printed).
pub(crate) fn type_full_name(namespace: &str, name: &str) -> String {
    let name = name.replace('/', ".");
    if namespace.is_empty() {
        name
    } else {
        format!("{namespace}.{name}")
    }
}

/// `[Assembly]Type::Name(P1,P2)->R`: the database's signature form.
pub(crate) fn signature_parts(assembly: &str, full_type: &str, name: &str, params: &[&str], ret: &str) -> String {
    format!("[{assembly}]{full_type}::{name}({})->{ret}", params.join(","))
}

/// The signature a table row names.
pub(crate) fn signature(ty: &FunctionType, row: &FunctionRow) -> String {
    signature_parts(ty.0, &type_full_name(ty.1, ty.2), row.1, row.2, row.3)
}

/// What checking tables found.
pub(crate) struct Report {
    /// Every row found, with its method.
    pub(crate) resolved: Vec<(FunctionId, Method)>,
    missing: Vec<String>,
    changed: Vec<ChangedMethod>,
}

impl Report {
    /// True when every row was found as listed.
    pub(crate) fn is_complete(&self) -> bool {
        self.missing.is_empty() && self.changed.is_empty()
    }

    /// `Ok`, or [`Error::FunctionsMismatch`] with both lists sorted.
    pub(crate) fn into_result(mut self) -> Result<()> {
        if self.is_complete() {
            return Ok(());
        }
        self.missing.sort();
        self.missing.dedup();
        self.changed.sort_by(|a, b| a.bound.cmp(&b.bound));
        self.changed.dedup();
        Err(Error::FunctionsMismatch {
            missing: self.missing.into(),
            changed: self.changed.into(),
        })
    }
}

/// Checks every row of `tables` against the loaded assemblies.
pub(crate) fn check(tables: &[&'static [FunctionType]]) -> Result<Report> {
    let rt = Runtime::get()?;
    let mut report = Report {
        resolved: Vec::new(),
        missing: Vec::new(),
        changed: Vec::new(),
    };
    let mut index = Index::default();
    for ty in tables.iter().copied().flatten() {
        let signatures: Vec<String> = ty.3.iter().map(|row| signature(ty, row)).collect();
        for (row, sig) in ty.3.iter().zip(&signatures) {
            let actual = fnv1a64(sig.as_bytes());
            if actual != row.0 {
                report.missing.push(format!(
                    "{sig} (listed with ID {}, but this signature's ID is {}: the bindings and the \
                     runtime write signatures differently)",
                    FunctionId(row.0),
                    FunctionId(actual)
                ));
            }
        }
        let class = match rt.assembly(ty.0).and_then(|a| a.class(ty.1, ty.2)) {
            Ok(class) => class,
            Err(e) => {
                report
                    .missing
                    .extend(signatures.iter().map(|sig| format!("{sig} ({e})")));
                continue;
            }
        };
        let mut claimed = HashSet::new();
        let mut unmatched = Vec::new();
        for (row, sig) in ty.3.iter().zip(&signatures) {
            match index.find(class, row) {
                Some(method) => {
                    claimed.insert(method);
                    report.resolved.push((FunctionId(row.0), method));
                }
                None => unmatched.push((row, sig)),
            }
        }
        // A row not found is changed when its type still has a method of that name that no
        // other row accounts for, else missing.
        for (row, sig) in unmatched {
            let found: Vec<String> = index
                .named(class, row.1)
                .iter_mut()
                .filter(|c| !claimed.contains(&c.method))
                .map(|c| c.describe())
                .collect();
            if found.is_empty() {
                report.missing.push(sig.clone());
            } else {
                report.changed.push(ChangedMethod {
                    bound: sig.clone(),
                    found: found.into(),
                });
            }
        }
    }
    Ok(report)
}

/// A method of a searched class, with its signature once read.
struct Candidate {
    method: Method,
    /// Parameter type names and return type name, or why they cannot be read.
    signature: Option<Result<(Vec<String>, String)>>,
}

impl Candidate {
    fn signature(&mut self) -> &Result<(Vec<String>, String)> {
        let method = self.method;
        self.signature.get_or_insert_with(|| {
            method
                .signature()
                .map(|s| (s.params.iter().map(|&t| type_name(t)).collect(), type_name(s.ret)))
        })
    }

    /// The method as the database signs it, or why its signature cannot be resolved.
    fn describe(&mut self) -> String {
        let method = self.method;
        match self.signature() {
            Ok((params, ret)) => {
                let class = method.class();
                let params: Vec<&str> = params.iter().map(String::as_str).collect();
                signature_parts(class.assembly_name(), &class.full_name(), method.name(), &params, ret)
            }
            Err(e) => format!("{} (unresolvable signature: {e})", method.qualified_name()),
        }
    }
}

/// The methods of every class searched so far, by name.
#[derive(Default)]
struct Index {
    classes: HashMap<Class, HashMap<&'static str, Vec<Candidate>>>,
}

impl Index {
    /// The methods `class` declares with this name (generic definitions included).
    fn named(&mut self, class: Class, name: &str) -> &mut [Candidate] {
        let by_name = self.classes.entry(class).or_insert_with(|| {
            let mut by_name: HashMap<&'static str, Vec<Candidate>> = HashMap::new();
            for method in class.methods() {
                by_name.entry(method.name()).or_default().push(Candidate {
                    method,
                    signature: None,
                });
            }
            by_name
        });
        by_name.get_mut(name).map_or(&mut [][..], |v| &mut v[..])
    }

    /// The row's method as its `MethodRef` finds it (`Class::method_with_return`): a
    /// non-generic method with exactly the row's parameter and return types, in the class or
    /// else the nearest base that has one.
    fn find(&mut self, class: Class, row: &FunctionRow) -> Option<Method> {
        let mut next = Some(class);
        while let Some(c) = next {
            for candidate in self.named(c, row.1) {
                if candidate.method.is_generic_definition() {
                    continue;
                }
                if let Ok((params, ret)) = candidate.signature() {
                    if ret == row.3 && params.iter().map(String::as_str).eq(row.2.iter().copied()) {
                        return Some(candidate.method);
                    }
                }
            }
            next = c.parent();
        }
        None
    }
}
