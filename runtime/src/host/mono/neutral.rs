//! Mono's handles as the backend interface's one-word types, and back: a Mono pointer is the
//! word itself, so each conversion is a cast.

use std::ptr::NonNull;

use crate::host;

impl From<super::Class> for host::Class {
    #[inline]
    fn from(c: super::Class) -> host::Class {
        host::Class(c.0.cast())
    }
}

impl From<host::Class> for super::Class {
    #[inline]
    fn from(c: host::Class) -> super::Class {
        super::Class(c.0.cast())
    }
}

impl From<super::Method> for host::Method {
    #[inline]
    fn from(m: super::Method) -> host::Method {
        host::Method(m.0.cast())
    }
}

impl From<host::Method> for super::Method {
    #[inline]
    fn from(m: host::Method) -> super::Method {
        super::Method(m.0.cast())
    }
}

impl From<super::Field> for host::Field {
    #[inline]
    fn from(f: super::Field) -> host::Field {
        host::Field {
            handle: f.ptr.cast(),
            class: f.class.into(),
        }
    }
}

impl From<host::Field> for super::Field {
    #[inline]
    fn from(f: host::Field) -> super::Field {
        super::Field {
            ptr: f.handle.cast(),
            class: f.class.into(),
        }
    }
}

impl From<super::TypeHandle> for host::TypeHandle {
    #[inline]
    fn from(t: super::TypeHandle) -> host::TypeHandle {
        // Mono hands out no null type in a signature or field (the callers checked).
        host::TypeHandle(NonNull::new(t.0.cast()).unwrap_or(NonNull::dangling()))
    }
}

impl From<host::TypeHandle> for super::TypeHandle {
    #[inline]
    fn from(t: host::TypeHandle) -> super::TypeHandle {
        super::TypeHandle(t.0.as_ptr().cast())
    }
}

impl From<super::ObjectRef> for host::ObjectRef {
    #[inline(always)]
    fn from(o: super::ObjectRef) -> host::ObjectRef {
        host::ObjectRef(o.0.cast())
    }
}

impl From<host::ObjectRef> for super::ObjectRef {
    #[inline(always)]
    fn from(o: host::ObjectRef) -> super::ObjectRef {
        super::ObjectRef(o.0.cast())
    }
}

impl From<super::Assembly> for host::Assembly {
    #[inline]
    fn from(a: super::Assembly) -> host::Assembly {
        host::Assembly {
            handle: a.image.cast(),
            name: a.name,
        }
    }
}

impl From<host::Assembly> for super::Assembly {
    #[inline]
    fn from(a: host::Assembly) -> super::Assembly {
        super::Assembly {
            image: a.handle.cast(),
            name: a.name,
        }
    }
}
