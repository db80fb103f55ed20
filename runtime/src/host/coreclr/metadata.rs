//! Metadata on CoreCLR: types, methods and fields as interned GC handles (one handle per
//! object, so handles compare as the metadata does), and what the layers above ask of them,
//! read once per handle from the bridge's records (`Metadata.Facts` in C#) and kept for the
//! life of the process, or until a reload unloads the unit whose metadata they describe
//! ([`FactsCache::forget`]; the records are small and bounded by the loaded types).
//!
//! The queries mirror the Mono backend's `Class`, `Method` and `Field` one for one, so that the
//! backend interface can route each to either.

use std::collections::HashMap;
use std::sync::Mutex;

use super::bridge::ManagedHandle;
use super::CoreClr;
use crate::error::{Error, Result};
use crate::host::TypeKind;

/// What a type is (see `Metadata.TypeFacts` in C#).
#[derive(Debug)]
pub(crate) struct TypeFacts {
    /// The metadata name (`List`1`, `Inner`).
    pub(crate) name: &'static str,
    /// The namespace (empty for nested types and the global namespace).
    pub(crate) namespace: &'static str,
    /// The defining assembly's simple name.
    pub(crate) assembly: &'static str,
    /// The name as cilbind spells it (`System.Collections.Generic.List<System.Int32>`).
    pub(crate) cil_name: &'static str,
    flags: u32,
    /// What a value of the type carries across the native boundary.
    pub(crate) kind: TypeKind,
    /// Size and alignment of the unboxed value (value types; 0 otherwise).
    pub(crate) size: usize,
    pub(crate) align: usize,
    /// The base type, an enum's underlying type, `Nullable<T>`'s `T`, the nesting type, and
    /// the element type of an array, by-ref or pointer type.
    pub(crate) parent: Option<ManagedHandle>,
    pub(crate) enum_underlying: Option<ManagedHandle>,
    pub(crate) nullable_param: Option<ManagedHandle>,
    pub(crate) nesting: Option<ManagedHandle>,
    pub(crate) element: Option<ManagedHandle>,
    /// Whether a value of the type holds a managed reference (`heap::holds_references`),
    /// found on the first question: a walk over the fields that calls the runtime for each,
    /// which a callback's arguments and a box's checks would otherwise repeat on every call.
    pub(crate) references: std::sync::OnceLock<bool>,
}

impl TypeFacts {
    /// The record of no type (see `types.rs`: never handed out for a handle in use). A
    /// function, not a constant: the record holds a cell filled on first use.
    pub(crate) const fn empty() -> TypeFacts {
        TypeFacts {
            name: "",
            namespace: "",
            assembly: "",
            cil_name: "",
            flags: 0,
            kind: TypeKind::Other,
            size: 0,
            align: 0,
            parent: None,
            enum_underlying: None,
            nullable_param: None,
            nesting: None,
            element: None,
            references: std::sync::OnceLock::new(),
        }
    }

    pub(crate) fn is_value_type(&self) -> bool {
        self.flags & 1 != 0
    }
    pub(crate) fn is_enum(&self) -> bool {
        self.flags & 2 != 0
    }
    pub(crate) fn is_interface(&self) -> bool {
        self.flags & 4 != 0
    }
    /// Public at every level of nesting.
    pub(crate) fn is_public(&self) -> bool {
        self.flags & 8 != 0
    }
    #[cfg(test)]
    pub(crate) fn is_generic_definition(&self) -> bool {
        self.flags & 16 != 0
    }
    pub(crate) fn is_by_ref(&self) -> bool {
        self.flags & 32 != 0
    }
}

/// What a method or constructor is.
#[derive(Debug)]
pub(crate) struct MethodFacts {
    pub(crate) name: &'static str,
    pub(crate) class: ManagedHandle,
    flags: u32,
    /// The metadata token.
    pub(crate) token: u32,
    /// The return type (`System.Void` for constructors and void methods) and each parameter's.
    pub(crate) ret: ManagedHandle,
    pub(crate) params: Vec<ManagedHandle>,
    /// Why the signature cannot be read (a type of it cannot be loaded), if so: `ret` and
    /// `params` are then empty.
    pub(crate) unresolvable: Option<String>,
}

impl MethodFacts {
    /// The record of no method (see `types.rs`).
    pub(crate) const EMPTY: MethodFacts = MethodFacts {
        name: "",
        class: ManagedHandle(std::ptr::null_mut()),
        flags: 0,
        token: 0,
        ret: ManagedHandle(std::ptr::null_mut()),
        params: Vec::new(),
        unresolvable: None,
    };

    pub(crate) fn is_static(&self) -> bool {
        self.flags & 1 != 0
    }
    pub(crate) fn is_virtual(&self) -> bool {
        self.flags & 2 != 0
    }
    #[cfg(test)]
    pub(crate) fn is_constructor(&self) -> bool {
        self.flags & 4 != 0
    }
    pub(crate) fn is_generic_definition(&self) -> bool {
        self.flags & 8 != 0
    }
    pub(crate) fn is_internal_call(&self) -> bool {
        self.flags & 16 != 0
    }
}

/// What a field is.
#[derive(Debug)]
pub(crate) struct FieldFacts {
    pub(crate) name: &'static str,
    pub(crate) class: ManagedHandle,
    flags: u32,
    /// The field's type.
    pub(crate) ty: ManagedHandle,
    /// Offset in the unboxed value, for instance fields of value types.
    pub(crate) offset: Option<usize>,
}

impl FieldFacts {
    /// The record of no field (see `types.rs`).
    pub(crate) const EMPTY: FieldFacts = FieldFacts {
        name: "",
        class: ManagedHandle(std::ptr::null_mut()),
        flags: 0,
        ty: ManagedHandle(std::ptr::null_mut()),
        offset: None,
    };

    pub(crate) fn is_static(&self) -> bool {
        self.flags & 1 != 0
    }
    pub(crate) fn is_literal(&self) -> bool {
        self.flags & 2 != 0
    }
}

/// The records read so far, by handle.
#[derive(Default)]
pub(crate) struct FactsCache {
    types: Mutex<HashMap<usize, &'static TypeFacts>>,
    methods: Mutex<HashMap<usize, &'static MethodFacts>>,
    fields: Mutex<HashMap<usize, &'static FieldFacts>>,
}

impl FactsCache {
    /// Forgets and frees the records of `handles`, which the helper freed at a reload: their
    /// values may name other objects later, and the records of each unit would otherwise pile
    /// up (a few kilobytes per reload).
    ///
    /// # Safety
    /// No reference to one of these records may be used afterwards. The records are borrowed
    /// only within one query of the backend (the layers above get copies of their fields and
    /// names, which are interned apart), so it holds when no other thread uses the runtime
    /// meanwhile and no `Class`, `Method` or `Field` of the old unit is used afterwards: the
    /// contract of `Runtime::reload`, and in guest mode what `unit::retire_followed` relies on
    /// (the host unloading the context, which it must not use meanwhile either).
    pub(crate) unsafe fn forget(&self, handles: &[ManagedHandle]) {
        let gone: std::collections::HashSet<usize> = handles.iter().map(|h| h.0 as usize).collect();
        // SAFETY: the caller's promise, passed on.
        unsafe {
            free_records(&self.types, &gone);
            free_records(&self.methods, &gone);
            free_records(&self.fields, &gone);
        }
    }
}

/// Removes the records of `gone` from `cache` and frees them.
///
/// # Safety
/// As [`FactsCache::forget`].
unsafe fn free_records<T>(cache: &Mutex<HashMap<usize, &'static T>>, gone: &std::collections::HashSet<usize>) {
    let mut cache = cache.lock().unwrap_or_else(|p| p.into_inner());
    let freed: Vec<&'static T> = gone.iter().filter_map(|k| cache.remove(k)).collect();
    drop(cache);
    for record in freed {
        // SAFETY: every record in a cache was made by `cached` with `Box::leak` and entered
        // once; removed from the cache above, nothing reaches it any more (the caller's
        // promise), so it is freed once, here.
        drop(unsafe { Box::from_raw(record as *const T as *mut T) });
    }
}

/// Rust's `TypeKind` in the order `Metadata.Kind` numbers it.
const KINDS: [TypeKind; 21] = [
    TypeKind::Void,
    TypeKind::Boolean,
    TypeKind::Char,
    TypeKind::SByte,
    TypeKind::Byte,
    TypeKind::Int16,
    TypeKind::UInt16,
    TypeKind::Int32,
    TypeKind::UInt32,
    TypeKind::Int64,
    TypeKind::UInt64,
    TypeKind::Single,
    TypeKind::Double,
    TypeKind::IntPtr,
    TypeKind::UIntPtr,
    TypeKind::String,
    TypeKind::Enum,
    TypeKind::Struct,
    TypeKind::Reference,
    TypeKind::Pointer,
    TypeKind::Other,
];

/// A record's fields, each parsed or reported as a malformed record (a helper and crate built
/// apart).
struct Record<'a> {
    fields: std::str::Split<'a, char>,
    what: &'static str,
}

impl<'a> Record<'a> {
    fn new(text: &'a str, what: &'static str) -> Self {
        Record {
            fields: text.split('\u{1f}'),
            what,
        }
    }

    fn text(&mut self) -> Result<&'a str> {
        let what = self.what;
        self.fields.next().ok_or_else(|| {
            Error::Startup(format!(
                "the helper's {what} record is short: helper and crate built apart"
            ))
        })
    }

    fn name(&mut self) -> Result<&'static str> {
        Ok(intern(self.text()?))
    }

    fn number<T: std::str::FromStr>(&mut self) -> Result<T> {
        let what = self.what;
        let text = self.text()?;
        text.parse()
            .map_err(|_| Error::Startup(format!("the helper's {what} record has {text:?} for a number")))
    }

    fn handle(&mut self) -> Result<Option<ManagedHandle>> {
        let id: i64 = self.number()?;
        Ok((id != 0).then_some(ManagedHandle(id as usize as *mut _)))
    }

    fn required(&mut self) -> Result<ManagedHandle> {
        let what = self.what;
        self.handle()?
            .ok_or_else(|| Error::Startup(format!("the helper's {what} record lacks a handle")))
    }
}

/// A name kept for the life of the process (metadata names are few and never freed).
fn intern(text: &str) -> &'static str {
    static NAMES: Mutex<Option<std::collections::HashSet<&'static str>>> = Mutex::new(None);
    let mut names = NAMES.lock().unwrap_or_else(|p| p.into_inner());
    let names = names.get_or_insert_with(Default::default);
    if let Some(&name) = names.get(text) {
        return name;
    }
    let name: &'static str = Box::leak(text.to_owned().into_boxed_str());
    names.insert(name);
    name
}

fn cached<T: 'static>(
    cache: &Mutex<HashMap<usize, &'static T>>,
    handle: ManagedHandle,
    read: impl FnOnce() -> Result<T>,
) -> Result<&'static T> {
    let key = handle.0 as usize;
    if let Some(&facts) = cache.lock().unwrap_or_else(|p| p.into_inner()).get(&key) {
        return Ok(facts);
    }
    let facts: &'static T = Box::leak(Box::new(read()?));
    Ok(*cache
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .entry(key)
        .or_insert(facts))
}

impl CoreClr {
    fn record(&self, handle: ManagedHandle, what: i32) -> Result<String> {
        self.bridge.facts(handle, what).map_err(|e| Error::TypeLoad {
            member: format!("metadata handle {:#x}", handle.0 as usize),
            reason: e,
        })
    }

    /// What the type `ty` is.
    pub(crate) fn type_facts(&self, ty: ManagedHandle) -> Result<&'static TypeFacts> {
        cached(&self.facts.types, ty, || {
            let text = self.record(ty, 0)?;
            let mut r = Record::new(&text, "type");
            let (name, namespace, assembly, cil_name) = (r.name()?, r.name()?, r.name()?, r.name()?);
            let flags = r.number()?;
            let kind = KINDS.get(r.number::<usize>()?).copied().unwrap_or(TypeKind::Other);
            Ok(TypeFacts {
                name,
                namespace,
                assembly,
                cil_name,
                flags,
                kind,
                size: r.number()?,
                align: r.number()?,
                parent: r.handle()?,
                enum_underlying: r.handle()?,
                nullable_param: r.handle()?,
                nesting: r.handle()?,
                element: r.handle()?,
                references: std::sync::OnceLock::new(),
            })
        })
    }

    /// What the method or constructor `method` is.
    pub(crate) fn method_facts(&self, method: ManagedHandle) -> Result<&'static MethodFacts> {
        cached(&self.facts.methods, method, || {
            let text = self.record(method, 5)?;
            let mut r = Record::new(&text, "method");
            let name = r.name()?;
            let class = r.required()?;
            let flags = r.number()?;
            let token = r.number::<i64>()? as u32;
            let mut signature = r.fields.peekable();
            if let Some(reason) = signature.peek().and_then(|f| f.strip_prefix('!')) {
                return Ok(MethodFacts {
                    name,
                    class,
                    flags,
                    token,
                    ret: ManagedHandle(std::ptr::null_mut()),
                    params: Vec::new(),
                    unresolvable: Some(reason.to_owned()),
                });
            }
            let mut handles = Vec::new();
            for p in signature {
                handles.push(Record::new(p, "parameter").required()?);
            }
            if handles.is_empty() {
                return Err(Error::Startup(
                    "the helper's method record has no return type: helper and crate built apart".into(),
                ));
            }
            let ret = handles.remove(0);
            Ok(MethodFacts {
                name,
                class,
                flags,
                token,
                ret,
                params: handles,
                unresolvable: None,
            })
        })
    }

    /// What the field `field` is.
    pub(crate) fn field_facts(&self, field: ManagedHandle) -> Result<&'static FieldFacts> {
        cached(&self.facts.fields, field, || {
            let text = self.record(field, 6)?;
            let mut r = Record::new(&text, "field");
            let name = r.name()?;
            let class = r.required()?;
            let flags = r.number()?;
            let ty = r.required()?;
            let offset: i64 = r.number()?;
            Ok(FieldFacts {
                name,
                class,
                flags,
                ty,
                offset: usize::try_from(offset).ok(),
            })
        })
    }

    fn related(&self, ty: ManagedHandle, what: i32) -> Result<Vec<ManagedHandle>> {
        let text = self.record(ty, what)?;
        if text.is_empty() {
            return Ok(Vec::new());
        }
        let mut r = Record::new(&text, "member list");
        let mut out = Vec::new();
        while r.fields.clone().next().is_some() {
            out.push(r.required()?);
        }
        Ok(out)
    }

    /// The module version ID of an assembly's manifest module, upper case.
    pub(crate) fn module_version(&self, assembly: ManagedHandle) -> Result<String> {
        Ok(self.record(assembly, 9)?.to_ascii_uppercase())
    }

    /// The assembly that defines the type `ty`.
    pub(crate) fn assembly_of(&self, ty: ManagedHandle) -> Result<ManagedHandle> {
        let text = self.record(ty, 8)?;
        Record::new(&text, "assembly").required()
    }

    /// The rows of an assembly's TypeDef table, in order: each type, or why the runtime cannot
    /// load it (its token and the reason).
    pub(crate) fn type_definitions(
        &self,
        assembly: ManagedHandle,
    ) -> Result<Vec<std::result::Result<ManagedHandle, String>>> {
        let text = self.record(assembly, 7)?;
        text.split('\u{1f}')
            .filter(|row| !row.is_empty())
            .map(|row| match row.strip_prefix('!') {
                Some(reason) => Ok(Err(reason.to_owned())),
                None => Record::new(row, "type definition").required().map(Ok),
            })
            .collect()
    }

    /// The interfaces the type implements (every one, as reflection lists them).
    pub(crate) fn interfaces(&self, ty: ManagedHandle) -> Result<Vec<ManagedHandle>> {
        self.related(ty, 1)
    }

    /// The methods and constructors the type declares.
    pub(crate) fn methods(&self, ty: ManagedHandle) -> Result<Vec<ManagedHandle>> {
        self.related(ty, 2)
    }

    /// The fields the type declares.
    pub(crate) fn fields(&self, ty: ManagedHandle) -> Result<Vec<ManagedHandle>> {
        self.related(ty, 3)
    }

    /// The nested type `name` (its metadata name) of `ty`.
    pub(crate) fn nested(&self, ty: ManagedHandle, name: &str) -> Result<Option<ManagedHandle>> {
        for n in self.related(ty, 4)? {
            if self.type_facts(n)?.name == name {
                return Ok(Some(n));
            }
        }
        Ok(None)
    }

    #[cfg(test)]
    /// The parameter types of a method, as cilbind spells them.
    pub(crate) fn parameter_names(&self, method: ManagedHandle) -> Result<Vec<&'static str>> {
        self.method_facts(method)?
            .params
            .iter()
            .map(|&p| Ok(self.type_facts(p)?.cil_name))
            .collect()
    }

    #[cfg(test)]
    /// The method `name` of `class` or its nearest base that has one, with these parameter
    /// types (cilbind's spelling; a generic definition's type parameters by name); several
    /// there (overloads differing only by return type) are [`Error::AmbiguousMethod`] unless
    /// `ret` names the return type. `generic` looks among generic method definitions only,
    /// else among the other methods. The rule of the Mono backend's `Class::method`.
    pub(crate) fn find_method(
        &self,
        class: ManagedHandle,
        name: &str,
        params: &[&str],
        ret: Option<&str>,
        generic: bool,
    ) -> Result<ManagedHandle> {
        let mut candidates = Vec::new();
        let mut owner = Some(class);
        while let Some(c) = owner {
            let mut matches = Vec::new();
            for m in self.methods(c)? {
                let facts = self.method_facts(m)?;
                if facts.name != name || facts.is_generic_definition() != generic {
                    continue;
                }
                let names = self.parameter_names(m)?;
                let returns = self.type_facts(facts.ret)?.cil_name;
                if names == params && ret.is_none_or(|r| r == returns) {
                    matches.push((m, returns));
                } else if candidates.len() < 16 {
                    candidates.push(format!("{}({}) -> {returns}", facts.name, names.join(",")));
                }
            }
            match matches.len() {
                0 => owner = self.type_facts(c)?.parent,
                1 => return Ok(matches[0].0),
                _ => {
                    return Err(Error::AmbiguousMethod {
                        class: self.type_facts(class)?.cil_name.into(),
                        name: name.into(),
                        parameters: params.join(","),
                        candidates: matches
                            .iter()
                            .map(|(_, r)| format!("{name}({}) -> {r}", params.join(",")))
                            .collect(),
                    })
                }
            }
        }
        let mut parameters = params.join(",");
        if let Some(r) = ret {
            parameters.push_str(" -> ");
            parameters.push_str(r);
        }
        Err(Error::MethodNotFound {
            class: self.type_facts(class)?.cil_name.into(),
            name: name.into(),
            parameters,
            candidates,
        })
    }

    /// The field `name` declared by `class` or its nearest base that has one.
    pub(crate) fn find_field(&self, class: ManagedHandle, name: &str) -> Result<ManagedHandle> {
        let mut owner = Some(class);
        while let Some(c) = owner {
            for f in self.fields(c)? {
                if self.field_facts(f)?.name == name {
                    return Ok(f);
                }
            }
            owner = self.type_facts(c)?.parent;
        }
        Err(Error::FieldNotFound {
            class: self.type_facts(class)?.cil_name.into(),
            name: name.into(),
        })
    }

    /// `definition` (a generic type or method definition) closed over `args`.
    pub(crate) fn instantiate(&self, definition: ManagedHandle, args: &[ManagedHandle]) -> Result<ManagedHandle> {
        self.bridge
            .instantiate(definition, args)
            .map_err(|reason| Error::TypeLoad {
                member: format!("the instantiation of metadata handle {:#x}", definition.0 as usize),
                reason,
            })
    }

    /// The static `Invoke` of `method`'s pointer trampoline (see [`super::types::trampoline`]).
    pub(crate) fn trampoline(&self, method: ManagedHandle, mask: i64, spans: i64) -> Result<ManagedHandle> {
        self.bridge.trampoline(method, mask, spans).map_err(Error::Unsupported)
    }

    /// The one-dimensional array type of `element`.
    pub(crate) fn array_of(&self, element: ManagedHandle) -> Result<ManagedHandle> {
        self.bridge.array_of(element).map_err(Error::Unsupported)
    }

    /// True when a value of type `from` may be stored in a location of type `to`.
    pub(crate) fn is_assignable(&self, to: ManagedHandle, from: ManagedHandle) -> bool {
        to == from || self.bridge.is_assignable(to, from)
    }
}
