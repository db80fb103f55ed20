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
/// (ECMA-335 §I.8.9.9), which is what the conversions below rely on. The generator emits it
/// only with the base classes and interfaces metadata lists.
#[doc(hidden)]
#[macro_export]
macro_rules! __class_wrapper {
    (unsafe $(#[$attr:meta])* $name:ident($base:ty), $type_ref:ident, [$($target:ty),* $(,)?]) => {
        $(#[$attr])*
        #[derive(Clone, Debug)]
        #[repr(transparent)]
        pub struct $name($base);
        impl $crate::ManagedType for $name {
            #[inline]
            fn class() -> $crate::Result<$crate::Class> {
                $type_ref.class()
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
