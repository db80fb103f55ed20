//! The Mono side of Rust implementations of .NET types (`crate::proxy`): building a proxy
//! class with the runtime's C# helper (`Cilbind.Proxies.Build`), registering its internal
//! calls, long weak handles, and exceptions thrown at the managed caller of an internal call.

use std::ffi::c_void;
use std::ptr;
use std::sync::OnceLock;

use super::array;
use super::ffi;
use super::native::add_raw_internal_call;
use super::raw::{self, ObjectRef};
use super::runtime::Runtime;
use super::EpochCell;
use crate::error::{Error, Result};
use crate::host::ObjectRef as NeutralRef;
use crate::host::{Class, Field, Method};

/// What a member given to [`build`] becomes in the proxy class (the roles of
/// `Cilbind.Proxies.Build`, same numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    /// An interface method forwarded to Rust (icall `M{n}`).
    Implement = 0,
    /// A base constructor (constructor `(long key, …)`, factory `New{n}`).
    Constructor = 1,
    /// A virtual method overridden by a forwarder to Rust (icall `M{n}`).
    Override = 2,
    /// The base implementation of a virtual, called non-virtually (`Base{n}`).
    BaseCall = 3,
    /// A protected method made public (`Protected{n}`).
    Protected = 4,
}

/// A member given to [`build`].
#[derive(Clone, Copy, Debug)]
pub(crate) enum Member {
    /// A method or constructor with its role.
    Method(Method, Role),
    /// A protected field (`Get{n}` / `Set{n}`).
    Field(Field),
}

/// Builds the proxy class for `target` (an interface to implement or a class to extend) from
/// `members`. The icalls it declares are not registered yet: nothing may call the class's
/// forwarders before [`register_icall`] has run for each.
pub(crate) fn build(target: Class, members: &[Member]) -> Result<Class> {
    static BUILD: EpochCell<super::Method> = EpochCell::new();
    let rt = Runtime::get()?;
    let build = *BUILD.get_or_try_init(|| {
        rt.helper().class("Cilbind", "Proxies")?.method(
            "Build",
            &["System.Type", "System.Reflection.MemberInfo[]", "System.Int32[]"],
        )
    })?;
    let member_info = rt.corlib().class("System.Reflection", "MemberInfo")?;
    let roles: Vec<i32> = members
        .iter()
        .map(|m| match m {
            Member::Method(_, role) => *role as i32,
            Member::Field(_) => 5,
        })
        .collect();
    // The array and each reflection object stay on this stack (locals) until the call.
    let array = array::array_new(member_info, members.len())?;
    for (i, member) in members.iter().enumerate() {
        let info = match member {
            Member::Method(m, _) => {
                // SAFETY: valid domain and method; returns its (cached) MethodInfo/ConstructorInfo.
                let info = unsafe {
                    ffi::mono_method_get_object(rt.domain(), super::Method::from(*m).as_ptr(), ptr::null_mut())
                };
                info as *mut ffi::MonoObject
            }
            Member::Field(f) => {
                // SAFETY: valid domain, field and its declaring class; returns its FieldInfo.
                unsafe {
                    let f = super::Field::from(*f);
                    ffi::mono_field_get_object(rt.domain(), f.class().as_ptr(), f.as_ptr())
                }
            }
        };
        array::array_set_ref(array, i, ObjectRef(info))?;
    }
    let roles = array::array_from_values(rt.corlib().class("System", "Int32")?, &roles)?;
    let ty = raw::type_object(target.into())?;
    let mut args = [
        ty.as_ptr() as *mut c_void,
        array.as_ptr() as *mut c_void,
        roles.as_ptr() as *mut c_void,
    ];
    let made = super::entry::runtime_invoke(build, ptr::null_mut(), &mut args).map_err(|e| {
        let info = raw::exception_info(e);
        Error::Unsupported(format!(
            "cannot implement {} in Rust: {}: {}",
            target.full_name(),
            info.type_name,
            info.message
        ))
    })?;
    raw::class_of_type_object(made)
        .map(Class::from)
        .ok_or_else(|| Error::Unsupported(format!("the proxy of {} has no class", target.full_name())))
}

/// Registers the helper's own icalls (`Cilbind.Proxies::Finalized` and `::Sweep`) once per
/// process (Mono's table of internal calls is process-wide and outlives units), and starts
/// the sweeper (`Cilbind.Proxies.StartSweeper`) once per unit (its sentinel object lives in
/// the unit), before the first proxy class of the unit exists.
pub(crate) fn start(finalized: extern "C" fn(i64), sweep: extern "C" fn()) -> Result<()> {
    static REGISTERED: OnceLock<std::result::Result<(), String>> = OnceLock::new();
    static STARTED: EpochCell<()> = EpochCell::new();
    let failed = |e: String| Error::Unsupported(format!("cannot start the proxy sweeper: {e}"));
    REGISTERED
        .get_or_init(|| {
            // SAFETY: both functions have the signatures the helper declares
            // (`static extern void Finalized(long)`, `static extern void Sweep()`), never
            // unwind, and are registered before anything can call them (the helper calls them
            // only from proxies' and the sweeper's finalizers, which do not exist yet).
            unsafe {
                add_raw_internal_call("Cilbind.Proxies::Finalized", finalized as *const c_void)
                    .map_err(|e| e.to_string())?;
                add_raw_internal_call("Cilbind.Proxies::Sweep", sweep as *const c_void).map_err(|e| e.to_string())
            }
        })
        .clone()
        .map_err(failed)?;
    STARTED
        .get_or_try_init(|| {
            let start = Runtime::get()?
                .helper()
                .class("Cilbind", "Proxies")
                .and_then(|c| c.method("StartSweeper", &[]))?;
            super::entry::runtime_invoke(start, ptr::null_mut(), &mut [])
                .map(|_| ())
                .map_err(|e| failed(raw::exception_info(e).message))
        })
        .copied()
}

/// The native entry point of a proxy thunk, with what it was made for.
#[derive(Clone, Copy, Debug)]
pub struct ProxyEntry {
    code: *const c_void,
    made_for: MadeFor,
}

/// What a thunk was made for, checked against the member before it is registered.
#[derive(Clone, Copy, Debug)]
pub(crate) enum MadeFor {
    /// A member with this parameter list, as `mono_signature_get_desc(sig, TRUE)` prints it.
    Desc(&'static str),
    /// Parameters and a result of these kinds: the check (`proxy::kinds::check_kinds`) of a
    /// closed member of a generic interface, whose parameter list depends on the type
    /// arguments.
    Kinds(fn(Method) -> Result<()>),
}

// SAFETY: a function address, valid for the life of the process on any thread.
unsafe impl Send for ProxyEntry {}
// SAFETY: as above.
unsafe impl Sync for ProxyEntry {}

impl ProxyEntry {
    /// An entry for a thunk made for a member whose parameter list, as
    /// `mono_signature_get_desc(sig, TRUE)` prints it, is `desc` (`int,Impl.V3&,string`).
    ///
    /// # Safety
    /// `code` is an `extern "C"` function that never unwinds, whose native signature is the
    /// proxy icall's for a member with the parameter list `desc`: `this` as a `RawRef`, the
    /// key as `i64`, then each parameter in its [`Incoming::Abi`](crate::native::Incoming)
    /// form and the result in its [`Outgoing::Abi`](crate::native::Outgoing) form, and that
    /// runs its body through [`proxy_call`](crate::generated::proxy_call) with the Rust type
    /// the proxy is made for. [`ProxyType::of`](crate::proxy::ProxyType::of) checks `desc` against the member's signature.
    pub unsafe fn new_unchecked(desc: &'static str, code: *const ()) -> ProxyEntry {
        ProxyEntry {
            code: code as *const c_void,
            made_for: MadeFor::Desc(desc),
        }
    }

    /// An entry for a thunk that `check` accepts or refuses for a closed member before it is
    /// registered (`ProxyEntry::with_kinds`, in `proxy/kinds.rs`, makes the check of a thunk's
    /// kinds).
    ///
    /// # Safety
    /// `code` is an `extern "C"` function that never unwinds, whose native signature is the
    /// proxy icall's for every member `check` accepts, and that runs its body through
    /// [`proxy_call`](crate::generated::proxy_call) with the Rust type the proxy is made for.
    pub(crate) unsafe fn with_check(code: *const (), check: fn(Method) -> Result<()>) -> ProxyEntry {
        ProxyEntry {
            code: code as *const c_void,
            made_for: MadeFor::Kinds(check),
        }
    }

    /// The thunk's address.
    pub(crate) fn code(&self) -> *const c_void {
        self.code
    }

    /// What the thunk was made for.
    pub(crate) fn made_for(&self) -> MadeFor {
        self.made_for
    }
}

/// Registers `entry` as the raw internal call of `icall`, one of a proxy class's `M{n}`,
/// through the natives' registration, so that its first call binds to it. The caller has
/// checked that `icall` is the `M{n}` of the member whose parameter list `entry` names.
pub(crate) fn register_entry(icall: Method, entry: &ProxyEntry) -> Result<()> {
    let name = format!("{}::{}", icall.class().full_name(), icall.name());
    // SAFETY: `entry` was made with `ProxyEntry::new_unchecked` or `with_kinds`, whose caller
    // promised the native signature of the proxy icall of that member (by its parameter list,
    // or by kinds that the caller of this function checked against the member), and that it
    // never unwinds.
    unsafe { add_raw_internal_call(&name, entry.code) }
}

/// Registers `created` as a proxy class's `Created(object self, long key)` icall.
pub(crate) fn register_created(icall: Method, created: extern "C" fn(NeutralRef, i64)) -> Result<()> {
    let name = format!("{}::{}", icall.class().full_name(), icall.name());
    // SAFETY: the function's type is the icall's native signature (a `MonoObject*` and an
    // `i64`, no result); Rust `extern "C"` functions abort rather than unwind.
    unsafe { add_raw_internal_call(&name, created as *const c_void) }
}

/// A long weak handle (track resurrection) to `obj`: it reads null only once the object is
/// reclaimed, not while it waits for or runs its finalizer, nor after a finalizer
/// resurrected it (SGen clears such handles after finalization, `sgen_null_link_in_range`
/// with `track` set, mono/sgen/sgen-gchandles.c).
pub(crate) fn long_weak_handle(obj: NeutralRef) -> u32 {
    let obj = ObjectRef::from(obj);
    super::thread::ensure();
    // SAFETY: `obj` is a live non-null object on the current stack.
    unsafe { ffi::mono_gchandle_new_weakref(obj.as_ptr(), 1) }
}

/// True once the object of the long weak handle `handle` was reclaimed.
pub(crate) fn is_reclaimed(handle: u32) -> bool {
    raw::gchandle_target(handle).is_null()
}
