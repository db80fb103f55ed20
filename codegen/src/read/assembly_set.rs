//! Loading assemblies and resolving type references across them.
//!
//! dotnetdll parses ONE file into a `Resolution`; a TypeRef in it is just a name plus a
//! scope (usually an assembly reference). [`AssemblySet`] loads referenced assemblies on
//! demand, indexes their types, and follows nested TypeRefs and type forwarders
//! (`[TypeForwardedTo]`).
//!
//! A reference is looked up as Mono 6.8 loads it at run time, so that the bindings describe
//! the file that will run: an assembly of that simple name already loaded (an input, or
//! found before); then Mono's GAC, for a strong-named reference, by exact name, version,
//! culture and token (`gac.rs`); then the folders, in order: the inputs' folders, the
//! `reference_dir`s, Mono's class library and its Facades (Mono tries the referencing
//! assembly's folder, then its class library). Each file's origin is kept ([`Found`]) for
//! `cilbind generate --explain`.
//!
//! `Resolution<'a>` borrows the file's bytes. A generator run is short-lived and keeps every
//! assembly until it ends, so the bytes and the [`Loaded`] records are leaked to make them
//! `'static`; that lets resolved definitions from different files be held side by side.

use super::{gac, panic_guard};
use crate::error::{Error, Result};
use dotnetdll::dll::ParseError;
use dotnetdll::prelude::*;
use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// One loaded assembly file.
pub struct Loaded {
    /// Assembly simple name (from the Assembly table; the file stem if there is none).
    pub name: String,
    /// The file it was loaded from.
    pub path: PathBuf,
    /// dotnetdll's view of the file.
    pub res: Resolution<'static>,
    /// Top-level types by (namespace, metadata name).
    top_level: HashMap<(String, String), TypeIndex>,
    /// Nested types by (enclosing type, metadata name).
    nested: HashMap<(TypeIndex, String), TypeIndex>,
}

impl Loaded {
    fn find_local(&self, namespace: &str, name: &str) -> Option<TypeIndex> {
        self.top_level.get(&(namespace.to_string(), name.to_string())).copied()
    }

    fn find_nested(&self, encloser: TypeIndex, name: &str) -> Option<TypeIndex> {
        self.nested.get(&(encloser, name.to_string())).copied()
    }
}

/// A type definition: which assembly, and which row inside it.
#[derive(Clone, Copy)]
pub struct DefRef {
    /// The assembly defining the type.
    pub asm: &'static Loaded,
    /// The definition's index inside `asm.res`.
    pub idx: TypeIndex,
}

impl DefRef {
    /// The dotnetdll definition.
    pub fn def(&self) -> &'static TypeDefinition<'static> {
        &self.asm.res[self.idx]
    }

    /// Full metadata name with enclosing types: ``Ns.Outer`1/Inner``.
    /// (`TypeDefinition::nested_type_name` only handles one nesting level.)
    pub fn metadata_name(&self) -> String {
        let td = self.def();
        match td.encloser {
            Some(enc) => format!(
                "{}/{}",
                DefRef {
                    asm: self.asm,
                    idx: enc
                }
                .metadata_name(),
                td.name
            ),
            None => td.type_name(),
        }
    }

    /// The outermost enclosing type (itself if not nested).
    fn outermost(&self) -> DefRef {
        match self.def().encloser {
            Some(enc) => DefRef {
                asm: self.asm,
                idx: enc,
            }
            .outermost(),
            None => *self,
        }
    }

    /// Visible outside the assembly: public, and every enclosing type public too.
    pub fn is_public(&self) -> bool {
        let td = self.def();
        match td.flags.accessibility {
            TypeAccessibility::Public => td.encloser.is_none(),
            TypeAccessibility::Nested(Accessibility::Public) => match td.encloser {
                Some(enc) => DefRef {
                    asm: self.asm,
                    idx: enc,
                }
                .is_public(),
                None => false,
            },
            _ => false,
        }
    }

    /// Metadata name of the direct base type's definition, without resolving it
    /// (`"System.ValueType"`); empty if there is no base or it is a generic instantiation.
    pub fn base_name(&self) -> String {
        match &self.def().extends {
            Some(TypeSource::User(u)) => u.type_name(&self.asm.res),
            _ => String::new(),
        }
    }
}

/// Strips a generic arity suffix: ``List`1`` -> `List`.
pub fn strip_arity(name: &str) -> &str {
    match name.rfind('`') {
        Some(i) if i > 0 && name[i + 1..].bytes().all(|b| b.is_ascii_digit()) && i + 1 < name.len() => &name[..i],
        _ => name,
    }
}

/// The [`crate::model::TypePath`] of a definition.
pub fn type_path(d: DefRef) -> crate::model::TypePath {
    let mut nested = Vec::new();
    let mut cur = d.def().encloser;
    while let Some(enc) = cur {
        let td = &d.asm.res[enc];
        nested.push(strip_arity(&td.name).to_string());
        cur = td.encloser;
    }
    nested.reverse();
    crate::model::TypePath {
        assembly: d.asm.name.clone(),
        namespace: d.outermost().def().namespace.as_deref().unwrap_or("").to_string(),
        nested,
        name: strip_arity(&d.def().name).to_string(),
        metadata_name: d.metadata_name(),
    }
}

/// Where an assembly file was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// Given as an input.
    Input,
    /// In Mono's GAC, by the reference's exact identity.
    Gac,
    /// In one of the folders searched (the inputs' folders, the reference folders, Mono's
    /// class library).
    Folder,
}

impl Found {
    /// `input`, `gac` or `folder`.
    pub fn key(self) -> &'static str {
        match self {
            Found::Input => "input",
            Found::Gac => "gac",
            Found::Folder => "folder",
        }
    }
}

/// One assembly the generation read: its simple name, file, and where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundAssembly {
    /// Simple name.
    pub name: String,
    /// The file read.
    pub path: PathBuf,
    /// How it was found.
    pub found: Found,
}

/// The assemblies loaded so far and where to look for more.
pub struct AssemblySet {
    search_dirs: Vec<PathBuf>,
    /// The GAC folders, searched first for strong-named references.
    gac_roots: Vec<PathBuf>,
    /// Every assembly loaded, in load order, with where it was found.
    found: RefCell<Vec<FoundAssembly>>,
    loaded: RefCell<HashMap<String, &'static Loaded>>,
    /// Every file read so far, in the order it was first read.
    files_read: RefCell<Vec<PathBuf>>,
    options: ReadOptions,
}

impl AssemblySet {
    /// An empty set that looks up referenced assemblies in Mono's GAC (`MONO_GAC_PREFIX`'s,
    /// then Mono's own), then in `search_dirs`, in order.
    pub fn new(search_dirs: Vec<PathBuf>) -> Self {
        AssemblySet {
            search_dirs,
            gac_roots: gac::roots(),
            found: RefCell::new(Vec::new()),
            loaded: RefCell::new(HashMap::new()),
            files_read: RefCell::new(Vec::new()),
            // Bodies are decoded on demand: only structs' instance methods are read (does a
            // method write through `this`?), and parsing stays as fast as without bodies.
            options: ReadOptions::new().with_lazy_method_bodies(true),
        }
    }

    /// Loads the input assembly in `path` (or returns the already loaded assembly of the same
    /// name).
    pub fn load_path(&self, path: &Path) -> Result<&'static Loaded> {
        self.load_found(path, Found::Input)
    }

    /// Loads the assembly in `path`, found as `found`.
    fn load_found(&self, path: &Path, found: Found) -> Result<&'static Loaded> {
        let bytes = std::fs::read(path).map_err(|source| Error::Io {
            path: path.to_path_buf(),
            source,
        })?;
        {
            let mut read = self.files_read.borrow_mut();
            if !read.iter().any(|p| p == path) {
                read.push(path.to_path_buf());
            }
        }
        let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
        let res = parse(path, bytes, self.options)?;
        let name = match &res.assembly {
            Some(a) => a.name.to_string(),
            None => path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
        };
        if let Some(existing) = self.loaded.borrow().get(&name) {
            return Ok(existing);
        }

        let mut top_level = HashMap::new();
        let mut nested = HashMap::new();
        for (idx, td) in res.enumerate_type_definitions() {
            match td.encloser {
                None => {
                    let ns = td.namespace.as_deref().unwrap_or("").to_string();
                    top_level.insert((ns, td.name.to_string()), idx);
                }
                Some(enc) => {
                    nested.insert((enc, td.name.to_string()), idx);
                }
            }
        }
        let loaded: &'static Loaded = Box::leak(Box::new(Loaded {
            name: name.clone(),
            path: path.to_path_buf(),
            res,
            top_level,
            nested,
        }));
        self.loaded.borrow_mut().insert(name.clone(), loaded);
        self.found.borrow_mut().push(FoundAssembly {
            name,
            path: path.to_path_buf(),
            found,
        });
        Ok(loaded)
    }

    /// Every assembly loaded, in load order (inputs first), with where it was found.
    pub fn found(&self) -> Vec<FoundAssembly> {
        self.found.borrow().clone()
    }

    /// The module version of every assembly loaded so far, by simple name, spelled as the
    /// runtimes spell a GUID (`mono_guid_to_string`, .NET's `Guid.ToString()` upper-cased: the
    /// first three groups little-endian).
    pub fn module_versions(&self) -> std::collections::BTreeMap<String, String> {
        self.loaded
            .borrow()
            .iter()
            .map(|(name, l)| {
                let g = l.res.module.mvid;
                let text = format!(
                    "{:02X}{:02X}{:02X}{:02X}-{:02X}{:02X}-{:02X}{:02X}-{:02X}{:02X}-{:02X}{:02X}{:02X}{:02X}{:02X}{:02X}",
                    g[3], g[2], g[1], g[0], g[5], g[4], g[7], g[6], g[8], g[9], g[10], g[11], g[12], g[13], g[14], g[15]
                );
                (name.clone(), text)
            })
            .collect()
    }

    /// Every assembly file read so far (inputs and the dependencies they needed), in the order
    /// each was first read: what the generated bindings depend on.
    pub fn files_read(&self) -> Vec<PathBuf> {
        self.files_read.borrow().clone()
    }

    /// Loads the assembly that reference `r` of `referenced_by` names (see the module docs
    /// for the order).
    pub fn load_reference(&self, r: &ExternalAssemblyReference<'_>, referenced_by: &Loaded) -> Result<&'static Loaded> {
        let name = &*r.name;
        if let Some(l) = self.loaded.borrow().get(name) {
            return Ok(l);
        }
        let gac = gac::folders(&self.gac_roots, r);
        // A simple name is a file name: one with a path in it names no file of these folders.
        let plain = !(name.contains(['/', '\\']) || name == "." || name == "..");
        // Mono tries every place with `.dll`, then every place with `.exe`.
        for ext in ["dll", "exe"].into_iter().filter(|_| plain) {
            let places = gac.iter().map(|d| (d, Found::Gac));
            for (dir, found) in places.chain(self.search_dirs.iter().map(|d| (d, Found::Folder))) {
                let candidate = dir.join(format!("{name}.{ext}"));
                if candidate.is_file() {
                    return self.load_found(&candidate, found);
                }
            }
        }
        Err(Error::UnresolvedAssembly {
            referenced_by: referenced_by.path.clone(),
            assembly: name.to_string(),
            searched: gac.into_iter().chain(self.search_dirs.iter().cloned()).collect(),
        })
    }

    /// The definitions behind the type forwarders of `asm` (a facade assembly's public types).
    pub fn forwarded_types(&self, asm: &'static Loaded) -> Result<Vec<DefRef>> {
        let mut out = Vec::new();
        for et in &asm.res.exported_types {
            if let TypeImplementation::TypeForwarder(_) = et.implementation {
                out.push(self.find_in(asm, et.namespace.as_deref().unwrap_or(""), &et.name, asm)?);
            }
        }
        Ok(out)
    }

    /// Finds a top-level type by namespace and metadata name in `asm`, following type forwarders.
    fn find_in(&self, asm: &'static Loaded, namespace: &str, name: &str, referenced_by: &Loaded) -> Result<DefRef> {
        if let Some(idx) = asm.find_local(namespace, name) {
            return Ok(DefRef { asm, idx });
        }
        let full = if namespace.is_empty() {
            name.to_string()
        } else {
            format!("{namespace}.{name}")
        };
        let forwarded = asm
            .res
            .exported_types
            .iter()
            .find(|et| et.name == name && et.namespace.as_deref().unwrap_or("") == namespace);
        match forwarded.map(|et| &et.implementation) {
            Some(TypeImplementation::TypeForwarder(aref)) => {
                let target = self.load_reference(&asm.res[*aref], asm)?;
                self.find_in(target, namespace, name, asm)
            }
            Some(_) => Err(Error::Unsupported {
                path: asm.path.clone(),
                what: format!("type {full} is exported from another module (multi-module assembly)"),
            }),
            None => Err(Error::UnresolvedType {
                referenced_by: referenced_by.path.clone(),
                type_name: full,
                reason: format!(
                    "assembly {} ({}) does not define or forward it",
                    asm.name,
                    asm.path.display()
                ),
            }),
        }
    }

    /// Resolves a TypeRef of assembly `from` to its definition.
    pub fn resolve_typeref(&self, from: &'static Loaded, r: TypeRefIndex) -> Result<DefRef> {
        let tr = &from.res[r];
        let namespace = tr.namespace.as_deref().unwrap_or("");
        match tr.scope {
            ResolutionScope::Assembly(a) => {
                let target = self.load_reference(&from.res[a], from)?;
                self.find_in(target, namespace, &tr.name, from)
            }
            ResolutionScope::Nested(enclosing) => {
                let outer = self.resolve_typeref(from, enclosing)?;
                match outer.asm.find_nested(outer.idx, &tr.name) {
                    Some(idx) => Ok(DefRef { asm: outer.asm, idx }),
                    None => Err(Error::UnresolvedType {
                        referenced_by: from.path.clone(),
                        type_name: format!("{}/{}", outer.metadata_name(), tr.name),
                        reason: format!("{} has no such nested type", outer.asm.path.display()),
                    }),
                }
            }
            ResolutionScope::CurrentModule | ResolutionScope::Exported => self.find_in(from, namespace, &tr.name, from),
            ResolutionScope::ExternalModule(_) => Err(Error::Unsupported {
                path: from.path.clone(),
                what: format!(
                    "type {} lives in another module (multi-module assembly)",
                    tr.type_name()
                ),
            }),
        }
    }

    /// Resolves a TypeDef or TypeRef of assembly `from` to its definition.
    pub fn resolve_user_type(&self, from: &'static Loaded, u: &UserType) -> Result<DefRef> {
        match u {
            UserType::Definition(idx) => Ok(DefRef { asm: from, idx: *idx }),
            UserType::Reference(r) => self.resolve_typeref(from, *r),
        }
    }
}

/// Parses one file, telling "not an assembly at all" apart from "damaged assembly".
///
/// `cilbind_image_check::check` validates the PE/CLI headers, the streams, every table's
/// size, every index and the member signatures first. dotnetdll trusts offsets and row counts
/// from the file: without the check, a corrupt row count makes it try to allocate gigabytes
/// and abort the process, and a bad index makes it panic. If dotnetdll still panics on
/// something the checker does not cover, the panic becomes [`Error::CorruptMetadata`] and
/// nothing is printed.
fn parse(path: &Path, bytes: &'static [u8], options: ReadOptions) -> Result<Resolution<'static>> {
    use cilbind_image_check::ImageError;
    let not_assembly = |reason: String| Error::NotAnAssembly {
        path: path.to_path_buf(),
        reason,
    };
    let corrupt = |reason: String| Error::CorruptMetadata {
        path: path.to_path_buf(),
        reason,
    };
    match cilbind_image_check::check(bytes) {
        Ok(_) => {}
        Err(ImageError::NotPe(why)) => return Err(not_assembly(format!("it is not a PE image ({why})"))),
        Err(ImageError::NotCli) => return Err(not_assembly("it is a native PE image without CLI metadata".into())),
        Err(other) => return Err(corrupt(other.to_string())),
    }
    let decoder_failed = |msg: String| corrupt(format!("the metadata decoder failed on inconsistent tables ({msg})"));
    let dll = panic_guard::catch_quietly(|| DLL::parse(bytes))
        .map_err(decoder_failed)?
        .map_err(|e| match e {
            DLLError::Parse(ParseError::BadStructure(msg)) if msg.contains("CLI") => {
                not_assembly("it is a native PE image without CLI metadata".into())
            }
            other => corrupt(other.to_string()),
        })?;
    panic_guard::catch_quietly(|| dll.resolve(options))
        .map_err(decoder_failed)?
        .map_err(|e| corrupt(e.to_string()))
}
