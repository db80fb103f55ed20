//! Rust implementations of .NET types: a Rust value behind a managed object that implements
//! an interface, or that extends a class and overrides some of its virtual members.
//!
//! The managed object is a *proxy*: a class built at run time with Reflection.Emit by the
//! runtime's C# helper (`runtime/managed/Cilbind.Proxies.cs`), one per (.NET type, Rust type)
//! pair. Each forwarded member calls an internal call of that class registered with the raw
//! internal call for a thunk monomorphised for the Rust type (`dispatch.rs`): the target
//! is resolved when the class is built, never by name per call.
//!
//! # Lifetime
//!
//! The value lives in a slab (`slab.rs`) under a generation-checked key that the
//! proxy stores in a private readonly field, set before the base constructor runs (a base
//! constructor may call virtual members). The proxy's constructor reports the object to Rust,
//! which keeps a long weak handle (track resurrection) to it; its finalizer reports the key;
//! a sweep, run by a sentinel object's finalizer after each collection that reaches it (and
//! on demand, [`sweep`]), drops the values whose long weak handle reads null. So a value lives
//! exactly as long as its proxy, survives resurrection, and a call never reaches a dropped
//! value: a stale key throws `ObjectDisposedException` in C#.
//!
//! # Threads and re-entrance
//!
//! C# may call a proxy from any thread and re-enter it (an override calling a base method
//! that calls another override), so implementations are `Send + Sync + 'static` and their
//! methods take `&self`: use interior mutability (atomics, `Mutex`) for state.

mod base;
mod corlib;
pub(crate) mod delegate;
pub(crate) mod dispatch;
mod kinds;
pub(crate) mod slab;

use std::any::TypeId;
use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use crate::call::{lookup, Thunk, TypeRef};
use crate::error::{Error, Result};
use crate::host::native::signature_desc;
use crate::host::proxy::{self as host, MadeFor, Member, Role};
use crate::host::{Class, Method};
use crate::value::Object;

pub use base::Base;
pub use corlib::{IComparableImpl, IEquatableImpl, Lends};
pub use dispatch::Receiver;

pub use crate::host::proxy::ProxyEntry;
pub use kinds::{check_kinds, KindCheck, KindList, SigType};

/// Makes a [`ProxyEntry`] of a thunk function: `proxy_entry!(unsafe "int,string", thunk::<T>)`
/// for a member of a non-generic type, or, for a member of a generic interface, the thunk's
/// kinds: `proxy_entry!(unsafe kinds (<T0 as TypeArg>::Kind, Value<i32>) -> Bool, thunk::<T, T0>)`.
///
/// # Safety
/// The invocation starts with `unsafe`: the caller promises what
/// [`ProxyEntry::new_unchecked`] or [`ProxyEntry::with_kinds`] requires (the generator emits
/// it only for thunks whose kinds it derived from the member whose parameter list it names,
/// or whose kinds it lists).
#[doc(hidden)]
#[macro_export]
macro_rules! __proxy_entry {
    (unsafe kinds ($($kind:ty),* $(,)?) -> $ret:ty, $thunk:expr) => {
        // SAFETY: promised by the invocation's `unsafe` (see `cilbind::generated::proxy_entry`).
        unsafe { $crate::generated::ProxyEntry::with_kinds::<($($kind,)*), $ret>($thunk as *const ()) }
    };
    (unsafe $desc:expr, $thunk:expr) => {
        // SAFETY: promised by the invocation's `unsafe` (see `cilbind::generated::proxy_entry`).
        unsafe { $crate::generated::ProxyEntry::new_unchecked($desc, $thunk as *const ()) }
    };
}

/// A member of a proxy class, named by its .NET name and parameter type names (as
/// [`MethodRef`](crate::MethodRef) names them).
#[derive(Clone, Copy)]
pub enum ProxyMember {
    /// An interface method (of the interface or one it extends, declared by `owner`) that
    /// Rust implements.
    Implement {
        /// The interface declaring the method.
        owner: &'static TypeRef,
        /// Method name.
        name: &'static str,
        /// Parameter type names.
        params: &'static [&'static str],
        /// The thunk.
        entry: ProxyEntry,
    },
    /// A method of a closed generic interface (`closed`, an instantiation of `owner`, or an
    /// interface it extends) that Rust implements: found in `owner` by name and parameters as
    /// the definition declares them (`T`), then in `closed` as the same member.
    ImplementClosed {
        /// The generic definition (or non-generic interface) declaring the method.
        owner: &'static TypeRef,
        /// The class whose member is implemented: `owner`'s class, or a closed instantiation.
        closed: Class,
        /// Method name.
        name: &'static str,
        /// Parameter type names, as the definition declares them.
        params: &'static [&'static str],
        /// The thunk.
        entry: ProxyEntry,
    },
    /// A virtual method of the base class (or an ancestor, `owner`) that Rust overrides.
    Override {
        /// The class declaring the method.
        owner: &'static TypeRef,
        /// Method name.
        name: &'static str,
        /// Parameter type names.
        params: &'static [&'static str],
        /// The thunk.
        entry: ProxyEntry,
    },
    /// A base constructor (constructor `n` of the proxy, in order of appearance).
    Constructor {
        /// Parameter type names.
        params: &'static [&'static str],
        /// Trampoline mask (as [`MethodRef::by_pointer`](crate::MethodRef::by_pointer) takes it:
        /// bit `i` passes parameter `i`, a full struct, by pointer); 0 calls Mono's thunk.
        mask: i64,
    },
    /// The base implementation of a virtual method, callable non-virtually (`base_call(n)`).
    BaseCall {
        /// The class declaring the implementation.
        owner: &'static TypeRef,
        /// Method name.
        name: &'static str,
        /// Parameter type names.
        params: &'static [&'static str],
        /// Trampoline mask (as [`MethodRef::by_pointer`](crate::MethodRef::by_pointer) takes it:
        /// bit `i` passes parameter `i`, a full struct, by pointer); 0 calls Mono's thunk.
        mask: i64,
    },
    /// A protected method made reachable from Rust (`protected(n)`).
    Protected {
        /// The class declaring the method.
        owner: &'static TypeRef,
        /// Method name.
        name: &'static str,
        /// Parameter type names.
        params: &'static [&'static str],
        /// Trampoline mask (as [`MethodRef::by_pointer`](crate::MethodRef::by_pointer) takes it:
        /// bit `i` passes parameter `i`, a full struct, by pointer); 0 calls Mono's thunk.
        mask: i64,
    },
    /// A protected field made reachable from Rust (`field_get(n)`, `field_set(n)`).
    ProtectedField {
        /// The class declaring the field.
        owner: &'static TypeRef,
        /// Field name.
        name: &'static str,
    },
}

/// A proxy class built for one Rust type: its constructors and forwarders, resolved once.
pub struct ProxyType {
    /// The unit the class was built in (a reload builds it again, see `host/mono/unit.rs`).
    epoch: u32,
    class: Class,
    rust_type: TypeId,
    constructors: Vec<&'static Thunk>,
    base_calls: Vec<&'static Thunk>,
    protected: Vec<&'static Thunk>,
    field_gets: Vec<&'static Thunk>,
    field_sets: Vec<Option<&'static Thunk>>,
}

/// What a proxy class is built for: a Rust type (and, for a generic interface, the Rust type
/// arguments its thunks were made with) and the .NET type.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Target {
    /// A non-generic type, by its `TypeRef`'s address.
    Type(usize),
    /// A closed class (a generic interface instantiated).
    Class(Class),
}

static TYPES: LazyLock<Mutex<HashMap<(TypeId, Target), &'static ProxyType>>> = LazyLock::new(Default::default);

/// The proxy class for `id`, built the first time with `make` (later calls in the same unit
/// return the same class).
fn cached(id: (TypeId, Target), make: impl FnOnce() -> Result<ProxyType>) -> Result<&'static ProxyType> {
    if crate::remote::connected() {
        return Err(Error::Unsupported(
            "a Rust subclass of a .NET class, or a Rust implementation of a generic interface, cannot run in a client \
             of a remote runtime yet (a Rust implementation of a non-generic interface can): make it in a process \
             that hosts the runtime"
                .into(),
        ));
    }
    let mut types = TYPES.lock().unwrap_or_else(|p| p.into_inner());
    match types.get(&id) {
        Some(ty) if ty.epoch == crate::host::unit::epoch() => return Ok(ty),
        // Built in a unit that was reloaded since: its class and code are gone.
        Some(_) => types.retain(|_, ty| ty.epoch == crate::host::unit::epoch()),
        None => {}
    }
    let ty: &'static ProxyType = Box::leak(Box::new(make()?));
    types.insert(id, ty);
    Ok(ty)
}

impl ProxyType {
    /// The proxy class of `target` for the Rust type `T`, built the first time with the
    /// members `members()` lists (later calls return the same class). Every interface method,
    /// and every abstract method of a class, must be implemented, or this is an error naming it.
    pub fn of<T: Send + Sync + 'static>(
        target: &'static TypeRef,
        members: impl FnOnce() -> Vec<ProxyMember>,
    ) -> Result<&'static ProxyType> {
        let id = (TypeId::of::<T>(), Target::Type(target as *const TypeRef as usize));
        cached(id, || build(target.class()?, &members(), TypeId::of::<T>()))
    }

    /// The proxy class of `target`, a closed generic interface, for the Rust type `T` whose
    /// thunks were made with the Rust type arguments `Args` (`(T0, T1)`): one class per
    /// combination, since two Rust types may stand for one .NET type (`i32` and `Int32`) with
    /// different implementations. Built the first time with the members `members()` lists
    /// ([`ProxyMember::ImplementClosed`]); every interface method must be implemented.
    pub fn of_closed<T: Send + Sync + 'static, Args: 'static>(
        target: Class,
        members: impl FnOnce() -> Result<Vec<ProxyMember>>,
    ) -> Result<&'static ProxyType> {
        let id = (TypeId::of::<(T, Args)>(), Target::Class(target));
        cached(id, || build(target, &members()?, TypeId::of::<T>()))
    }

    /// The proxy class.
    pub fn class(&self) -> Class {
        self.class
    }

    /// The Rust type the proxy class was built for.
    pub(crate) fn rust_type(&self) -> TypeId {
        self.rust_type
    }

    /// A new proxy holding `value`, made by constructor `n`: `construct` calls the given
    /// thunk (`New{n}(long key, args…)`) with the key and the base constructor's arguments.
    /// If it fails before the object exists, `value` is dropped at once.
    pub fn create<T: Send + Sync + 'static>(
        &'static self,
        value: T,
        n: usize,
        construct: impl FnOnce(&'static Thunk, i64) -> Result<Option<Object>>,
    ) -> Result<Object> {
        let thunk = *self
            .constructors
            .get(n)
            .ok_or_else(|| Error::InvalidArgument(format!("{} has no constructor {n}", self.class.full_name())))?;
        let key = slab::insert(value, self)?;
        match construct(thunk, key) {
            Ok(Some(obj)) => Ok(obj),
            Ok(None) => {
                slab::abandon(key);
                Err(Error::NullReference("a proxy constructor returned null".into()))
            }
            Err(e) => {
                slab::abandon(key);
                Err(e)
            }
        }
    }

    /// A new interface proxy holding `value`.
    pub fn implement<T: Send + Sync + 'static>(&'static self, value: T) -> Result<Object> {
        self.create(value, 0, |new, key| new.call((key,)))
    }

    /// A delegate of the delegate type this proxy class was built for, bound to a new proxy
    /// holding `key` (a key of the table of revocable values, `proxy/delegate.rs`): the class's
    /// factory `New0(long key)` returns it.
    pub(crate) fn delegate_with_key(&'static self, key: i64) -> Result<Object> {
        let new = self
            .constructors
            .first()
            .ok_or_else(|| Error::InvalidArgument(format!("{} has no constructor", self.class.full_name())))?;
        new.call::<_, Option<Object>>((key,))?
            .ok_or_else(|| Error::NullReference("a delegate proxy's factory returned null".into()))
    }

    /// The non-virtual base call `n` (`Base{n}`), called as an instance method of the proxy.
    pub fn base_call(&self, n: usize) -> Result<&'static Thunk> {
        get(&self.base_calls, n, "base call", self.class)
    }

    /// The protected method forwarder `n`.
    pub fn protected(&self, n: usize) -> Result<&'static Thunk> {
        get(&self.protected, n, "protected method", self.class)
    }

    /// The getter of protected field `n`.
    pub fn field_get(&self, n: usize) -> Result<&'static Thunk> {
        get(&self.field_gets, n, "protected field", self.class)
    }

    /// The setter of protected field `n` (an error for a readonly field).
    pub fn field_set(&self, n: usize) -> Result<&'static Thunk> {
        self.field_sets.get(n).copied().flatten().ok_or_else(|| {
            Error::InvalidArgument(format!(
                "{} has no setter for protected field {n}",
                self.class.full_name()
            ))
        })
    }
}

/// The member of `closed` (a closed instantiation of `definition`'s class, or that class
/// itself) that is `definition`: Mono gives a member of a closed generic type its definition's
/// token, and the name is compared too (a class that is no instantiation of the definition
/// has other members under the same token numbers).
fn closed_member(definition: Method, closed: Class) -> Result<Method> {
    if definition.class() == closed {
        return Ok(definition);
    }
    closed
        .methods()
        .find(|m| m.token() == definition.token() && m.name() == definition.name())
        .ok_or_else(|| Error::MethodNotFound {
            class: closed.full_name(),
            name: definition.name().into(),
            parameters: String::new(),
            candidates: vec![format!("{definition} (in the generic definition)")],
        })
}

/// A constructor's trampoline mask for its `New{n}(long key, args…)` factory: each parameter
/// bit moves up by one (the key comes first); the flag bits above the parameters stay.
fn shift_parameters(mask: i64) -> i64 {
    const FLAGS: i64 = crate::RETURN_DEREF | crate::RETURN_BOXED | crate::RETURN_BY_POINTER | crate::THIS_BY_POINTER;
    (((mask & !FLAGS) << 1) & !FLAGS) | (mask & FLAGS)
}

/// True for a delegate type (whose proxy `Invoke` a delegate of the type is bound to).
fn is_delegate_type(class: Class) -> Result<bool> {
    let delegate_base = crate::Runtime::get()?.corlib().class("System", "MulticastDelegate")?;
    Ok(class != delegate_base && delegate_base.is_assignable_from(class))
}

fn get(list: &[&'static Thunk], n: usize, what: &str, class: Class) -> Result<&'static Thunk> {
    list.get(n)
        .copied()
        .ok_or_else(|| Error::InvalidArgument(format!("{} has no {what} {n}", class.full_name())))
}

/// Drops the values of proxies that were collected (the sentinel does it after collections;
/// this does it now, e.g. after `GC.Collect` + `WaitForPendingFinalizers`).
/// [`Runtime::collect`](crate::Runtime::collect) does all three, until nothing more goes.
pub fn sweep() {
    slab::sweep();
}

/// Number of Rust values behind live (not yet swept) proxies.
pub fn live() -> usize {
    slab::live()
}

/// Resolves the members, builds the class, registers its icalls.
fn build(target_class: Class, members: &[ProxyMember], rust_type: TypeId) -> Result<ProxyType> {
    host::start(dispatch::finalized, dispatch::sweep)?;
    let method = |owner: &TypeRef, name: &str, params: &[&str]| owner.class()?.method(name, params);
    // A thunk made for another signature (bindings generated from another version of the
    // assembly, or type arguments whose kinds do not fit) is refused before anything is
    // registered.
    let checked = |method: Method, entry: &ProxyEntry| -> Result<Method> {
        match entry.made_for() {
            MadeFor::Desc(made_for) => {
                let desc = signature_desc(method)?;
                if desc == made_for {
                    Ok(method)
                } else {
                    Err(Error::Unsupported(format!(
                        "cannot implement {method} in Rust: the bindings were made for ({made_for}), the loaded method takes ({desc})"
                    )))
                }
            }
            MadeFor::Kinds(check) => check(method).map(|()| method),
        }
    };
    let mut resolved = Vec::with_capacity(members.len());
    let mut entries = Vec::new();
    // The trampoline mask of each forwarder the proxy declares, by role, in order.
    let (mut constructor_masks, mut base_masks, mut protected_masks) = (Vec::new(), Vec::new(), Vec::new());
    for m in members {
        resolved.push(match *m {
            ProxyMember::Implement {
                owner,
                name,
                params,
                entry,
            } => {
                entries.push(entry);
                Member::Method(checked(method(owner, name, params)?, &entry)?, Role::Implement)
            }
            ProxyMember::ImplementClosed {
                owner,
                closed,
                name,
                params,
                entry,
            } => {
                entries.push(entry);
                let definition = method(owner, name, params)?;
                Member::Method(checked(closed_member(definition, closed)?, &entry)?, Role::Implement)
            }
            ProxyMember::Override {
                owner,
                name,
                params,
                entry,
            } => {
                entries.push(entry);
                Member::Method(checked(method(owner, name, params)?, &entry)?, Role::Override)
            }
            ProxyMember::Constructor { params, mask } => {
                // `New{n}(long key, args…)`: the constructor's parameters come after the key.
                constructor_masks.push(shift_parameters(mask));
                Member::Method(target_class.method(".ctor", params)?, Role::Constructor)
            }
            ProxyMember::BaseCall {
                owner,
                name,
                params,
                mask,
            } => {
                base_masks.push(mask);
                Member::Method(method(owner, name, params)?, Role::BaseCall)
            }
            ProxyMember::Protected {
                owner,
                name,
                params,
                mask,
            } => {
                protected_masks.push(mask);
                Member::Method(method(owner, name, params)?, Role::Protected)
            }
            ProxyMember::ProtectedField { owner, name } => Member::Field(owner.class()?.field(name)?),
        });
    }
    // `checked` compared each entry's parameter list with its member's above, and
    // `Cilbind.Proxies.Build` declares `M{n}` with that member's parameters and result after
    // `(object self, long key)`: the signature the entry promises.
    let class = host::build(target_class, &resolved, &entries, dispatch::created)?;
    let named = |name: String| -> Result<Method> {
        class
            .methods()
            .find(|m| m.name() == name)
            .ok_or_else(|| Error::MethodNotFound {
                class: class.full_name(),
                name,
                parameters: String::new(),
                candidates: Vec::new(),
            })
    };
    let count = |role: Role| {
        resolved
            .iter()
            .filter(|m| matches!(m, Member::Method(_, r) if *r == role))
            .count()
    };
    // A forwarder whose parameters include full structs is called through a pointer
    // trampoline, like the member it forwards to.
    let thunks = |prefix: &str, masks: &[i64]| -> Result<Vec<&'static Thunk>> {
        masks
            .iter()
            .enumerate()
            .map(|(i, &mask)| lookup::thunk_of_path(named(format!("{prefix}{i}"))?, mask))
            .collect()
    };
    // An interface's proxy and a delegate type's have one constructor, `New0(long key)`.
    let constructor_masks = if target_class.is_interface() || is_delegate_type(target_class)? {
        vec![0]
    } else {
        constructor_masks
    };
    debug_assert_eq!(base_masks.len(), count(Role::BaseCall));
    debug_assert_eq!(protected_masks.len(), count(Role::Protected));
    let fields = resolved.iter().filter(|m| matches!(m, Member::Field(_))).count();
    Ok(ProxyType {
        epoch: crate::host::unit::epoch(),
        class,
        rust_type,
        constructors: thunks("New", &constructor_masks)?,
        base_calls: thunks("Base", &base_masks)?,
        protected: thunks("Protected", &protected_masks)?,
        field_gets: thunks("Get", &vec![0; fields])?,
        field_sets: (0..fields)
            .map(|i| named(format!("Set{i}")).ok().map(lookup::thunk_of).transpose())
            .collect::<Result<_>>()?,
    })
}
