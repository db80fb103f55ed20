//! The function database: one entry per method the runtime knows, with a stable 64-bit ID.
//!
//! As in FuBi, the database is built from the binary itself, not from hand-written tables.
//! The ID is the FNV-1a hash of the assembly-qualified signature
//! (`[Assembly]Namespace.Type::Name(ParamTypes)->Return`, types spelled as CLI type names:
//! `cilbind-abi` writes the form and hashes it, for the generator and the runtime alike), so
//! adding a method elsewhere never changes an ID, and the same method gets the same ID in
//! every process: dynamic callers (RPC, consoles, replays) can name methods by ID.
//!
//! Entries come from two places:
//! * **the generated bindings' table** (`FUNCTIONS`, written by the generator): their `init()`
//!   installs it with [`FunctionDb::install_table`], which checks every row against the
//!   loaded assemblies at once (`call/bindings_table.rs`), so the database is complete for
//!   what the bindings cover before any call, and a missing or changed method refuses
//!   start-up instead of failing at its first call;
//! * **registration** ([`FunctionDb::register`]): every method the raw-call shim binds (so
//!   members of generic types and generic methods, whose IDs name the closed instantiation,
//!   arrive on their first call), and any method a tool registers.
//!
//! An entry's identity is its row (assembly, type, name, parameter and return types), never
//! only a Mono `Method`: the `Method` is a cache, resolved from the row when first needed, and
//! [`FunctionDb::forget_resolved`] drops every cached one (for hot reload, which unloads
//! assemblies) while the rows stay.

use std::collections::HashMap;
use std::sync::{LazyLock, RwLock};

use cilbind_abi::{fnv1a64, member_of, DeclaringType, MethodSignature};

use crate::call::bindings_table::{self, FunctionRow, FunctionType};
use crate::error::{Error, Result};
use crate::host::{type_name, Method, Runtime, Signature};

/// A stable method ID (see the module docs), defined in `cilbind-abi` so the generator
/// computes the same. Displayed as 16 hexadecimal digits.
pub use cilbind_abi::FunctionId;

/// Where an entry came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FunctionSource {
    /// A generated bindings' table, checked when it was installed.
    Table,
    /// [`FunctionDb::register`] (a method bound on first call, or registered by a tool).
    Registered,
}

/// What the database knows about one method: a copy, made when asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionEntry {
    /// The stable ID.
    pub id: FunctionId,
    /// The assembly-qualified signature the ID is derived from.
    pub signature: String,
    /// Simple name of the assembly that defines the method's type.
    pub assembly: String,
    /// Full name of the declaring type, spelled as in the signature (`Fixtures.Calls`; a
    /// nested type `Fixtures.Outer.Inner`).
    pub declaring_type: String,
    /// Method name (`.ctor` for constructors).
    pub name: String,
    /// Parameter types as the signature spells them (`System.Int32`, by-ref ones with `&`).
    pub parameters: Vec<String>,
    /// Return type as the signature spells it (`System.Void` for none).
    pub return_type: String,
    /// Where the entry came from.
    pub source: FunctionSource,
}

impl FunctionEntry {
    /// The method, resolved from the entry's row when no resolved one is cached
    /// ([`FunctionDb::method`]).
    pub fn method(&self) -> Result<Method> {
        FunctionDb::method(self.id)
    }

    /// `Type::Method`, the key of [`FunctionDb::overloads`].
    pub fn member(&self) -> String {
        format!("{}::{}", self.declaring_type, self.name)
    }
}

/// How an entry finds its method again: a generated table's row, or the names of a
/// registered method.
#[derive(Clone, Debug)]
enum Row {
    Table(&'static FunctionType, &'static FunctionRow),
    Registered(Box<RegisteredRow>),
}

#[derive(Clone, Debug)]
struct RegisteredRow {
    /// Its signature, as registered.
    signature: String,
    assembly: String,
    /// Namespace and name as `Assembly::class` takes them (nested: `Outer/Inner`).
    namespace: String,
    type_name: String,
    name: String,
    params: Vec<String>,
    ret: String,
    /// False when the names do not find the method again (a method of a closed generic type
    /// or of an array type: `Assembly::class` reaches only type definitions).
    by_name: bool,
}

impl Row {
    /// The signature the row names (a table row's is made when asked for: installing a table
    /// builds no strings).
    fn signature(&self) -> String {
        match self {
            Row::Table(ty, row) => bindings_table::signature(ty, row),
            Row::Registered(r) => r.signature.clone(),
        }
    }

    /// The hash of its `Type::Method`, the key of [`Store::by_member`].
    fn member_hash(&self) -> u64 {
        match self {
            Row::Table(ty, row) => bindings_table::row_signature(ty, row).member_hash(),
            Row::Registered(r) => fnv1a64(member_of(&r.signature).as_bytes()),
        }
    }
}

/// One entry as stored.
struct Stored {
    row: Row,
    source: FunctionSource,
    /// The resolved method: a cache (see the module docs).
    method: Option<Method>,
}

/// One installed table, and whether its last check found every row.
struct Installed {
    table: &'static [FunctionType],
    checked: bool,
}

/// Keys are already FNV-1a hashes: hashing them again with FNV is cheap (SipHash's
/// protection against chosen keys buys nothing for IDs a table or the host's names decide).
type Map<K, V> = HashMap<K, V, fnv::FnvBuildHasher>;

#[derive(Default)]
struct Store {
    entries: Map<FunctionId, Stored>,
    /// `Type::Method` (hashed) → the IDs of that member's overloads.
    by_member: Map<u64, Vec<FunctionId>>,
    tables: Vec<Installed>,
    /// Bumped by `forget_resolved`: a method resolved before it is not cached after it.
    generation: u64,
}

impl Store {
    fn insert(&mut self, id: FunctionId, stored: Stored) {
        self.by_member.entry(stored.row.member_hash()).or_default().push(id);
        self.entries.insert(id, stored);
    }

    fn snapshot(&self, id: FunctionId) -> Option<FunctionEntry> {
        let stored = self.entries.get(&id)?;
        let (assembly, name, parameters, return_type) = match &stored.row {
            Row::Table(ty, row) => (
                ty.0.to_string(),
                row.1.to_string(),
                row.2.iter().map(|p| p.to_string()).collect(),
                row.3.to_string(),
            ),
            Row::Registered(r) => (r.assembly.clone(), r.name.clone(), r.params.clone(), r.ret.clone()),
        };
        let signature = stored.row.signature();
        let member = member_of(&signature);
        let declaring_type = member.rsplit_once("::").map_or(member, |(t, _)| t).to_string();
        Some(FunctionEntry {
            id,
            signature,
            assembly,
            declaring_type,
            name,
            parameters,
            return_type,
            source: stored.source,
        })
    }
}

static DB: LazyLock<RwLock<Store>> = LazyLock::new(Default::default);

fn read() -> std::sync::RwLockReadGuard<'static, Store> {
    DB.read().unwrap_or_else(|p| p.into_inner())
}

fn write() -> std::sync::RwLockWriteGuard<'static, Store> {
    DB.write().unwrap_or_else(|p| p.into_inner())
}

/// The process-wide function database.
pub struct FunctionDb;

impl FunctionDb {
    /// Adds `method` (if new) and returns its ID ([`Error::TypeLoad`] when its signature
    /// cannot be resolved). The entry records the method's names, from which it is found
    /// again once the cached methods are dropped (hot reload unloads assemblies); a method of
    /// a closed generic type cannot be found by name, and must be registered (bound) again
    /// then.
    pub fn register(method: Method) -> Result<FunctionId> {
        let names = method_names(method, &method.signature()?);
        let signature = names.signature().text();
        let id = FunctionId::of_signature(&signature);
        {
            let mut db = write();
            if let Some(stored) = db.entries.get_mut(&id) {
                stored.method.get_or_insert(method);
                return Ok(id);
            }
        }
        let row = registered_row(method, names, &signature);
        let mut db = write();
        if !db.entries.contains_key(&id) {
            let stored = Stored {
                row: Row::Registered(Box::new(row)),
                source: FunctionSource::Registered,
                method: Some(method),
            };
            db.insert(id, stored);
        }
        Ok(id)
    }

    /// Registers every row of a generated bindings' table (`FUNCTIONS`; their `init()` calls
    /// this after loading their assemblies) and checks every one against the loaded
    /// assemblies at once: each row's method must exist with exactly its parameter and return
    /// types, found as its binding's `MethodRef` finds it (in its type, then its bases).
    ///
    /// A mismatch is [`Error::FunctionsMismatch`], listing every missing method and every
    /// changed one with both signatures; the rows are registered all the same (tools can still
    /// list them), and a missing one is an error when it is used. Installing a table that was
    /// installed and found complete before does nothing (generated `init()` is cheap to call
    /// again). Each type of the table is resolved once and each of its methods' signatures
    /// read once, so the check is linear in the size of the types bound.
    pub fn install_table(table: &'static [FunctionType]) -> Result<()> {
        Runtime::get()?;
        {
            let db = read();
            if db.tables.iter().any(|t| same_table(t.table, table) && t.checked) {
                return Ok(());
            }
        }
        {
            let mut db = write();
            if !db.tables.iter().any(|t| same_table(t.table, table)) {
                db.tables.push(Installed { table, checked: false });
            }
            for ty in table {
                for row in ty.3 {
                    let id = FunctionId(row.0);
                    if let Some(stored) = db.entries.get_mut(&id) {
                        // Registered on a first call before the table was installed.
                        stored.source = FunctionSource::Table;
                        continue;
                    }
                    let stored = Stored {
                        row: Row::Table(ty, row),
                        source: FunctionSource::Table,
                        method: None,
                    };
                    db.insert(id, stored);
                }
            }
        }
        check_tables(vec![table])
    }

    /// Checks every installed table against the loaded assemblies again, as
    /// [`FunctionDb::install_table`] does (the same report), resolving and caching each
    /// row's method: after a hot reload has dropped the cached methods, this is the
    /// re-check.
    pub fn check() -> Result<()> {
        let tables = read().tables.iter().map(|t| t.table).collect();
        check_tables(tables)
    }

    /// Drops every cached `Method` and keeps every row: for hot reload, once the assemblies
    /// they belong to are unloaded. Each entry resolves its method again from its row when
    /// next used ([`FunctionDb::method`]), and [`FunctionDb::check`] (or the next
    /// `install_table`) checks the tables again.
    pub(crate) fn forget_resolved() {
        let mut db = write();
        db.generation += 1;
        for stored in db.entries.values_mut() {
            stored.method = None;
        }
        for t in &mut db.tables {
            t.checked = false;
        }
    }

    /// The entry with this ID.
    pub fn get(id: FunctionId) -> Option<FunctionEntry> {
        read().snapshot(id)
    }

    /// The entry with this exact signature
    /// (`[mscorlib]System.Math::Max(System.Int32,System.Int32)->System.Int32`).
    pub fn by_signature(signature: &str) -> Option<FunctionEntry> {
        FunctionDb::get(FunctionId::of_signature(signature)).filter(|e| e.signature == signature)
    }

    /// Every overload of a member named `Type::Method`, the type as Mono writes it
    /// (`System.Math::Max`, `Fixtures.Outer.Inner::Run`), sorted by signature; empty when
    /// there is none.
    pub fn overloads(member: &str) -> Vec<FunctionEntry> {
        let db = read();
        let mut v: Vec<FunctionEntry> = db
            .by_member
            .get(&fnv1a64(member.as_bytes()))
            .into_iter()
            .flatten()
            .filter_map(|&id| db.snapshot(id))
            .filter(|e| member_of(&e.signature) == member)
            .collect();
        v.sort_by(|a, b| a.signature.cmp(&b.signature));
        v
    }

    /// Every entry, sorted by signature.
    pub fn entries() -> Vec<FunctionEntry> {
        let db = read();
        let mut v: Vec<FunctionEntry> = db.entries.keys().filter_map(|&id| db.snapshot(id)).collect();
        v.sort_by(|a, b| a.signature.cmp(&b.signature));
        v
    }

    /// The method with this ID: the cached one, or resolved from the entry's row (then
    /// cached). An ID the database does not have is [`Error::UnknownFunction`]; a row whose
    /// method is not in the loaded assemblies is the lookup's error.
    pub fn method(id: FunctionId) -> Result<Method> {
        let (row, generation) = {
            let db = read();
            let stored = db.entries.get(&id).ok_or(Error::UnknownFunction { id })?;
            if let Some(m) = stored.method {
                return Ok(m);
            }
            (stored.row.clone(), db.generation)
        };
        let method = resolve(&row)?;
        let mut db = write();
        if db.generation == generation {
            if let Some(stored) = db.entries.get_mut(&id) {
                stored.method = Some(method);
            }
        }
        Ok(method)
    }

    /// The ID `method` has (or would have once registered).
    pub fn id_of(method: Method) -> Result<FunctionId> {
        Ok(FunctionId::of_signature(&signature_of(method)?))
    }
}

/// The same table: generated tables are statics, so their address identifies them.
fn same_table(a: &[FunctionType], b: &[FunctionType]) -> bool {
    std::ptr::eq(a, b)
}

/// Checks `tables` without holding the lock (resolving calls into the host), then caches what
/// was resolved, unless `forget_resolved` ran meanwhile.
fn check_tables(tables: Vec<&'static [FunctionType]>) -> Result<()> {
    let generation = read().generation;
    let report = bindings_table::check(&tables)?;
    let mut db = write();
    if db.generation == generation {
        for &(id, method) in &report.resolved {
            if let Some(stored) = db.entries.get_mut(&id) {
                stored.method = Some(method);
            }
        }
        if report.is_complete() {
            for t in db
                .tables
                .iter_mut()
                .filter(|t| tables.iter().any(|&x| same_table(x, t.table)))
            {
                t.checked = true;
            }
        }
    }
    report.into_result()
}

/// Finds a row's method in the loaded assemblies, as a `MethodRef` naming its return type
/// does.
fn resolve(row: &Row) -> Result<Method> {
    let rt = Runtime::get()?;
    match row {
        Row::Table(ty, row) => rt
            .assembly(ty.0)?
            .class(ty.1, ty.2)?
            .method_with_return(row.1, row.2, row.3),
        Row::Registered(r) if r.by_name => {
            let params: Vec<&str> = r.params.iter().map(String::as_str).collect();
            rt.assembly(&r.assembly)?
                .class(&r.namespace, &r.type_name)?
                .method_with_return(&r.name, &params, &r.ret)
        }
        Row::Registered(r) => Err(Error::Unsupported(format!(
            "{}.{}::{} is a method of a type its names do not find again (a closed generic type): \
             it is found again when it is bound again",
            r.namespace, r.type_name, r.name
        ))),
    }
}

/// The names of a registered method, as `Assembly::class` and `Class::method_with_return`
/// take them.
fn registered_row(method: Method, names: MethodNames, signature: &str) -> RegisteredRow {
    let class = method.class();
    let mut outer = class;
    let mut path = vec![class.name()];
    while let Some(enclosing) = outer.nesting_type() {
        path.push(enclosing.name());
        outer = enclosing;
    }
    path.reverse();
    let mut row = RegisteredRow {
        signature: signature.to_string(),
        assembly: names.assembly.to_string(),
        namespace: outer.namespace().to_string(),
        type_name: path.join("/"),
        name: names.name.to_string(),
        params: names.params,
        ret: names.ret,
        by_name: false,
    };
    // The names find the method again exactly when they spell its signature: a closed generic
    // type's name (`List<Int32>`) or an array's is not its definition's.
    let by_name = MethodSignature {
        assembly: &row.assembly,
        declaring_type: DeclaringType::Definition {
            namespace: &row.namespace,
            name: &row.type_name,
        },
        name: &row.name,
        params: &row.params,
        ret: &row.ret,
    };
    row.by_name = by_name.text() == signature;
    row
}

/// A method's names as its signature spells them, read from the host.
pub(crate) struct MethodNames {
    assembly: &'static str,
    declaring_type: String,
    name: &'static str,
    params: Vec<String>,
    ret: String,
}

impl MethodNames {
    /// The signature the names spell (its text is what the method's [`FunctionId`] hashes).
    pub(crate) fn signature(&self) -> MethodSignature<'_, String> {
        MethodSignature {
            assembly: self.assembly,
            declaring_type: DeclaringType::Spelled(&self.declaring_type),
            name: self.name,
            params: &self.params,
            ret: &self.ret,
        }
    }
}

/// `method`'s names, `sig` its signature: the one place the runtime turns the host's type
/// names into a signature's spelling. Mono's (`mono_type_get_name`, which `host::type_name`
/// and `Class::full_name` read) already are `cilbind-abi`'s spelling of a `TypeSig`, so the
/// names are taken as they come; a backend that spells types otherwise converts them here.
/// (The bindings table's check compares a row's names with the host's in place, through
/// `host::type_name_is`, on the same premise.)
pub(crate) fn method_names(method: Method, sig: &Signature) -> MethodNames {
    let class = method.class();
    MethodNames {
        assembly: class.assembly_name(),
        declaring_type: class.full_name(),
        name: method.name(),
        params: sig.params.iter().map(|&t| type_name(t)).collect(),
        ret: type_name(sig.ret),
    }
}

/// `[Assembly]Namespace.Type::Name(P1,P2)->R`, the method's signature text.
fn signature_of(method: Method) -> Result<String> {
    Ok(method_names(method, &method.signature()?).signature().text())
}

#[cfg(test)]
#[path = "function_db_tests.rs"]
mod tests;
