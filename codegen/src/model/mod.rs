//! The owned, assembly-independent model of the types being bound.
//!
//! Nothing in here knows about dotnetdll (that is `read/`) or about Rust syntax (that is
//! `emit/`). A [`Model`] holds the *bound* types (those selected by the user, with their full
//! API) and the *dependencies* they mention (only what layout and classification need).

mod pure_body;
mod ty;
mod type_def;

pub use pure_body::{
    PureBinary, PureBody, PureCompare, PureConvert, PureInput, PureIntrinsic, PureOp, PureOperand, PureRoot,
    PureScalar, PureStmt, PureStored, PureValue,
};
pub use ty::{GenericParam, Primitive, Ty, TypePath};
pub use type_def::{
    ConstValue, EnumInfo, EnumMember, EventModel, FieldModel, Layout, MemberModelRef, MethodModel, ParamModel,
    PassMode, PropertyModel, ThisAccess, TypeApi, TypeKind, TypeModel, Visibility,
};

use std::collections::{BTreeMap, BTreeSet};

/// Whether `assembly` (a simple name) is part of Mono's class library (mscorlib, System*,
/// Mono.*, Microsoft.*): Mono implements its internal calls itself (`icall-def.h` in
/// mono/metadata), so they are neither read as natives nor offered to Rust.
pub fn is_mono_class_library(assembly: &str) -> bool {
    assembly == "mscorlib"
        || assembly == "System"
        || ["System.", "Mono.", "Microsoft."]
            .iter()
            .any(|p| assembly.starts_with(p))
}

fn name_key(path: &TypePath) -> (String, String, Vec<String>, String) {
    (
        path.assembly.clone(),
        path.namespace.clone(),
        path.nested.clone(),
        path.name.clone(),
    )
}

/// The bound types plus every type they depend on, keyed by [`TypePath`].
#[derive(Clone, Debug, Default)]
pub struct Model {
    types: BTreeMap<TypePath, TypeModel>,
    bound: BTreeSet<TypePath>,
    /// Types of Mono's class library that Rust implements or extends on request.
    implementable: BTreeSet<TypePath>,
    /// `(assembly, namespace, nesting, name)` of the names several types of one assembly
    /// share with different generic arities (`System.Action`, ``System.Action`1``, …).
    shared_names: BTreeSet<(String, String, Vec<String>, String)>,
    /// The module version (build GUID, as the runtimes spell it) of every assembly read, by
    /// simple name: what translated methods are gated on.
    module_versions: BTreeMap<String, String>,
}

impl Model {
    /// Records the module version of every assembly read.
    pub fn set_module_versions(&mut self, versions: BTreeMap<String, String>) {
        self.module_versions = versions;
    }

    /// The module version of the assembly `name` read, if it was read.
    pub fn module_version(&self, name: &str) -> Option<&str> {
        self.module_versions.get(name).map(String::as_str)
    }

    /// Adds a type; `bound` marks it as selected for binding. A type added twice keeps its
    /// first model, but is marked bound if either addition was.
    pub fn insert(&mut self, model: TypeModel, bound: bool) {
        if bound {
            self.bound.insert(model.path.clone());
        }
        self.types.entry(model.path.clone()).or_insert(model);
    }

    /// The type at `path`, if modeled.
    pub fn get(&self, path: &TypePath) -> Option<&TypeModel> {
        self.types.get(path)
    }

    /// Marks a type of Mono's class library as one Rust implements or extends (on request:
    /// see `Builder::implementable`).
    pub fn mark_implementable(&mut self, path: TypePath) {
        self.implementable.insert(path);
    }

    /// True when Rust implements or extends `path` although it is of Mono's class library.
    pub fn is_implementable(&self, path: &TypePath) -> bool {
        self.implementable.contains(path)
    }

    /// Records that types of `path`'s assembly, namespace, nesting and name exist with
    /// several generic arities.
    pub fn mark_shared_name(&mut self, path: &TypePath) {
        self.shared_names.insert(name_key(path));
    }

    /// True when another type of `path`'s assembly has its namespace, nesting and name with
    /// another generic arity (whether or not it is modeled).
    pub fn shares_name(&self, path: &TypePath) -> bool {
        self.shared_names.contains(&name_key(path))
    }

    /// True if `path` is modeled.
    pub fn contains(&self, path: &TypePath) -> bool {
        self.types.contains_key(path)
    }

    /// The bound types, in a deterministic order (assembly, then metadata name).
    pub fn bound(&self) -> impl Iterator<Item = &TypeModel> {
        self.bound.iter().filter_map(|p| self.types.get(p))
    }

    /// Every modeled type, bound or not, sorted by path.
    pub fn all(&self) -> impl Iterator<Item = &TypeModel> {
        self.types.values()
    }
}
