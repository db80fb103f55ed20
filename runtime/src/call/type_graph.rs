//! The type graph generated bindings assume, proved against the loaded assemblies once per unit.
//!
//! A class wrapper (`class_wrapper!`) converts to its base class and to every interface it
//! implements without a check: `From<Dog> for IPet` is a field move, and `Deref` reaches the
//! base's methods. Those conversions are true of the assemblies the bindings were generated
//! from; the assemblies loaded may say otherwise (another build, a reload whose new code
//! dropped an interface). So a wrapper's class is resolved through [`prove`]: the first time
//! in each unit, every edge the wrapper declares (its base, each listed target) is checked
//! with the runtime, and each target's own edges are proved in turn (its class is resolved the
//! same way). A wrapper whose edges do not hold has no class: every checked way of making one
//! (`Reference::from_object`, a method's result, a constructor) fails with
//! [`Error::TypeGraphMismatch`], so no such wrapper exists, and every conversion from one that
//! does exist follows a proved edge.
//!
//! What that buys: a wrapper value holds an instance of its class and of every target it
//! declares, in the current unit (a reload makes every older handle stale). Calls on it
//! need not check `this` again (`This`, in `this_proof.rs`). Generated `init()` runs the same
//! proofs for every wrapper of its bindings at once ([`check_type_graph`]), so a broken edge
//! is reported at start-up and after a reload with the complete list, as a changed method is.

use std::cell::RefCell;

use crate::call::lookup::TypeRef;
use crate::error::{Error, Result};
use crate::host::{Class, EpochCell};
use crate::value::ManagedType;

/// What resolves one side of an edge: a wrapper's `ManagedType::class` (which proves that
/// wrapper's own edges first).
pub type ClassOf = fn() -> Result<Class>;

/// The other side of an edge: a wrapper's class (`ManagedType::class`, which proves that
/// wrapper's own edges first) and the `TypeRef` it names (`ManagedType::type_ref`).
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct Super {
    class: ClassOf,
    type_ref: fn() -> Option<&'static TypeRef>,
}

impl Super {
    /// The wrapper `T` as a base class or target (a constant: a wrapper's list of them is a
    /// promoted static, so resolving its class compiles to one call).
    pub const fn of<T: ManagedType>() -> Super {
        Super {
            class: T::class,
            type_ref: T::type_ref,
        }
    }
}

/// One class wrapper's class, cached once its edges are proved in the current unit (a
/// `static` in each wrapper's `ManagedType::class`: the proof belongs to the wrapper, whose
/// list of edges it checked, not to the `TypeRef`, which other wrappers may name too).
#[doc(hidden)]
pub struct ProvedClass(EpochCell<Class>);

impl ProvedClass {
    /// Not proved yet.
    #[allow(clippy::new_without_default)]
    pub const fn new() -> ProvedClass {
        ProvedClass(EpochCell::new())
    }

    /// The class `ty` names, once `supers` are proved its supertypes in this unit:
    /// [`Error::TypeGraphMismatch`] otherwise.
    #[inline]
    pub fn class(&'static self, ty: &TypeRef, supers: &[Super]) -> Result<Class> {
        match self.0.get() {
            Some(class) => Ok(*class),
            None => self.prove(ty, supers),
        }
    }

    /// [`ProvedClass::class`] off its fast path. A proof that comes back to this wrapper
    /// (`class Foo : IComparable<Foo>`: the interface's class is made from `Foo`'s) gets the
    /// class unproved: it only names a type argument, and the proof under way finishes before
    /// this thread makes any wrapper.
    #[cold]
    #[inline(never)]
    fn prove(&'static self, ty: &TypeRef, supers: &[Super]) -> Result<Class> {
        once_per_thread(
            self as *const ProvedClass as usize,
            || self.0.get_or_try_init(|| prove(ty.class()?, supers)).copied(),
            || ty.class(),
        )
    }
}

/// Checks that `class` is an instance of each of `supers` (its base class's and its listed
/// targets' classes, each resolved, and so proved, by its own wrapper): `Ok(class)`, or
/// [`Error::TypeGraphMismatch`] listing every edge that does not hold.
///
/// A target the loaded assemblies do not have at all (a type of Mono's class library that
/// .NET's facades do not forward, such as `System.Runtime.InteropServices._Exception`) is not
/// an edge of the loaded class either; the wrapper stays usable, and the target's `TypeRef` is
/// marked absent for the rest of the unit ([`TypeRef::mark_absent`]): it does not resolve even
/// if an assembly loaded later has such a type, so no call is ever made on a wrapper that
/// converted to it. Any other failure to resolve a target fails the proof with its error.
pub(crate) fn prove(class: Class, supers: &[Super]) -> Result<Class> {
    let mut broken = Vec::new();
    for s in supers {
        let target = match (s.class)() {
            Ok(target) => target,
            Err(e @ (Error::ClassNotFound { .. } | Error::AssemblyLoad { .. })) => match (s.type_ref)() {
                Some(absent) => {
                    absent.mark_absent();
                    continue;
                }
                None => return Err(e),
            },
            Err(e) => return Err(e),
        };
        if !target.is_assignable_from(class) {
            broken.push(edge_text(class, target));
        }
    }
    if broken.is_empty() {
        Ok(class)
    } else {
        Err(Error::TypeGraphMismatch { broken: broken.into() })
    }
}

thread_local! {
    /// The types whose proof runs on this thread (innermost last).
    static PROVING: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

/// Runs `prove` for the wrapper `key`, unless this thread is already proving it: then
/// `reentered` (its class unproved). A proof can come back to its own type through a generic
/// target made from it (`Foo : IComparable<Foo>`); the class is then only a type argument.
fn once_per_thread(
    key: usize,
    prove: impl FnOnce() -> Result<Class>,
    reentered: impl FnOnce() -> Result<Class>,
) -> Result<Class> {
    if PROVING.with_borrow(|p| p.contains(&key)) {
        return reentered();
    }
    /// Takes the type off the list however the proof ends.
    struct Proving(usize);
    impl Drop for Proving {
        fn drop(&mut self) {
            PROVING.with_borrow_mut(|p| p.retain(|&k| k != self.0));
        }
    }
    PROVING.with_borrow_mut(|p| p.push(key));
    let _proving = Proving(key);
    prove()
}

/// One broken edge, as [`Error::TypeGraphMismatch`] lists it.
fn edge_text(class: Class, target: Class) -> String {
    let relation = if target.is_interface() {
        "does not implement"
    } else {
        "does not derive from"
    };
    format!("{} {relation} {}", class.full_name(), target.full_name())
}

/// Resolves every wrapper in `wrappers` (a generated `init()` lists each class, interface and
/// delegate of its bindings), which proves each one's edges, and reports every broken edge
/// at once: [`Error::TypeGraphMismatch`], the list sorted and without repeats. A wrapper whose
/// type cannot be found at all is left to fail where it is used (as before: bindings of a
/// type the loaded assemblies lack still load, and their methods are reported by the function
/// table's check); only edges that resolve and do not hold are reported here.
pub fn check_type_graph(wrappers: &[ClassOf]) -> Result<()> {
    let mut broken: Vec<String> = Vec::new();
    for resolve in wrappers {
        if let Err(Error::TypeGraphMismatch { broken: found }) = resolve() {
            broken.extend(found.iter().cloned());
        }
    }
    if broken.is_empty() {
        return Ok(());
    }
    broken.sort();
    broken.dedup();
    Err(Error::TypeGraphMismatch { broken: broken.into() })
}
