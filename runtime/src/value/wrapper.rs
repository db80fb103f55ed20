//! The class wrapper every generated class, interface and delegate is: a newtype over its base
//! class's wrapper (`Dog(Animal)`, `Animal(Object)`), so `Deref` reaches inherited methods and
//! an upcast to a base class is a field access. One macro instead of the same impls spelled out
//! for each of thousands of types keeps generated files short.

/// Declares a class wrapper `$name($base)` bound to the .NET type `$type_ref` (a
/// [`TypeRef`](crate::TypeRef) static), with [`ManagedType`](crate::ManagedType),
/// [`Reference`](crate::Reference), `Deref` to the base, `AsRef<Object>`, and for each listed
/// target (every base class and every interface) `Is<Target>` and `From<$name> for Target`.
///
/// ```ignore
/// cilbind::generated::class_wrapper!(unsafe
///     /// Binds the .NET class `Game.Dog`.
///     Dog(Animal), __TYPE_Dog, [::cilbind::Object, Animal, IPet]
/// );
/// ```
///
/// Its parameters are `__`-prefixed: it expands beside the module's bound types, and no
/// generated type's name starts with `__`.
///
/// # Safety
/// The invocation starts with `unsafe` because the macro cannot check what it declares: the
/// caller promises that `$type_ref` names a class deriving from `$base`'s class (or `$base`
/// is [`Object`](crate::Object)), and that the class derives from or implements every listed
/// target. Then an instance of `$name`'s class is an instance of `$base`'s and of each target
/// (ECMA-335 §I.8.9.9), which is what the conversions below rely on. The list is closed: each
/// target's own bases and interfaces are in it too (a target the loaded assemblies lack has no
/// proof of its own, see below, and its conversions rest on this list's). The generator emits
/// it only with the base classes and interfaces metadata lists, transitively.
///
/// The loaded assemblies may differ from the ones the bindings were generated from, so the
/// promise is also proved once per unit: the wrapper's class resolves only after the runtime
/// confirms every relation (`ProvedClass`), and every checked way of making a
/// wrapper resolves it. A relation that does not hold makes the wrapper impossible to make
/// (`Error::TypeGraphMismatch`), never a wrapper of the wrong object; that proof is what lets
/// a call on a wrapper skip the class check of `this` (`Reference::class_proof`).
#[doc(hidden)]
#[macro_export]
macro_rules! __class_wrapper {
    (unsafe $(#[$attr:meta])* $name:ident($base:ty), $type_ref:ident, [$($target:ty),* $(,)?]) => {
        $(#[$attr])*
        #[derive(Clone, Debug)]
        #[repr(transparent)]
        pub struct $name($base);
        impl $crate::ManagedType for $name {
            /// The class, once the base and every target are proved its supertypes in the
            /// loaded assemblies (`Error::TypeGraphMismatch` otherwise).
            #[inline]
            fn class() -> $crate::Result<$crate::Class> {
                static __PROVED: $crate::generated::ProvedClass = $crate::generated::ProvedClass::new();
                const __SUPERS: &[$crate::generated::Super] = &[
                    $crate::generated::Super::of::<$base>(),
                    $($crate::generated::Super::of::<$target>()),*
                ];
                __PROVED.class(&$type_ref, __SUPERS)
            }
            fn type_ref() -> ::std::option::Option<&'static $crate::TypeRef> {
                ::std::option::Option::Some(&$type_ref)
            }
        }
        impl $crate::Reference for $name {
            #[inline]
            unsafe fn from_object_unchecked(__obj: $crate::Object) -> Self {
                // SAFETY: the caller's `__obj` is an instance of `$name`'s class, hence of its
                // base class (the invocation's promise).
                $name(unsafe { <$base as $crate::Reference>::from_object_unchecked(__obj) })
            }
            #[inline]
            fn as_object(&self) -> &$crate::Object {
                $crate::Reference::as_object(&self.0)
            }
            #[inline]
            fn into_object(self) -> $crate::Object {
                $crate::Reference::into_object(self.0)
            }
            #[inline(always)]
            fn class_proof(__owner: &'static $crate::TypeRef) -> ::core::option::Option<$crate::generated::ClassProof> {
                let __proves = |__t: ::core::option::Option<&'static $crate::TypeRef>| {
                    __t.is_some_and(|__t| ::core::ptr::eq(__t, __owner))
                };
                if ::core::ptr::eq(&$type_ref, __owner) $(|| __proves(<$target as $crate::ManagedType>::type_ref()))* {
                    // SAFETY: a `$name` is made only from an object checked against its class
                    // (`Reference::from_object`, a result, a constructor), whose resolution in
                    // this unit proved the class derives from or implements every target
                    // (`ProvedClass`), or converted from a wrapper whose class was
                    // proved a subtype of it the same way; a handle of an older unit is stale.
                    ::core::option::Option::Some(unsafe { $crate::generated::ClassProof::new() })
                } else {
                    ::core::option::Option::None
                }
            }
        }
        impl ::core::ops::Deref for $name {
            type Target = $base;
            #[inline]
            fn deref(&self) -> &$base {
                &self.0
            }
        }
        impl ::core::convert::AsRef<$crate::Object> for $name {
            #[inline]
            fn as_ref(&self) -> &$crate::Object {
                $crate::Reference::as_object(self)
            }
        }
        $(
            impl $crate::Is<$target> for $name {}
            impl ::core::convert::From<$name> for $target {
                #[inline]
                fn from(__value: $name) -> Self {
                    // SAFETY: a `$name` holds an instance of its class, which derives from or
                    // implements `$target` (the invocation's promise).
                    unsafe { <$target as $crate::Reference>::from_object_unchecked($crate::Reference::into_object(__value)) }
                }
            }
        )*
    };
}
