//! C#'s `foreach` for Rust: [`Enumerator<T>`] walks any object that implements
//! `IEnumerable<T>` through the interface, and disposes the managed enumerator as C# does.
//!
//! Generated bindings implement `IntoIterator for &X` with it for every class and interface
//! `X` that C# could `foreach` over (the element type follows C#'s rule; see the generator's
//! `plan::iterate`), so `for token in &jarray { let token = token?; … }` works.
//!
//! Each step is two checked calls: `IEnumerator.MoveNext()`, then `IEnumerator<T>.Current`.
//! Errors end the iteration: a failure to get the enumerator, an exception thrown by
//! `MoveNext` (a collection changed while enumerated) or by `Current`, and a result that is
//! not a `T` are each the last item, an `Err`.
//!
//! `IDisposable.Dispose()` is called on the enumerator once, when the iteration ends (it runs
//! the `finally` blocks of a C# iterator) or when the `Enumerator` is dropped before that (a
//! `break`). At the normal end an exception thrown by `Dispose` is the last item, an `Err`
//! (C#'s `foreach` throws it too); after an error it is ignored, the first error being the
//! one reported, and on drop it is ignored (a destructor has nowhere to report it; call
//! [`Enumerator::close`] to see it).

use std::fmt;
use std::iter::FusedIterator;
use std::marker::PhantomData;

use crate::call::generic::{closed_class, GenericMethodRef};
use crate::call::{MethodRef, Thunk, TypeRef};
use crate::error::Result;
use crate::host::Class;
use crate::value::dispose::dispose;
use crate::value::{AsObject, Object, TypeArg};

static IENUMERABLE_1: TypeRef = TypeRef::new("mscorlib", "System.Collections.Generic", "IEnumerable`1");
static IENUMERATOR_1: TypeRef = TypeRef::new("mscorlib", "System.Collections.Generic", "IEnumerator`1");
static IENUMERATOR: TypeRef = TypeRef::new("mscorlib", "System.Collections", "IEnumerator");

/// Keys of the closed interfaces in `closed_class`'s cache (one Rust type per closed class).
struct EnumerableOf<T>(PhantomData<T>);
struct EnumeratorOf<T>(PhantomData<T>);

/// `definition<arg>`, made once per `M` and cached.
fn closed<M: 'static>(definition: &TypeRef, arg: Class) -> Result<Class> {
    closed_class::<M>(|| definition.class()?.instantiate(&[arg]))
}

/// Iterates an `IEnumerable<T>` (see the module documentation): each item is a
/// `Result<T::Output>` (`i32` for `T = i32`, `Option<JToken>` for a class `JToken`).
pub struct Enumerator<T: TypeArg> {
    state: State,
    _t: PhantomData<fn() -> T>,
}

enum State {
    /// Enumerating: the managed `IEnumerator<T>` and the thunk of its `Current` getter.
    Running {
        enumerator: Object,
        current: &'static Thunk,
    },
    /// The last item, an error (the enumerator, if there was one, is disposed).
    Failed(crate::Error),
    /// Ended, and disposed.
    Done,
}

impl<T: TypeArg> Enumerator<T> {
    /// Starts enumerating `source` as an `IEnumerable<T>` (`GetEnumerator()` through the
    /// interface). It never fails here: an error (`source` does not implement
    /// `IEnumerable<T>`, or `GetEnumerator` threw or returned null) is the first item.
    pub fn new<S: AsObject + ?Sized>(source: &S) -> Self {
        let state = match Self::start(source.object()) {
            Ok(state) => state,
            Err(e) => State::Failed(e),
        };
        Enumerator { state, _t: PhantomData }
    }

    fn start(source: &Object) -> Result<State> {
        static GET_ENUMERATOR: GenericMethodRef = GenericMethodRef::new(&IENUMERABLE_1, "GetEnumerator", &[]);
        static CURRENT: GenericMethodRef = GenericMethodRef::new(&IENUMERATOR_1, "get_Current", &[]);
        let arg = T::class()?;
        let enumerable = closed::<EnumerableOf<T>>(&IENUMERABLE_1, arg)?;
        let current = CURRENT.thunk_for(closed::<EnumeratorOf<T>>(&IENUMERATOR_1, arg)?)?;
        let enumerator: Option<Object> = GET_ENUMERATOR.thunk_for(enumerable)?.call((source,))?;
        let enumerator = enumerator
            .ok_or_else(|| crate::Error::NullReference("IEnumerable<T>.GetEnumerator() returned null".into()))?;
        Ok(State::Running { enumerator, current })
    }

    /// The next element, or `None` at the end.
    fn step(enumerator: &Object, current: &Thunk) -> Result<Option<T::Output>> {
        static MOVE_NEXT: MethodRef = MethodRef::new(&IENUMERATOR, "MoveNext", &[]);
        if !MOVE_NEXT.call::<_, bool>((enumerator,))? {
            return Ok(None);
        }
        let raw: T::Raw = current.call((enumerator,))?;
        T::output(raw).map(Some)
    }

    /// Ends the iteration now, disposing the managed enumerator, and returns what `Dispose`
    /// threw (dropping the `Enumerator` does the same but ignores it). An error that was
    /// still to be yielded is returned instead.
    pub fn close(mut self) -> Result<()> {
        match std::mem::replace(&mut self.state, State::Done) {
            State::Running { enumerator, .. } => dispose(&enumerator),
            State::Failed(e) => Err(e),
            State::Done => Ok(()),
        }
    }
}

impl<T: TypeArg> Iterator for Enumerator<T> {
    type Item = Result<T::Output>;

    fn next(&mut self) -> Option<Self::Item> {
        match std::mem::replace(&mut self.state, State::Done) {
            State::Done => None,
            State::Failed(e) => Some(Err(e)),
            State::Running { enumerator, current } => match Self::step(&enumerator, current) {
                Ok(Some(item)) => {
                    self.state = State::Running { enumerator, current };
                    Some(Ok(item))
                }
                // The normal end: Dispose's exception, if any, is the last item.
                Ok(None) => dispose(&enumerator).err().map(Err),
                Err(e) => {
                    // The first error is the one reported (see the module documentation).
                    let _ = dispose(&enumerator);
                    Some(Err(e))
                }
            },
        }
    }
}

impl<T: TypeArg> FusedIterator for Enumerator<T> {}

impl<T: TypeArg> Drop for Enumerator<T> {
    fn drop(&mut self) {
        if let State::Running { enumerator, .. } = &self.state {
            // Ignored on purpose: see the module documentation.
            let _ = dispose(enumerator);
        }
    }
}

impl<T: TypeArg> fmt::Debug for Enumerator<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = match &self.state {
            State::Running { enumerator, .. } => format!("running {enumerator:?}"),
            State::Failed(e) => format!("failed: {e}"),
            State::Done => "done".into(),
        };
        write!(f, "Enumerator<{}>({state})", std::any::type_name::<T>())
    }
}
