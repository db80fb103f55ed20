#[allow(non_camel_case_types, non_snake_case, clippy::all)]
/// The assemblies these bindings were generated from (paths at generation time).
pub const ASSEMBLIES: &[&str] = &["<FIXTURE_DIR>/Fixture.dll"];
/// Starts the runtime, loads [`ASSEMBLIES`] (an assembly already loaded under the same name
/// is kept, so load yours first to use another path), and checks every full struct's layout.
pub fn init() -> ::cilbind::Result<()> {
    let runtime = ::cilbind::Runtime::get()?;
    for path in ASSEMBLIES {
        let name = ::std::path::Path::new(path)
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        if runtime.assembly(name).is_err() {
            runtime.load_assembly(path)?;
        }
    }
    check_layouts()
}
/// Checks every full struct's Rust layout against Mono's (size and field offsets):
/// `Error::LayoutMismatch` names the first type and field that differ.
pub fn check_layouts() -> ::cilbind::Result<()> {
    fixture::structs::Header::check_layout()?;
    fixture::structs::HoldsOdd::check_layout()?;
    fixture::structs::IntOrFloat::check_layout()?;
    fixture::structs::Mixed::check_layout()?;
    fixture::structs::Nested::check_layout()?;
    fixture::structs::Odd::check_layout()?;
    fixture::structs::Packed::check_layout()?;
    fixture::structs::Vector3::check_layout()?;
    Ok(())
}
#[allow(non_camel_case_types, non_snake_case, clippy::all)]
pub mod fixture {
    pub mod classes {
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_Animal: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Classes",
            "Animal",
        );
        /// Binds the .NET class `Fixture.Classes.Animal` (assembly `Fixture`).
        #[derive(Clone, Debug)]
        #[repr(transparent)]
        pub struct Animal(::cilbind::Object);
        impl ::cilbind::ManagedType for Animal {
            fn class() -> ::cilbind::Result<::cilbind::Class> {
                __TYPE_Animal.class()
            }
        }
        impl ::cilbind::Reference for Animal {
            fn from_object(obj: ::cilbind::Object) -> Self {
                Animal(<::cilbind::Object as ::cilbind::Reference>::from_object(obj))
            }
            fn as_object(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(&self.0)
            }
            fn into_object(self) -> ::cilbind::Object {
                ::cilbind::Reference::into_object(self.0)
            }
        }
        impl ::core::ops::Deref for Animal {
            type Target = ::cilbind::Object;
            fn deref(&self) -> &::cilbind::Object {
                &self.0
            }
        }
        impl ::core::convert::AsRef<::cilbind::Object> for Animal {
            fn as_ref(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(self)
            }
        }
        impl ::cilbind::Is<::cilbind::Object> for Animal {}
        impl ::core::convert::From<Animal> for ::cilbind::Object {
            fn from(value: Animal) -> Self {
                <::cilbind::Object as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        impl ::cilbind::Is<INamed> for Animal {}
        impl ::core::convert::From<Animal> for INamed {
            fn from(value: Animal) -> Self {
                <INamed as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        impl ::cilbind::Is<::cilbind::IComparable1<Animal>> for Animal {}
        impl ::core::convert::From<Animal> for ::cilbind::IComparable1<Animal> {
            fn from(value: Animal) -> Self {
                <::cilbind::IComparable1<
                    Animal,
                > as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        impl Animal {
            // skipped `Animal..ctor`: protected member
            /// Binds `System.String Fixture.Classes.Animal.Speak()` (`Animal.Speak`).
            ///
            /// Virtual: dispatches on the object's runtime type.
            pub fn speak(
                &self,
            ) -> ::cilbind::Result<::core::option::Option<::std::string::String>> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::new(
                    &__TYPE_Animal,
                    "Speak",
                    &[],
                );
                let __r: ::core::option::Option<::std::string::String> = M
                    .thunk()?
                    .call((::cilbind::Reference::as_object(self),))?;
                Ok(__r)
            }
            /// Binds `System.Int32 Fixture.Classes.Animal.Legs()` (`Animal.Legs`).
            ///
            /// Virtual: dispatches on the object's runtime type.
            pub fn legs(&self) -> ::cilbind::Result<i32> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::new(
                    &__TYPE_Animal,
                    "Legs",
                    &[],
                );
                let __r: i32 = M
                    .thunk()?
                    .call((::cilbind::Reference::as_object(self),))?;
                Ok(__r)
            }
            // skipped `Animal.Hidden`: protected member
            /// Binds `System.Int32 Fixture.Classes.Animal.CompareTo(Fixture.Classes.Animal other)` (`Animal.CompareTo`).
            ///
            /// Virtual: dispatches on the object's runtime type.
            pub fn compare_to(
                &self,
                other: ::core::option::Option<&impl ::cilbind::Is<Animal>>,
            ) -> ::cilbind::Result<i32> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::new(
                    &__TYPE_Animal,
                    "CompareTo",
                    &["Fixture.Classes.Animal"],
                );
                let __r: i32 = M
                    .thunk()?
                    .call((
                        ::cilbind::Reference::as_object(self),
                        other.map(::cilbind::Reference::as_object),
                    ))?;
                Ok(__r)
            }
            /// Binds `System.String Fixture.Classes.Animal.get_Name()` (`Animal.get_Name`).
            ///
            /// Virtual: dispatches on the object's runtime type.
            pub fn name(
                &self,
            ) -> ::cilbind::Result<::core::option::Option<::std::string::String>> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::new(
                    &__TYPE_Animal,
                    "get_Name",
                    &[],
                );
                let __r: ::core::option::Option<::std::string::String> = M
                    .thunk()?
                    .call((::cilbind::Reference::as_object(self),))?;
                Ok(__r)
            }
            // skipped `Animal.Changed`: event Changed (System.EventHandler)
        }
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_Box: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Classes",
            "Box`1",
        );
        /// Binds the .NET class `Fixture.Classes.Box`1` (assembly `Fixture`).
        pub struct Box<T0>(
            ::cilbind::Object,
            ::core::marker::PhantomData<fn() -> (T0,)>,
        );
        impl<T0: ::cilbind::ManagedType> ::cilbind::ManagedType for Box<T0> {
            fn class() -> ::cilbind::Result<::cilbind::Class> {
                __TYPE_Box.class()?.instantiate(&[T0::class()?])
            }
        }
        impl<T0: ::cilbind::ManagedType> ::cilbind::Reference for Box<T0> {
            fn from_object(obj: ::cilbind::Object) -> Self {
                Box(obj, ::core::marker::PhantomData)
            }
            fn as_object(&self) -> &::cilbind::Object {
                &self.0
            }
            fn into_object(self) -> ::cilbind::Object {
                self.0
            }
        }
        impl<T0: ::cilbind::ManagedType> ::cilbind::Is<::cilbind::Object> for Box<T0> {}
        impl<T0> ::core::clone::Clone for Box<T0> {
            fn clone(&self) -> Self {
                Box(self.0.clone(), ::core::marker::PhantomData)
            }
        }
        impl<T0> ::core::fmt::Debug for Box<T0> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                write!(f, "Box({:?})", self.0)
            }
        }
        // Members of the generic type `Fixture.Classes.Box`1` are not bound: they depend on its type arguments.
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_Dog: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Classes",
            "Dog",
        );
        /// Binds the .NET class `Fixture.Classes.Dog` (assembly `Fixture`).
        #[derive(Clone, Debug)]
        #[repr(transparent)]
        pub struct Dog(Animal);
        impl ::cilbind::ManagedType for Dog {
            fn class() -> ::cilbind::Result<::cilbind::Class> {
                __TYPE_Dog.class()
            }
        }
        impl ::cilbind::Reference for Dog {
            fn from_object(obj: ::cilbind::Object) -> Self {
                Dog(<Animal as ::cilbind::Reference>::from_object(obj))
            }
            fn as_object(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(&self.0)
            }
            fn into_object(self) -> ::cilbind::Object {
                ::cilbind::Reference::into_object(self.0)
            }
        }
        impl ::core::ops::Deref for Dog {
            type Target = Animal;
            fn deref(&self) -> &Animal {
                &self.0
            }
        }
        impl ::core::convert::AsRef<::cilbind::Object> for Dog {
            fn as_ref(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(self)
            }
        }
        impl ::cilbind::Is<::cilbind::Object> for Dog {}
        impl ::core::convert::From<Dog> for ::cilbind::Object {
            fn from(value: Dog) -> Self {
                <::cilbind::Object as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        impl ::cilbind::Is<Animal> for Dog {}
        impl ::core::convert::From<Dog> for Animal {
            fn from(value: Dog) -> Self {
                <Animal as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        impl ::cilbind::Is<ISolid> for Dog {}
        impl ::core::convert::From<Dog> for ISolid {
            fn from(value: Dog) -> Self {
                <ISolid as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        impl ::cilbind::Is<IShape> for Dog {}
        impl ::core::convert::From<Dog> for IShape {
            fn from(value: Dog) -> Self {
                <IShape as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        impl ::cilbind::Is<::cilbind::IComparable1<Dog>> for Dog {}
        impl ::core::convert::From<Dog> for ::cilbind::IComparable1<Dog> {
            fn from(value: Dog) -> Self {
                <::cilbind::IComparable1<
                    Dog,
                > as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        impl ::cilbind::Is<INamed> for Dog {}
        impl ::core::convert::From<Dog> for INamed {
            fn from(value: Dog) -> Self {
                <INamed as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        impl ::cilbind::Is<::cilbind::IComparable1<Animal>> for Dog {}
        impl ::core::convert::From<Dog> for ::cilbind::IComparable1<Animal> {
            fn from(value: Dog) -> Self {
                <::cilbind::IComparable1<
                    Animal,
                > as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        impl Dog {
            /// The .NET constant `Fixture.Classes.Dog.MaxLegs`.
            pub const MAX_LEGS: i32 = 4_i32;
        }
        impl Dog {
            /// Reads the .NET field `Fixture.Classes.Dog.Count` (System.Int32).
            pub fn count() -> ::cilbind::Result<i32> {
                static F: ::cilbind::FieldRef = ::cilbind::FieldRef::new(
                    &__TYPE_Dog,
                    "Count",
                );
                Ok({
                    let __r: i32 = F.get(None)?;
                    __r
                })
            }
            /// Writes the .NET field `Fixture.Classes.Dog.Count` (System.Int32).
            pub fn set_count(value: i32) -> ::cilbind::Result<()> {
                static F: ::cilbind::FieldRef = ::cilbind::FieldRef::new(
                    &__TYPE_Dog,
                    "Count",
                );
                F.set(None, value)
            }
            /// Binds `Fixture.Classes.Dog..ctor()` (`Dog..ctor`).
            pub fn new() -> ::cilbind::Result<Self> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::by_pointer(
                    &__TYPE_Dog,
                    ".ctor",
                    &[],
                    0x0,
                );
                let __r: ::core::option::Option<::cilbind::Object> = M
                    .thunk()?
                    .call(())?;
                Ok(
                    <Self as ::cilbind::Reference>::from_object(
                        __r
                            .ok_or_else(|| ::cilbind::Error::NullReference(
                                "a constructor returned null".into(),
                            ))?,
                    ),
                )
            }
            /// Binds `System.String Fixture.Classes.Dog.Speak()` (`Dog.Speak`).
            ///
            /// Virtual: dispatches on the object's runtime type.
            pub fn speak(
                &self,
            ) -> ::cilbind::Result<::core::option::Option<::std::string::String>> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::new(
                    &__TYPE_Dog,
                    "Speak",
                    &[],
                );
                let __r: ::core::option::Option<::std::string::String> = M
                    .thunk()?
                    .call((::cilbind::Reference::as_object(self),))?;
                Ok(__r)
            }
            /// Binds `System.Double Fixture.Classes.Dog.Area()` (`Dog.Area`).
            ///
            /// Virtual: dispatches on the object's runtime type.
            pub fn area(&self) -> ::cilbind::Result<f64> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::new(
                    &__TYPE_Dog,
                    "Area",
                    &[],
                );
                let __r: f64 = M
                    .thunk()?
                    .call((::cilbind::Reference::as_object(self),))?;
                Ok(__r)
            }
            /// Binds `System.Double Fixture.Classes.Dog.Volume()` (`Dog.Volume`).
            ///
            /// Virtual: dispatches on the object's runtime type.
            pub fn volume(&self) -> ::cilbind::Result<f64> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::new(
                    &__TYPE_Dog,
                    "Volume",
                    &[],
                );
                let __r: f64 = M
                    .thunk()?
                    .call((::cilbind::Reference::as_object(self),))?;
                Ok(__r)
            }
            /// Binds `System.Int32 Fixture.Classes.Dog.CompareTo(Fixture.Classes.Dog other)` (`Dog.CompareTo`).
            ///
            /// Virtual: dispatches on the object's runtime type.
            pub fn compare_to(
                &self,
                other: ::core::option::Option<&impl ::cilbind::Is<Dog>>,
            ) -> ::cilbind::Result<i32> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::new(
                    &__TYPE_Dog,
                    "CompareTo",
                    &["Fixture.Classes.Dog"],
                );
                let __r: i32 = M
                    .thunk()?
                    .call((
                        ::cilbind::Reference::as_object(self),
                        other.map(::cilbind::Reference::as_object),
                    ))?;
                Ok(__r)
            }
            /// Binds `System.Int32 Fixture.Classes.Dog.get_Item(System.Int32 i)` (`Dog.get_Item`).
            pub fn item(&self, i: i32) -> ::cilbind::Result<i32> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::new(
                    &__TYPE_Dog,
                    "get_Item",
                    &["System.Int32"],
                );
                let __r: i32 = M
                    .thunk()?
                    .call((::cilbind::Reference::as_object(self), i))?;
                Ok(__r)
            }
        }
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_Handler: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Classes",
            "Handler",
        );
        /// Binds the .NET delegate `Fixture.Classes.Handler` (assembly `Fixture`).
        #[derive(Clone, Debug)]
        #[repr(transparent)]
        pub struct Handler(super::super::system::MulticastDelegate);
        impl ::cilbind::ManagedType for Handler {
            fn class() -> ::cilbind::Result<::cilbind::Class> {
                __TYPE_Handler.class()
            }
        }
        impl ::cilbind::Reference for Handler {
            fn from_object(obj: ::cilbind::Object) -> Self {
                Handler(
                    <super::super::system::MulticastDelegate as ::cilbind::Reference>::from_object(
                        obj,
                    ),
                )
            }
            fn as_object(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(&self.0)
            }
            fn into_object(self) -> ::cilbind::Object {
                ::cilbind::Reference::into_object(self.0)
            }
        }
        impl ::core::ops::Deref for Handler {
            type Target = super::super::system::MulticastDelegate;
            fn deref(&self) -> &super::super::system::MulticastDelegate {
                &self.0
            }
        }
        impl ::core::convert::AsRef<::cilbind::Object> for Handler {
            fn as_ref(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(self)
            }
        }
        impl ::cilbind::Is<::cilbind::Object> for Handler {}
        impl ::core::convert::From<Handler> for ::cilbind::Object {
            fn from(value: Handler) -> Self {
                <::cilbind::Object as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        impl ::cilbind::Is<super::super::system::MulticastDelegate> for Handler {}
        impl ::core::convert::From<Handler> for super::super::system::MulticastDelegate {
            fn from(value: Handler) -> Self {
                <super::super::system::MulticastDelegate as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        impl ::cilbind::Is<super::super::system::Delegate> for Handler {}
        impl ::core::convert::From<Handler> for super::super::system::Delegate {
            fn from(value: Handler) -> Self {
                <super::super::system::Delegate as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        impl ::cilbind::Is<super::super::system::ICloneable> for Handler {}
        impl ::core::convert::From<Handler> for super::super::system::ICloneable {
            fn from(value: Handler) -> Self {
                <super::super::system::ICloneable as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        impl ::cilbind::Is<::cilbind::ISerializable> for Handler {}
        impl ::core::convert::From<Handler> for ::cilbind::ISerializable {
            fn from(value: Handler) -> Self {
                <::cilbind::ISerializable as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        impl Handler {
            /// Binds `Fixture.Classes.Handler..ctor(System.Object object, System.IntPtr method)` (`Handler..ctor`).
            pub fn new(
                object: ::core::option::Option<&impl ::cilbind::Is<::cilbind::Object>>,
                method: isize,
            ) -> ::cilbind::Result<Self> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::by_pointer(
                    &__TYPE_Handler,
                    ".ctor",
                    &["System.Object", "System.IntPtr"],
                    0x0,
                );
                let __r: ::core::option::Option<::cilbind::Object> = M
                    .thunk()?
                    .call((object.map(::cilbind::Reference::as_object), method))?;
                Ok(
                    <Self as ::cilbind::Reference>::from_object(
                        __r
                            .ok_or_else(|| ::cilbind::Error::NullReference(
                                "a constructor returned null".into(),
                            ))?,
                    ),
                )
            }
            /// Binds `void Fixture.Classes.Handler.Invoke(System.Object sender, System.Int32 value)` (`Handler.Invoke`).
            ///
            /// Virtual: dispatches on the object's runtime type.
            pub fn invoke(
                &self,
                sender: ::core::option::Option<&impl ::cilbind::Is<::cilbind::Object>>,
                value: i32,
            ) -> ::cilbind::Result<()> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::new(
                    &__TYPE_Handler,
                    "Invoke",
                    &["System.Object", "System.Int32"],
                );
                let __r: () = M
                    .thunk()?
                    .call((
                        ::cilbind::Reference::as_object(self),
                        sender.map(::cilbind::Reference::as_object),
                        value,
                    ))?;
                let () = __r;
                Ok(())
            }
            /// Binds `System.IAsyncResult Fixture.Classes.Handler.BeginInvoke(System.Object sender, System.Int32 value, System.AsyncCallback callback, System.Object object)` (`Handler.BeginInvoke`).
            ///
            /// Virtual: dispatches on the object's runtime type.
            pub fn begin_invoke(
                &self,
                sender: ::core::option::Option<&impl ::cilbind::Is<::cilbind::Object>>,
                value: i32,
                callback: ::core::option::Option<
                    &impl ::cilbind::Is<super::super::system::AsyncCallback>,
                >,
                object: ::core::option::Option<&impl ::cilbind::Is<::cilbind::Object>>,
            ) -> ::cilbind::Result<
                ::core::option::Option<super::super::system::IAsyncResult>,
            > {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::new(
                    &__TYPE_Handler,
                    "BeginInvoke",
                    &[
                        "System.Object",
                        "System.Int32",
                        "System.AsyncCallback",
                        "System.Object",
                    ],
                );
                let __r: ::core::option::Option<super::super::system::IAsyncResult> = M
                    .thunk()?
                    .call((
                        ::cilbind::Reference::as_object(self),
                        sender.map(::cilbind::Reference::as_object),
                        value,
                        callback.map(::cilbind::Reference::as_object),
                        object.map(::cilbind::Reference::as_object),
                    ))?;
                Ok(__r)
            }
            /// Binds `void Fixture.Classes.Handler.EndInvoke(System.IAsyncResult result)` (`Handler.EndInvoke`).
            ///
            /// Virtual: dispatches on the object's runtime type.
            pub fn end_invoke(
                &self,
                result: ::core::option::Option<
                    &impl ::cilbind::Is<super::super::system::IAsyncResult>,
                >,
            ) -> ::cilbind::Result<()> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::new(
                    &__TYPE_Handler,
                    "EndInvoke",
                    &["System.IAsyncResult"],
                );
                let __r: () = M
                    .thunk()?
                    .call((
                        ::cilbind::Reference::as_object(self),
                        result.map(::cilbind::Reference::as_object),
                    ))?;
                let () = __r;
                Ok(())
            }
        }
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_INamed: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Classes",
            "INamed",
        );
        /// Binds the .NET interface `Fixture.Classes.INamed` (assembly `Fixture`).
        #[derive(Clone, Debug)]
        #[repr(transparent)]
        pub struct INamed(::cilbind::Object);
        impl ::cilbind::ManagedType for INamed {
            fn class() -> ::cilbind::Result<::cilbind::Class> {
                __TYPE_INamed.class()
            }
        }
        impl ::cilbind::Reference for INamed {
            fn from_object(obj: ::cilbind::Object) -> Self {
                INamed(<::cilbind::Object as ::cilbind::Reference>::from_object(obj))
            }
            fn as_object(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(&self.0)
            }
            fn into_object(self) -> ::cilbind::Object {
                ::cilbind::Reference::into_object(self.0)
            }
        }
        impl ::core::ops::Deref for INamed {
            type Target = ::cilbind::Object;
            fn deref(&self) -> &::cilbind::Object {
                &self.0
            }
        }
        impl ::core::convert::AsRef<::cilbind::Object> for INamed {
            fn as_ref(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(self)
            }
        }
        impl ::cilbind::Is<::cilbind::Object> for INamed {}
        impl ::core::convert::From<INamed> for ::cilbind::Object {
            fn from(value: INamed) -> Self {
                <::cilbind::Object as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        /// The methods of the .NET interface `Fixture.Classes.INamed`, for every type that implements it.
        pub trait INamedExt: ::cilbind::Is<INamed> {
            /// Binds `System.String Fixture.Classes.INamed.get_Name()` (`INamed.get_Name`).
            ///
            /// Virtual: dispatches on the object's runtime type.
            fn name(
                &self,
            ) -> ::cilbind::Result<::core::option::Option<::std::string::String>> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::new(
                    &__TYPE_INamed,
                    "get_Name",
                    &[],
                );
                let __r: ::core::option::Option<::std::string::String> = M
                    .thunk()?
                    .call((::cilbind::Reference::as_object(self),))?;
                Ok(__r)
            }
        }
        impl<T: ::cilbind::Is<INamed>> INamedExt for T {}
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_IShape: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Classes",
            "IShape",
        );
        /// Binds the .NET interface `Fixture.Classes.IShape` (assembly `Fixture`).
        #[derive(Clone, Debug)]
        #[repr(transparent)]
        pub struct IShape(::cilbind::Object);
        impl ::cilbind::ManagedType for IShape {
            fn class() -> ::cilbind::Result<::cilbind::Class> {
                __TYPE_IShape.class()
            }
        }
        impl ::cilbind::Reference for IShape {
            fn from_object(obj: ::cilbind::Object) -> Self {
                IShape(<::cilbind::Object as ::cilbind::Reference>::from_object(obj))
            }
            fn as_object(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(&self.0)
            }
            fn into_object(self) -> ::cilbind::Object {
                ::cilbind::Reference::into_object(self.0)
            }
        }
        impl ::core::ops::Deref for IShape {
            type Target = ::cilbind::Object;
            fn deref(&self) -> &::cilbind::Object {
                &self.0
            }
        }
        impl ::core::convert::AsRef<::cilbind::Object> for IShape {
            fn as_ref(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(self)
            }
        }
        impl ::cilbind::Is<::cilbind::Object> for IShape {}
        impl ::core::convert::From<IShape> for ::cilbind::Object {
            fn from(value: IShape) -> Self {
                <::cilbind::Object as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        /// The methods of the .NET interface `Fixture.Classes.IShape`, for every type that implements it.
        pub trait IShapeExt: ::cilbind::Is<IShape> {
            /// Binds `System.Double Fixture.Classes.IShape.Area()` (`IShape.Area`).
            ///
            /// Virtual: dispatches on the object's runtime type.
            fn area(&self) -> ::cilbind::Result<f64> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::new(
                    &__TYPE_IShape,
                    "Area",
                    &[],
                );
                let __r: f64 = M
                    .thunk()?
                    .call((::cilbind::Reference::as_object(self),))?;
                Ok(__r)
            }
        }
        impl<T: ::cilbind::Is<IShape>> IShapeExt for T {}
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_ISolid: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Classes",
            "ISolid",
        );
        /// Binds the .NET interface `Fixture.Classes.ISolid` (assembly `Fixture`).
        #[derive(Clone, Debug)]
        #[repr(transparent)]
        pub struct ISolid(::cilbind::Object);
        impl ::cilbind::ManagedType for ISolid {
            fn class() -> ::cilbind::Result<::cilbind::Class> {
                __TYPE_ISolid.class()
            }
        }
        impl ::cilbind::Reference for ISolid {
            fn from_object(obj: ::cilbind::Object) -> Self {
                ISolid(<::cilbind::Object as ::cilbind::Reference>::from_object(obj))
            }
            fn as_object(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(&self.0)
            }
            fn into_object(self) -> ::cilbind::Object {
                ::cilbind::Reference::into_object(self.0)
            }
        }
        impl ::core::ops::Deref for ISolid {
            type Target = ::cilbind::Object;
            fn deref(&self) -> &::cilbind::Object {
                &self.0
            }
        }
        impl ::core::convert::AsRef<::cilbind::Object> for ISolid {
            fn as_ref(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(self)
            }
        }
        impl ::cilbind::Is<::cilbind::Object> for ISolid {}
        impl ::core::convert::From<ISolid> for ::cilbind::Object {
            fn from(value: ISolid) -> Self {
                <::cilbind::Object as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        impl ::cilbind::Is<IShape> for ISolid {}
        impl ::core::convert::From<ISolid> for IShape {
            fn from(value: ISolid) -> Self {
                <IShape as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        /// The methods of the .NET interface `Fixture.Classes.ISolid`, for every type that implements it.
        pub trait ISolidExt: ::cilbind::Is<ISolid> {
            /// Binds `System.Double Fixture.Classes.ISolid.Volume()` (`ISolid.Volume`).
            ///
            /// Virtual: dispatches on the object's runtime type.
            fn volume(&self) -> ::cilbind::Result<f64> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::new(
                    &__TYPE_ISolid,
                    "Volume",
                    &[],
                );
                let __r: f64 = M
                    .thunk()?
                    .call((::cilbind::Reference::as_object(self),))?;
                Ok(__r)
            }
        }
        impl<T: ::cilbind::Is<ISolid>> ISolidExt for T {}
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_Outer: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Classes",
            "Outer",
        );
        /// Binds the .NET class `Fixture.Classes.Outer` (assembly `Fixture`).
        #[derive(Clone, Debug)]
        #[repr(transparent)]
        pub struct Outer(::cilbind::Object);
        impl ::cilbind::ManagedType for Outer {
            fn class() -> ::cilbind::Result<::cilbind::Class> {
                __TYPE_Outer.class()
            }
        }
        impl ::cilbind::Reference for Outer {
            fn from_object(obj: ::cilbind::Object) -> Self {
                Outer(<::cilbind::Object as ::cilbind::Reference>::from_object(obj))
            }
            fn as_object(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(&self.0)
            }
            fn into_object(self) -> ::cilbind::Object {
                ::cilbind::Reference::into_object(self.0)
            }
        }
        impl ::core::ops::Deref for Outer {
            type Target = ::cilbind::Object;
            fn deref(&self) -> &::cilbind::Object {
                &self.0
            }
        }
        impl ::core::convert::AsRef<::cilbind::Object> for Outer {
            fn as_ref(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(self)
            }
        }
        impl ::cilbind::Is<::cilbind::Object> for Outer {}
        impl ::core::convert::From<Outer> for ::cilbind::Object {
            fn from(value: Outer) -> Self {
                <::cilbind::Object as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        impl Outer {
            /// Binds `Fixture.Classes.Outer..ctor()` (`Outer..ctor`).
            pub fn new() -> ::cilbind::Result<Self> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::by_pointer(
                    &__TYPE_Outer,
                    ".ctor",
                    &[],
                    0x0,
                );
                let __r: ::core::option::Option<::cilbind::Object> = M
                    .thunk()?
                    .call(())?;
                Ok(
                    <Self as ::cilbind::Reference>::from_object(
                        __r
                            .ok_or_else(|| ::cilbind::Error::NullReference(
                                "a constructor returned null".into(),
                            ))?,
                    ),
                )
            }
        }
        /// Binds the .NET enum `Fixture.Classes.Outer/Inner` (assembly `Fixture`, underlying type `System.Int32`).
        #[repr(transparent)]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct Outer_Inner(pub i32);
        impl Outer_Inner {
            /// `Fixture.Classes.Outer/Inner.A` = 0
            pub const A: Self = Self(0);
            /// `Fixture.Classes.Outer/Inner.B` = 1
            pub const B: Self = Self(1);
        }
        impl From<i32> for Outer_Inner {
            fn from(value: i32) -> Self {
                Self(value)
            }
        }
        impl From<Outer_Inner> for i32 {
            fn from(value: Outer_Inner) -> Self {
                value.0
            }
        }
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_Outer_Inner: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Classes",
            "Outer/Inner",
        );
        ::cilbind::blittable!(Outer_Inner, __TYPE_Outer_Inner, [i32]);
        ::cilbind::generated::impl_boxing!(
            Outer_Inner => ::cilbind::ValueType, ::cilbind::Enum, ::cilbind::Object,
            ::cilbind::IComparable, ::cilbind::IFormattable, ::cilbind::IConvertible
        );
    }
    pub mod enums {
        /// Binds the .NET enum `Fixture.Enums.Big` (assembly `Fixture`, underlying type `System.Int64`).
        #[repr(transparent)]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct Big(pub i64);
        impl Big {
            /// `Fixture.Enums.Big.Min` = -9223372036854775808
            pub const MIN: Self = Self(-9223372036854775808);
            /// `Fixture.Enums.Big.Max` = 9223372036854775807
            pub const MAX: Self = Self(9223372036854775807);
        }
        impl From<i64> for Big {
            fn from(value: i64) -> Self {
                Self(value)
            }
        }
        impl From<Big> for i64 {
            fn from(value: Big) -> Self {
                value.0
            }
        }
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_Big: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Enums",
            "Big",
        );
        ::cilbind::blittable!(Big, __TYPE_Big, [i64]);
        ::cilbind::generated::impl_boxing!(
            Big => ::cilbind::ValueType, ::cilbind::Enum, ::cilbind::Object,
            ::cilbind::IComparable, ::cilbind::IFormattable, ::cilbind::IConvertible
        );
        /// Binds the .NET enum `Fixture.Enums.Huge` (assembly `Fixture`, underlying type `System.UInt64`).
        #[repr(transparent)]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct Huge(pub u64);
        impl Huge {
            /// `Fixture.Enums.Huge.Top` = 18446744073709551615
            pub const TOP: Self = Self(18446744073709551615);
        }
        impl From<u64> for Huge {
            fn from(value: u64) -> Self {
                Self(value)
            }
        }
        impl From<Huge> for u64 {
            fn from(value: Huge) -> Self {
                value.0
            }
        }
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_Huge: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Enums",
            "Huge",
        );
        ::cilbind::blittable!(Huge, __TYPE_Huge, [u64]);
        ::cilbind::generated::impl_boxing!(
            Huge => ::cilbind::ValueType, ::cilbind::Enum, ::cilbind::Object,
            ::cilbind::IComparable, ::cilbind::IFormattable, ::cilbind::IConvertible
        );
        ::cilbind::generated::bitflags::bitflags! {
            /// Binds the .NET `[Flags]` enum `Fixture.Enums.Perms` (assembly `Fixture`, underlying type `System.Byte`).
            #[repr(transparent)]
            #[allow(non_camel_case_types)]
            #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
            pub struct Perms: u8 {
                /// `Fixture.Enums.Perms.None` = 0
                const NONE = 0;
                /// `Fixture.Enums.Perms.Read` = 1
                const READ = 1;
                /// `Fixture.Enums.Perms.Write` = 2
                const WRITE = 2;
                /// `Fixture.Enums.Perms.Exec` = 4
                const EXEC = 4;
                /// `Fixture.Enums.Perms.All` = 7
                const ALL = 7;
                /// Bits without a name are kept, as .NET keeps them.
                const _ = !0;
            }
        }
        impl From<u8> for Perms {
            fn from(value: u8) -> Self {
                Self::from_bits_retain(value)
            }
        }
        impl From<Perms> for u8 {
            fn from(value: Perms) -> Self {
                value.bits()
            }
        }
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_Perms: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Enums",
            "Perms",
        );
        ::cilbind::blittable!(Perms, __TYPE_Perms, [u8]);
        ::cilbind::generated::impl_boxing!(
            Perms => ::cilbind::ValueType, ::cilbind::Enum, ::cilbind::Object,
            ::cilbind::IComparable, ::cilbind::IFormattable, ::cilbind::IConvertible
        );
        /// Binds the .NET enum `Fixture.Enums.Plain` (assembly `Fixture`, underlying type `System.Int32`).
        #[repr(transparent)]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct Plain(pub i32);
        impl Plain {
            /// `Fixture.Enums.Plain.Red` = 1
            pub const RED: Self = Self(1);
            /// `Fixture.Enums.Plain.Green` = 2
            pub const GREEN: Self = Self(2);
            /// `Fixture.Enums.Plain.Blue` = 42
            pub const BLUE: Self = Self(42);
        }
        impl From<i32> for Plain {
            fn from(value: i32) -> Self {
                Self(value)
            }
        }
        impl From<Plain> for i32 {
            fn from(value: Plain) -> Self {
                value.0
            }
        }
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_Plain: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Enums",
            "Plain",
        );
        ::cilbind::blittable!(Plain, __TYPE_Plain, [i32]);
        ::cilbind::generated::impl_boxing!(
            Plain => ::cilbind::ValueType, ::cilbind::Enum, ::cilbind::Object,
            ::cilbind::IComparable, ::cilbind::IFormattable, ::cilbind::IConvertible
        );
        /// Binds the .NET enum `Fixture.Enums.Short` (assembly `Fixture`, underlying type `System.Int16`).
        #[repr(transparent)]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct Short(pub i16);
        impl Short {
            /// `Fixture.Enums.Short.A` = -2
            pub const A: Self = Self(-2);
            /// `Fixture.Enums.Short.B` = 300
            pub const B: Self = Self(300);
        }
        impl From<i16> for Short {
            fn from(value: i16) -> Self {
                Self(value)
            }
        }
        impl From<Short> for i16 {
            fn from(value: Short) -> Self {
                value.0
            }
        }
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_Short: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Enums",
            "Short",
        );
        ::cilbind::blittable!(Short, __TYPE_Short, [i16]);
        ::cilbind::generated::impl_boxing!(
            Short => ::cilbind::ValueType, ::cilbind::Enum, ::cilbind::Object,
            ::cilbind::IComparable, ::cilbind::IFormattable, ::cilbind::IConvertible
        );
        /// Binds the .NET enum `Fixture.Enums.Small` (assembly `Fixture`, underlying type `System.SByte`).
        #[repr(transparent)]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct Small(pub i8);
        impl Small {
            /// `Fixture.Enums.Small.Neg` = -128
            pub const NEG: Self = Self(-128);
            /// `Fixture.Enums.Small.Zero` = 0
            pub const ZERO: Self = Self(0);
            /// `Fixture.Enums.Small.Pos` = 127
            pub const POS: Self = Self(127);
        }
        impl From<i8> for Small {
            fn from(value: i8) -> Self {
                Self(value)
            }
        }
        impl From<Small> for i8 {
            fn from(value: Small) -> Self {
                value.0
            }
        }
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_Small: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Enums",
            "Small",
        );
        ::cilbind::blittable!(Small, __TYPE_Small, [i8]);
        ::cilbind::generated::impl_boxing!(
            Small => ::cilbind::ValueType, ::cilbind::Enum, ::cilbind::Object,
            ::cilbind::IComparable, ::cilbind::IFormattable, ::cilbind::IConvertible
        );
    }
    pub mod structs {
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_Collider: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Structs",
            "Collider",
        );
        /// Binds the .NET class `Fixture.Structs.Collider` (assembly `Fixture`).
        #[derive(Clone, Debug)]
        #[repr(transparent)]
        pub struct Collider(::cilbind::Object);
        impl ::cilbind::ManagedType for Collider {
            fn class() -> ::cilbind::Result<::cilbind::Class> {
                __TYPE_Collider.class()
            }
        }
        impl ::cilbind::Reference for Collider {
            fn from_object(obj: ::cilbind::Object) -> Self {
                Collider(<::cilbind::Object as ::cilbind::Reference>::from_object(obj))
            }
            fn as_object(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(&self.0)
            }
            fn into_object(self) -> ::cilbind::Object {
                ::cilbind::Reference::into_object(self.0)
            }
        }
        impl ::core::ops::Deref for Collider {
            type Target = ::cilbind::Object;
            fn deref(&self) -> &::cilbind::Object {
                &self.0
            }
        }
        impl ::core::convert::AsRef<::cilbind::Object> for Collider {
            fn as_ref(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(self)
            }
        }
        impl ::cilbind::Is<::cilbind::Object> for Collider {}
        impl ::core::convert::From<Collider> for ::cilbind::Object {
            fn from(value: Collider) -> Self {
                <::cilbind::Object as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        impl Collider {
            /// Binds `Fixture.Structs.Collider..ctor()` (`Collider..ctor`).
            pub fn new() -> ::cilbind::Result<Self> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::by_pointer(
                    &__TYPE_Collider,
                    ".ctor",
                    &[],
                    0x0,
                );
                let __r: ::core::option::Option<::cilbind::Object> = M
                    .thunk()?
                    .call(())?;
                Ok(
                    <Self as ::cilbind::Reference>::from_object(
                        __r
                            .ok_or_else(|| ::cilbind::Error::NullReference(
                                "a constructor returned null".into(),
                            ))?,
                    ),
                )
            }
        }
        /// Binds the .NET struct `Fixture.Structs.Header` (assembly `Fixture`): 24 bytes, mirrored field for field.
        #[repr(C)]
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Header {
            /// `Fixture.Structs.Header.Magic` (System.Int32) at offset 0.
            pub magic: i32,
            /// `Fixture.Structs.Header.Length` (System.Int64) at offset 8.
            pub length: i64,
            /// `Fixture.Structs.Header.Flags` (Fixture.Enums.Perms) at offset 16.
            pub flags: super::super::fixture::enums::Perms,
        }
        impl Header {
            /// Size of the unboxed .NET value in bytes.
            pub const MANAGED_SIZE: usize = 24;
            /// Checks this declaration against Mono's layout of the type (size and every field offset).
            pub fn check_layout() -> ::cilbind::Result<()> {
                ::cilbind::generated::check_layout(
                    &__TYPE_Header,
                    ::core::mem::size_of::<Self>(),
                    &[
                        ("Magic", ::core::mem::offset_of!(Self, magic)),
                        ("Length", ::core::mem::offset_of!(Self, length)),
                        ("Flags", ::core::mem::offset_of!(Self, flags)),
                    ],
                )
            }
        }
        const _: () = assert!(
            ::core::mem::size_of::< Header > () == Header::MANAGED_SIZE
        );
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_Header: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Structs",
            "Header",
        );
        ::cilbind::blittable!(
            Header, __TYPE_Header, [i32, i64, super::super::fixture::enums::Perms]
        );
        ::cilbind::generated::impl_boxing!(
            Header => ::cilbind::ValueType, ::cilbind::Object
        );
        impl Header {}
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_HoldsHit: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Structs",
            "HoldsHit",
        );
        /// Binds the .NET struct `Fixture.Structs.HoldsHit` (assembly `Fixture`), held by handle because field `Hit`: Fixture.Structs.RaycastHit is a managed struct (field `Collider` holds a reference (Fixture.Structs.Collider)).
        #[derive(Clone, Debug)]
        pub struct HoldsHit(pub ::cilbind::StructHandle<HoldsHit>);
        impl ::cilbind::ManagedStruct for HoldsHit {
            fn store() -> &'static ::cilbind::StructStore<Self> {
                static STORE: ::cilbind::StructStore<HoldsHit> = ::cilbind::StructStore::new();
                &STORE
            }
            fn class() -> ::cilbind::Result<::cilbind::Class> {
                __TYPE_HoldsHit.class()
            }
        }
        impl ::cilbind::ManagedType for HoldsHit {
            fn class() -> ::cilbind::Result<::cilbind::Class> {
                __TYPE_HoldsHit.class()
            }
        }
        impl HoldsHit {
            /// The default value (every field zero or null), like C#'s `default`.
            pub fn default_value() -> ::cilbind::Result<Self> {
                ::cilbind::StructHandle::default_value().map(Self)
            }
        }
        impl ::cilbind::Unbox for HoldsHit {
            fn unbox_from(obj: &::cilbind::Object) -> ::cilbind::Result<Self> {
                ::cilbind::StructHandle::unbox(obj).map(Self)
            }
        }
        impl ::cilbind::BoxAs<::cilbind::ValueType> for HoldsHit {
            fn box_to(&self) -> ::cilbind::Result<::cilbind::ValueType> {
                self.0
                    .box_object()
                    .map(<::cilbind::ValueType as ::cilbind::Reference>::from_object)
            }
        }
        impl ::cilbind::BoxAs<::cilbind::Object> for HoldsHit {
            fn box_to(&self) -> ::cilbind::Result<::cilbind::Object> {
                self.0
                    .box_object()
                    .map(<::cilbind::Object as ::cilbind::Reference>::from_object)
            }
        }
        impl HoldsHit {
            /// Reads the .NET field `Fixture.Structs.HoldsHit.Id` (System.Int32).
            pub fn id(&self) -> ::cilbind::Result<i32> {
                static F: ::cilbind::FieldRef = ::cilbind::FieldRef::new(
                    &__TYPE_HoldsHit,
                    "Id",
                );
                Ok({
                    let __r: i32 = F.get(Some(&self.0))?;
                    __r
                })
            }
            /// Writes the .NET field `Fixture.Structs.HoldsHit.Id` (System.Int32).
            pub fn set_id(&self, value: i32) -> ::cilbind::Result<()> {
                static F: ::cilbind::FieldRef = ::cilbind::FieldRef::new(
                    &__TYPE_HoldsHit,
                    "Id",
                );
                F.set(Some(&self.0), value)
            }
            // skipped `HoldsHit.Hit`: fields holding a managed struct are not bound yet
        }
        /// Binds the .NET struct `Fixture.Structs.HoldsOdd` (assembly `Fixture`): 8 bytes, mirrored field for field.
        #[repr(C, align(4))]
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct HoldsOdd {
            /// `Fixture.Structs.HoldsOdd.O` (Fixture.Structs.Odd) at offset 0.
            pub o: Odd,
            /// `Fixture.Structs.HoldsOdd.B` (System.Byte) at offset 6.
            pub b: u8,
            /// Padding.
            pub _pad_7: [u8; 1],
        }
        impl HoldsOdd {
            /// Size of the unboxed .NET value in bytes.
            pub const MANAGED_SIZE: usize = 8;
            /// Checks this declaration against Mono's layout of the type (size and every field offset).
            pub fn check_layout() -> ::cilbind::Result<()> {
                ::cilbind::generated::check_layout(
                    &__TYPE_HoldsOdd,
                    ::core::mem::size_of::<Self>(),
                    &[
                        ("O", ::core::mem::offset_of!(Self, o)),
                        ("B", ::core::mem::offset_of!(Self, b)),
                    ],
                )
            }
        }
        const _: () = assert!(
            ::core::mem::size_of::< HoldsOdd > () == HoldsOdd::MANAGED_SIZE
        );
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_HoldsOdd: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Structs",
            "HoldsOdd",
        );
        ::cilbind::blittable!(HoldsOdd, __TYPE_HoldsOdd, [Odd, u8]);
        ::cilbind::generated::impl_boxing!(
            HoldsOdd => ::cilbind::ValueType, ::cilbind::Object
        );
        impl HoldsOdd {}
        /// Binds the .NET struct `Fixture.Structs.IntOrFloat` (assembly `Fixture`): 8 bytes, mirrored field for field.
        #[repr(C)]
        #[derive(Clone, Copy)]
        pub union IntOrFloat {
            /// `Fixture.Structs.IntOrFloat.AsInt` (System.Int32) at offset 0.
            pub as_int: i32,
            /// `Fixture.Structs.IntOrFloat.AsFloat` (System.Single) at offset 0.
            pub as_float: f32,
            /// `Fixture.Structs.IntOrFloat.Hi` (System.Int16) at offset 4.
            pub hi: IntOrFloat_hi,
            /// The whole value as bytes.
            pub _bytes: [u8; 8],
        }
        /// Places `Fixture.Structs.IntOrFloat.Hi` at offset 4 inside the union `IntOrFloat`.
        #[repr(C, packed)]
        #[derive(Clone, Copy)]
        pub struct IntOrFloat_hi {
            /// Bytes before the field.
            pub _offset: [u8; 4],
            /// The field.
            pub value: i16,
        }
        impl IntOrFloat {
            /// Size of the unboxed .NET value in bytes.
            pub const MANAGED_SIZE: usize = 8;
            /// Checks this declaration against Mono's layout of the type (size and every field offset).
            pub fn check_layout() -> ::cilbind::Result<()> {
                ::cilbind::generated::check_layout(
                    &__TYPE_IntOrFloat,
                    ::core::mem::size_of::<Self>(),
                    &[
                        ("AsInt", ::core::mem::offset_of!(Self, as_int)),
                        ("AsFloat", ::core::mem::offset_of!(Self, as_float)),
                        (
                            "Hi",
                            ::core::mem::offset_of!(Self, hi)
                                + ::core::mem::offset_of!(IntOrFloat_hi, value),
                        ),
                    ],
                )
            }
        }
        const _: () = assert!(
            ::core::mem::size_of::< IntOrFloat > () == IntOrFloat::MANAGED_SIZE
        );
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_IntOrFloat: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Structs",
            "IntOrFloat",
        );
        ::cilbind::blittable!(IntOrFloat, __TYPE_IntOrFloat, [i32, f32, i16]);
        ::cilbind::generated::impl_boxing!(
            IntOrFloat => ::cilbind::ValueType, ::cilbind::Object
        );
        impl IntOrFloat {}
        /// Binds the .NET struct `Fixture.Structs.Mixed` (assembly `Fixture`): 24 bytes, mirrored field for field.
        #[repr(C)]
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Mixed {
            /// `Fixture.Structs.Mixed.A` (System.Byte) at offset 0.
            pub a: u8,
            /// `Fixture.Structs.Mixed.B` (System.Int32) at offset 4.
            pub b: i32,
            /// `Fixture.Structs.Mixed.D` (System.Double) at offset 8.
            pub d: f64,
            /// `Fixture.Structs.Mixed.S` (System.Int16) at offset 16.
            pub s: i16,
            /// `Fixture.Structs.Mixed.F` (System.Boolean) at offset 18. Stored as `u8`: 0 is false, anything else true.
            pub f: u8,
            /// `Fixture.Structs.Mixed.C` (System.Char) at offset 20. A UTF-16 code unit.
            pub c: u16,
        }
        impl Mixed {
            /// Size of the unboxed .NET value in bytes.
            pub const MANAGED_SIZE: usize = 24;
            /// Checks this declaration against Mono's layout of the type (size and every field offset).
            pub fn check_layout() -> ::cilbind::Result<()> {
                ::cilbind::generated::check_layout(
                    &__TYPE_Mixed,
                    ::core::mem::size_of::<Self>(),
                    &[
                        ("A", ::core::mem::offset_of!(Self, a)),
                        ("B", ::core::mem::offset_of!(Self, b)),
                        ("D", ::core::mem::offset_of!(Self, d)),
                        ("S", ::core::mem::offset_of!(Self, s)),
                        ("F", ::core::mem::offset_of!(Self, f)),
                        ("C", ::core::mem::offset_of!(Self, c)),
                    ],
                )
            }
        }
        const _: () = assert!(::core::mem::size_of::< Mixed > () == Mixed::MANAGED_SIZE);
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_Mixed: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Structs",
            "Mixed",
        );
        ::cilbind::blittable!(Mixed, __TYPE_Mixed, [u8, i32, f64, i16, u8, u16]);
        ::cilbind::generated::impl_boxing!(
            Mixed => ::cilbind::ValueType, ::cilbind::Object
        );
        impl Mixed {}
        /// Binds the .NET struct `Fixture.Structs.Nested` (assembly `Fixture`): 40 bytes, mirrored field for field.
        #[repr(C)]
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Nested {
            /// `Fixture.Structs.Nested.Position` (Fixture.Structs.Vector3) at offset 0.
            pub position: Vector3,
            /// `Fixture.Structs.Nested.Color` (Fixture.Enums.Plain) at offset 12.
            pub color: super::super::fixture::enums::Plain,
            /// `Fixture.Structs.Nested.M` (Fixture.Structs.Mixed) at offset 16.
            pub m: Mixed,
        }
        impl Nested {
            /// Size of the unboxed .NET value in bytes.
            pub const MANAGED_SIZE: usize = 40;
            /// Checks this declaration against Mono's layout of the type (size and every field offset).
            pub fn check_layout() -> ::cilbind::Result<()> {
                ::cilbind::generated::check_layout(
                    &__TYPE_Nested,
                    ::core::mem::size_of::<Self>(),
                    &[
                        ("Position", ::core::mem::offset_of!(Self, position)),
                        ("Color", ::core::mem::offset_of!(Self, color)),
                        ("M", ::core::mem::offset_of!(Self, m)),
                    ],
                )
            }
        }
        const _: () = assert!(
            ::core::mem::size_of::< Nested > () == Nested::MANAGED_SIZE
        );
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_Nested: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Structs",
            "Nested",
        );
        ::cilbind::blittable!(
            Nested, __TYPE_Nested, [Vector3, super::super::fixture::enums::Plain, Mixed]
        );
        ::cilbind::generated::impl_boxing!(
            Nested => ::cilbind::ValueType, ::cilbind::Object
        );
        impl Nested {}
        /// Binds the .NET struct `Fixture.Structs.Odd` (assembly `Fixture`): 6 bytes, mirrored field for field.
        #[repr(C, packed)]
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Odd {
            /// `Fixture.Structs.Odd.A` (System.Int32) at offset 0.
            pub a: i32,
            /// Padding.
            pub _pad_4: [u8; 2],
        }
        impl Odd {
            /// Size of the unboxed .NET value in bytes.
            pub const MANAGED_SIZE: usize = 6;
            /// Checks this declaration against Mono's layout of the type (size and every field offset).
            pub fn check_layout() -> ::cilbind::Result<()> {
                ::cilbind::generated::check_layout(
                    &__TYPE_Odd,
                    ::core::mem::size_of::<Self>(),
                    &[("A", ::core::mem::offset_of!(Self, a))],
                )
            }
        }
        const _: () = assert!(::core::mem::size_of::< Odd > () == Odd::MANAGED_SIZE);
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_Odd: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Structs",
            "Odd",
        );
        ::cilbind::blittable!(Odd, __TYPE_Odd, [i32]);
        ::cilbind::generated::impl_boxing!(
            Odd => ::cilbind::ValueType, ::cilbind::Object
        );
        impl Odd {}
        /// Binds the .NET struct `Fixture.Structs.Packed` (assembly `Fixture`): 5 bytes, mirrored field for field.
        #[repr(C, packed)]
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Packed {
            /// `Fixture.Structs.Packed.A` (System.Byte) at offset 0.
            pub a: u8,
            /// `Fixture.Structs.Packed.B` (System.Int32) at offset 1.
            pub b: i32,
        }
        impl Packed {
            /// Size of the unboxed .NET value in bytes.
            pub const MANAGED_SIZE: usize = 5;
            /// Checks this declaration against Mono's layout of the type (size and every field offset).
            pub fn check_layout() -> ::cilbind::Result<()> {
                ::cilbind::generated::check_layout(
                    &__TYPE_Packed,
                    ::core::mem::size_of::<Self>(),
                    &[
                        ("A", ::core::mem::offset_of!(Self, a)),
                        ("B", ::core::mem::offset_of!(Self, b)),
                    ],
                )
            }
        }
        const _: () = assert!(
            ::core::mem::size_of::< Packed > () == Packed::MANAGED_SIZE
        );
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_Packed: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Structs",
            "Packed",
        );
        ::cilbind::blittable!(Packed, __TYPE_Packed, [u8, i32]);
        ::cilbind::generated::impl_boxing!(
            Packed => ::cilbind::ValueType, ::cilbind::Object
        );
        impl Packed {}
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_RaycastHit: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Structs",
            "RaycastHit",
        );
        /// Binds the .NET struct `Fixture.Structs.RaycastHit` (assembly `Fixture`), held by handle because field `Collider` holds a reference (Fixture.Structs.Collider).
        #[derive(Clone, Debug)]
        pub struct RaycastHit(pub ::cilbind::StructHandle<RaycastHit>);
        impl ::cilbind::ManagedStruct for RaycastHit {
            fn store() -> &'static ::cilbind::StructStore<Self> {
                static STORE: ::cilbind::StructStore<RaycastHit> = ::cilbind::StructStore::new();
                &STORE
            }
            fn class() -> ::cilbind::Result<::cilbind::Class> {
                __TYPE_RaycastHit.class()
            }
        }
        impl ::cilbind::ManagedType for RaycastHit {
            fn class() -> ::cilbind::Result<::cilbind::Class> {
                __TYPE_RaycastHit.class()
            }
        }
        impl RaycastHit {
            /// The default value (every field zero or null), like C#'s `default`.
            pub fn default_value() -> ::cilbind::Result<Self> {
                ::cilbind::StructHandle::default_value().map(Self)
            }
        }
        impl ::cilbind::Unbox for RaycastHit {
            fn unbox_from(obj: &::cilbind::Object) -> ::cilbind::Result<Self> {
                ::cilbind::StructHandle::unbox(obj).map(Self)
            }
        }
        impl ::cilbind::BoxAs<::cilbind::ValueType> for RaycastHit {
            fn box_to(&self) -> ::cilbind::Result<::cilbind::ValueType> {
                self.0
                    .box_object()
                    .map(<::cilbind::ValueType as ::cilbind::Reference>::from_object)
            }
        }
        impl ::cilbind::BoxAs<::cilbind::Object> for RaycastHit {
            fn box_to(&self) -> ::cilbind::Result<::cilbind::Object> {
                self.0
                    .box_object()
                    .map(<::cilbind::Object as ::cilbind::Reference>::from_object)
            }
        }
        impl RaycastHit {
            /// Reads the .NET field `Fixture.Structs.RaycastHit.Point` (Fixture.Structs.Vector3).
            pub fn point(&self) -> ::cilbind::Result<Vector3> {
                static F: ::cilbind::FieldRef = ::cilbind::FieldRef::new(
                    &__TYPE_RaycastHit,
                    "Point",
                );
                Ok(F.get::<Vector3>(Some(&self.0))?)
            }
            /// Writes the .NET field `Fixture.Structs.RaycastHit.Point` (Fixture.Structs.Vector3).
            pub fn set_point(&self, value: Vector3) -> ::cilbind::Result<()> {
                static F: ::cilbind::FieldRef = ::cilbind::FieldRef::new(
                    &__TYPE_RaycastHit,
                    "Point",
                );
                F.set(Some(&self.0), value)
            }
            /// Reads the .NET field `Fixture.Structs.RaycastHit.Normal` (Fixture.Structs.Vector3).
            pub fn normal(&self) -> ::cilbind::Result<Vector3> {
                static F: ::cilbind::FieldRef = ::cilbind::FieldRef::new(
                    &__TYPE_RaycastHit,
                    "Normal",
                );
                Ok(F.get::<Vector3>(Some(&self.0))?)
            }
            /// Writes the .NET field `Fixture.Structs.RaycastHit.Normal` (Fixture.Structs.Vector3).
            pub fn set_normal(&self, value: Vector3) -> ::cilbind::Result<()> {
                static F: ::cilbind::FieldRef = ::cilbind::FieldRef::new(
                    &__TYPE_RaycastHit,
                    "Normal",
                );
                F.set(Some(&self.0), value)
            }
            /// Reads the .NET field `Fixture.Structs.RaycastHit.Distance` (System.Single).
            pub fn distance(&self) -> ::cilbind::Result<f32> {
                static F: ::cilbind::FieldRef = ::cilbind::FieldRef::new(
                    &__TYPE_RaycastHit,
                    "Distance",
                );
                Ok({
                    let __r: f32 = F.get(Some(&self.0))?;
                    __r
                })
            }
            /// Writes the .NET field `Fixture.Structs.RaycastHit.Distance` (System.Single).
            pub fn set_distance(&self, value: f32) -> ::cilbind::Result<()> {
                static F: ::cilbind::FieldRef = ::cilbind::FieldRef::new(
                    &__TYPE_RaycastHit,
                    "Distance",
                );
                F.set(Some(&self.0), value)
            }
            /// Reads the .NET field `Fixture.Structs.RaycastHit.Collider` (Fixture.Structs.Collider).
            pub fn collider(
                &self,
            ) -> ::cilbind::Result<::core::option::Option<Collider>> {
                static F: ::cilbind::FieldRef = ::cilbind::FieldRef::new(
                    &__TYPE_RaycastHit,
                    "Collider",
                );
                Ok(F.get_object::<Collider>(Some(&self.0))?)
            }
            /// Writes the .NET field `Fixture.Structs.RaycastHit.Collider` (Fixture.Structs.Collider).
            pub fn set_collider(
                &self,
                value: ::core::option::Option<&Collider>,
            ) -> ::cilbind::Result<()> {
                static F: ::cilbind::FieldRef = ::cilbind::FieldRef::new(
                    &__TYPE_RaycastHit,
                    "Collider",
                );
                F.set_object(Some(&self.0), value)
            }
        }
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_Uses: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Structs",
            "Uses",
        );
        /// Binds the .NET class `Fixture.Structs.Uses` (assembly `Fixture`).
        #[derive(Clone, Debug)]
        #[repr(transparent)]
        pub struct Uses(::cilbind::Object);
        impl ::cilbind::ManagedType for Uses {
            fn class() -> ::cilbind::Result<::cilbind::Class> {
                __TYPE_Uses.class()
            }
        }
        impl ::cilbind::Reference for Uses {
            fn from_object(obj: ::cilbind::Object) -> Self {
                Uses(<::cilbind::Object as ::cilbind::Reference>::from_object(obj))
            }
            fn as_object(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(&self.0)
            }
            fn into_object(self) -> ::cilbind::Object {
                ::cilbind::Reference::into_object(self.0)
            }
        }
        impl ::core::ops::Deref for Uses {
            type Target = ::cilbind::Object;
            fn deref(&self) -> &::cilbind::Object {
                &self.0
            }
        }
        impl ::core::convert::AsRef<::cilbind::Object> for Uses {
            fn as_ref(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(self)
            }
        }
        impl ::cilbind::Is<::cilbind::Object> for Uses {}
        impl ::core::convert::From<Uses> for ::cilbind::Object {
            fn from(value: Uses) -> Self {
                <::cilbind::Object as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        impl Uses {
            // skipped `Uses.IntPair`: return: struct Fixture.Structs.Pair`1<System.Int32> has no binding
            /// Binds `static void Fixture.Structs.Uses.TakesHit(Fixture.Structs.RaycastHit hit)` (`Uses.TakesHit`).
            pub fn takes_hit(hit: &RaycastHit) -> ::cilbind::Result<()> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::new(
                    &__TYPE_Uses,
                    "TakesHit",
                    &["Fixture.Structs.RaycastHit"],
                );
                let __r: () = M.thunk()?.call((&hit.0,))?;
                let () = __r;
                Ok(())
            }
            /// Binds `static System.Boolean Fixture.Structs.Uses.TryHit(out Fixture.Structs.RaycastHit hit)` (`Uses.TryHit`).
            pub fn try_hit() -> ::cilbind::Result<(bool, RaycastHit)> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::new(
                    &__TYPE_Uses,
                    "TryHit",
                    &["Fixture.Structs.RaycastHit&"],
                );
                let hit = RaycastHit::default_value()?;
                let __r: bool = M.thunk()?.call((&hit.0,))?;
                Ok((__r, hit))
            }
            /// Binds `static void Fixture.Structs.Uses.Scale(ref Fixture.Structs.Vector3 v, System.Single f)` (`Uses.Scale`).
            pub fn scale(v: &mut Vector3, f: f32) -> ::cilbind::Result<()> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::by_pointer(
                    &__TYPE_Uses,
                    "Scale",
                    &["Fixture.Structs.Vector3&", "System.Single"],
                    0x1,
                );
                let __r: () = M.thunk()?.call((::cilbind::Out(v), f))?;
                let () = __r;
                Ok(())
            }
            /// Binds `static System.Int32 Fixture.Structs.Uses.Sum(System.Collections.Generic.List`1<System.Int32> values)` (`Uses.Sum`).
            pub fn sum(
                values: ::core::option::Option<
                    &impl ::cilbind::Is<
                        super::super::system::collections::generic::List<
                            ::cilbind::Int32,
                        >,
                    >,
                >,
            ) -> ::cilbind::Result<i32> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::new(
                    &__TYPE_Uses,
                    "Sum",
                    &["System.Collections.Generic.List<System.Int32>"],
                );
                let __r: i32 = M
                    .thunk()?
                    .call((values.map(::cilbind::Reference::as_object),))?;
                Ok(__r)
            }
            // skipped `Uses.Ptr`: parameter `p`: System.Int32*
            // skipped `Uses.Matrix`: return type: System.Int32[,]
            // skipped `Uses.Identity`: generic method Identity<T>
            /// Binds `static Fixture.Structs.Vector3[] Fixture.Structs.Uses.Points()` (`Uses.Points`).
            pub fn points() -> ::cilbind::Result<
                ::core::option::Option<::std::vec::Vec<Vector3>>,
            > {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::new(
                    &__TYPE_Uses,
                    "Points",
                    &[],
                );
                let __r: ::core::option::Option<::cilbind::Array<Vector3>> = M
                    .thunk()?
                    .call(())?;
                Ok(__r.map(|a| a.to_vec()).transpose()?)
            }
            // skipped `Uses.Hits`: return type: array of managed struct Fixture.Structs.RaycastHit
            /// Binds `static System.String[] Fixture.Structs.Uses.Names(Fixture.Enums.Perms p, Fixture.Enums.Plain c)` (`Uses.Names`).
            pub fn names(
                p: super::super::fixture::enums::Perms,
                c: super::super::fixture::enums::Plain,
            ) -> ::cilbind::Result<
                ::core::option::Option<::cilbind::ObjectArray<::cilbind::NetString>>,
            > {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::new(
                    &__TYPE_Uses,
                    "Names",
                    &["Fixture.Enums.Perms", "Fixture.Enums.Plain"],
                );
                let __r: ::core::option::Option<
                    ::cilbind::ObjectArray<::cilbind::NetString>,
                > = M.thunk()?.call((p.bits(), c.0))?;
                Ok(__r)
            }
            // skipped `Uses.Maybe`: return type: System.Nullable`1<System.Int32> boxes to its value or null
            // skipped `Uses.First`: returns ref System.Int32
        }
        /// Binds the .NET struct `Fixture.Structs.Vector3` (assembly `Fixture`): 12 bytes, mirrored field for field.
        #[repr(C)]
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Vector3 {
            /// `Fixture.Structs.Vector3.X` (System.Single) at offset 0.
            pub x: f32,
            /// `Fixture.Structs.Vector3.Y` (System.Single) at offset 4.
            pub y: f32,
            /// `Fixture.Structs.Vector3.Z` (System.Single) at offset 8.
            pub z: f32,
        }
        impl Vector3 {
            /// Size of the unboxed .NET value in bytes.
            pub const MANAGED_SIZE: usize = 12;
            /// Checks this declaration against Mono's layout of the type (size and every field offset).
            pub fn check_layout() -> ::cilbind::Result<()> {
                ::cilbind::generated::check_layout(
                    &__TYPE_Vector3,
                    ::core::mem::size_of::<Self>(),
                    &[
                        ("X", ::core::mem::offset_of!(Self, x)),
                        ("Y", ::core::mem::offset_of!(Self, y)),
                        ("Z", ::core::mem::offset_of!(Self, z)),
                    ],
                )
            }
        }
        const _: () = assert!(
            ::core::mem::size_of::< Vector3 > () == Vector3::MANAGED_SIZE
        );
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_Vector3: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "Fixture",
            "Fixture.Structs",
            "Vector3",
        );
        ::cilbind::blittable!(Vector3, __TYPE_Vector3, [f32, f32, f32]);
        ::cilbind::generated::impl_boxing!(
            Vector3 => ::cilbind::ValueType, ::cilbind::Object
        );
        impl Vector3 {
            /// Binds `Fixture.Structs.Vector3..ctor(System.Single x, System.Single y, System.Single z)` (`Vector3..ctor`).
            pub fn new(x: f32, y: f32, z: f32) -> ::cilbind::Result<Self> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::by_pointer(
                    &__TYPE_Vector3,
                    ".ctor",
                    &["System.Single", "System.Single", "System.Single"],
                    0x0,
                );
                let __r: Self = M.thunk()?.call_sret((x, y, z))?;
                Ok(__r)
            }
            /// Binds `static Fixture.Structs.Vector3 Fixture.Structs.Vector3.Add(Fixture.Structs.Vector3 a, Fixture.Structs.Vector3 b)` (`Vector3.Add`).
            pub fn add(a: &Vector3, b: &Vector3) -> ::cilbind::Result<Vector3> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::by_pointer(
                    &__TYPE_Vector3,
                    "Add",
                    &["Fixture.Structs.Vector3", "Fixture.Structs.Vector3"],
                    0x2000000000000003,
                );
                let __r: Vector3 = M
                    .thunk()?
                    .call_sret((::cilbind::In(a), ::cilbind::In(b)))?;
                Ok(__r)
            }
            /// Binds `System.Single Fixture.Structs.Vector3.Length()` (`Vector3.Length`).
            pub fn length(&mut self) -> ::cilbind::Result<f32> {
                static M: ::cilbind::MethodRef = ::cilbind::MethodRef::by_pointer(
                    &__TYPE_Vector3,
                    "Length",
                    &[],
                    0x4000000000000000,
                );
                let __r: f32 = M.thunk()?.call((::cilbind::Out(self),))?;
                Ok(__r)
            }
        }
    }
}
#[allow(non_camel_case_types, non_snake_case, clippy::all)]
pub mod system {
    #[doc(hidden)]
    #[allow(non_upper_case_globals)]
    pub static __TYPE_AsyncCallback: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
        "mscorlib",
        "System",
        "AsyncCallback",
    );
    /// Binds the .NET delegate `System.AsyncCallback` (assembly `mscorlib`): a handle only (its assembly or namespace is not bound).
    #[derive(Clone, Debug)]
    #[repr(transparent)]
    pub struct AsyncCallback(MulticastDelegate);
    impl ::cilbind::ManagedType for AsyncCallback {
        fn class() -> ::cilbind::Result<::cilbind::Class> {
            __TYPE_AsyncCallback.class()
        }
    }
    impl ::cilbind::Reference for AsyncCallback {
        fn from_object(obj: ::cilbind::Object) -> Self {
            AsyncCallback(<MulticastDelegate as ::cilbind::Reference>::from_object(obj))
        }
        fn as_object(&self) -> &::cilbind::Object {
            ::cilbind::Reference::as_object(&self.0)
        }
        fn into_object(self) -> ::cilbind::Object {
            ::cilbind::Reference::into_object(self.0)
        }
    }
    impl ::core::ops::Deref for AsyncCallback {
        type Target = MulticastDelegate;
        fn deref(&self) -> &MulticastDelegate {
            &self.0
        }
    }
    impl ::core::convert::AsRef<::cilbind::Object> for AsyncCallback {
        fn as_ref(&self) -> &::cilbind::Object {
            ::cilbind::Reference::as_object(self)
        }
    }
    impl ::cilbind::Is<::cilbind::Object> for AsyncCallback {}
    impl ::core::convert::From<AsyncCallback> for ::cilbind::Object {
        fn from(value: AsyncCallback) -> Self {
            <::cilbind::Object as ::cilbind::Reference>::from_object(
                ::cilbind::Reference::into_object(value),
            )
        }
    }
    impl ::cilbind::Is<MulticastDelegate> for AsyncCallback {}
    impl ::core::convert::From<AsyncCallback> for MulticastDelegate {
        fn from(value: AsyncCallback) -> Self {
            <MulticastDelegate as ::cilbind::Reference>::from_object(
                ::cilbind::Reference::into_object(value),
            )
        }
    }
    #[doc(hidden)]
    #[allow(non_upper_case_globals)]
    pub static __TYPE_Delegate: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
        "mscorlib",
        "System",
        "Delegate",
    );
    /// Binds the .NET class `System.Delegate` (assembly `mscorlib`): a handle only (its assembly or namespace is not bound).
    #[derive(Clone, Debug)]
    #[repr(transparent)]
    pub struct Delegate(::cilbind::Object);
    impl ::cilbind::ManagedType for Delegate {
        fn class() -> ::cilbind::Result<::cilbind::Class> {
            __TYPE_Delegate.class()
        }
    }
    impl ::cilbind::Reference for Delegate {
        fn from_object(obj: ::cilbind::Object) -> Self {
            Delegate(<::cilbind::Object as ::cilbind::Reference>::from_object(obj))
        }
        fn as_object(&self) -> &::cilbind::Object {
            ::cilbind::Reference::as_object(&self.0)
        }
        fn into_object(self) -> ::cilbind::Object {
            ::cilbind::Reference::into_object(self.0)
        }
    }
    impl ::core::ops::Deref for Delegate {
        type Target = ::cilbind::Object;
        fn deref(&self) -> &::cilbind::Object {
            &self.0
        }
    }
    impl ::core::convert::AsRef<::cilbind::Object> for Delegate {
        fn as_ref(&self) -> &::cilbind::Object {
            ::cilbind::Reference::as_object(self)
        }
    }
    impl ::cilbind::Is<::cilbind::Object> for Delegate {}
    impl ::core::convert::From<Delegate> for ::cilbind::Object {
        fn from(value: Delegate) -> Self {
            <::cilbind::Object as ::cilbind::Reference>::from_object(
                ::cilbind::Reference::into_object(value),
            )
        }
    }
    #[doc(hidden)]
    #[allow(non_upper_case_globals)]
    pub static __TYPE_IAsyncResult: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
        "mscorlib",
        "System",
        "IAsyncResult",
    );
    /// Binds the .NET interface `System.IAsyncResult` (assembly `mscorlib`): a handle only (its assembly or namespace is not bound).
    #[derive(Clone, Debug)]
    #[repr(transparent)]
    pub struct IAsyncResult(::cilbind::Object);
    impl ::cilbind::ManagedType for IAsyncResult {
        fn class() -> ::cilbind::Result<::cilbind::Class> {
            __TYPE_IAsyncResult.class()
        }
    }
    impl ::cilbind::Reference for IAsyncResult {
        fn from_object(obj: ::cilbind::Object) -> Self {
            IAsyncResult(<::cilbind::Object as ::cilbind::Reference>::from_object(obj))
        }
        fn as_object(&self) -> &::cilbind::Object {
            ::cilbind::Reference::as_object(&self.0)
        }
        fn into_object(self) -> ::cilbind::Object {
            ::cilbind::Reference::into_object(self.0)
        }
    }
    impl ::core::ops::Deref for IAsyncResult {
        type Target = ::cilbind::Object;
        fn deref(&self) -> &::cilbind::Object {
            &self.0
        }
    }
    impl ::core::convert::AsRef<::cilbind::Object> for IAsyncResult {
        fn as_ref(&self) -> &::cilbind::Object {
            ::cilbind::Reference::as_object(self)
        }
    }
    impl ::cilbind::Is<::cilbind::Object> for IAsyncResult {}
    impl ::core::convert::From<IAsyncResult> for ::cilbind::Object {
        fn from(value: IAsyncResult) -> Self {
            <::cilbind::Object as ::cilbind::Reference>::from_object(
                ::cilbind::Reference::into_object(value),
            )
        }
    }
    #[doc(hidden)]
    #[allow(non_upper_case_globals)]
    pub static __TYPE_ICloneable: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
        "mscorlib",
        "System",
        "ICloneable",
    );
    /// Binds the .NET interface `System.ICloneable` (assembly `mscorlib`): a handle only (its assembly or namespace is not bound).
    #[derive(Clone, Debug)]
    #[repr(transparent)]
    pub struct ICloneable(::cilbind::Object);
    impl ::cilbind::ManagedType for ICloneable {
        fn class() -> ::cilbind::Result<::cilbind::Class> {
            __TYPE_ICloneable.class()
        }
    }
    impl ::cilbind::Reference for ICloneable {
        fn from_object(obj: ::cilbind::Object) -> Self {
            ICloneable(<::cilbind::Object as ::cilbind::Reference>::from_object(obj))
        }
        fn as_object(&self) -> &::cilbind::Object {
            ::cilbind::Reference::as_object(&self.0)
        }
        fn into_object(self) -> ::cilbind::Object {
            ::cilbind::Reference::into_object(self.0)
        }
    }
    impl ::core::ops::Deref for ICloneable {
        type Target = ::cilbind::Object;
        fn deref(&self) -> &::cilbind::Object {
            &self.0
        }
    }
    impl ::core::convert::AsRef<::cilbind::Object> for ICloneable {
        fn as_ref(&self) -> &::cilbind::Object {
            ::cilbind::Reference::as_object(self)
        }
    }
    impl ::cilbind::Is<::cilbind::Object> for ICloneable {}
    impl ::core::convert::From<ICloneable> for ::cilbind::Object {
        fn from(value: ICloneable) -> Self {
            <::cilbind::Object as ::cilbind::Reference>::from_object(
                ::cilbind::Reference::into_object(value),
            )
        }
    }
    #[doc(hidden)]
    #[allow(non_upper_case_globals)]
    pub static __TYPE_MulticastDelegate: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
        "mscorlib",
        "System",
        "MulticastDelegate",
    );
    /// Binds the .NET class `System.MulticastDelegate` (assembly `mscorlib`): a handle only (its assembly or namespace is not bound).
    #[derive(Clone, Debug)]
    #[repr(transparent)]
    pub struct MulticastDelegate(Delegate);
    impl ::cilbind::ManagedType for MulticastDelegate {
        fn class() -> ::cilbind::Result<::cilbind::Class> {
            __TYPE_MulticastDelegate.class()
        }
    }
    impl ::cilbind::Reference for MulticastDelegate {
        fn from_object(obj: ::cilbind::Object) -> Self {
            MulticastDelegate(<Delegate as ::cilbind::Reference>::from_object(obj))
        }
        fn as_object(&self) -> &::cilbind::Object {
            ::cilbind::Reference::as_object(&self.0)
        }
        fn into_object(self) -> ::cilbind::Object {
            ::cilbind::Reference::into_object(self.0)
        }
    }
    impl ::core::ops::Deref for MulticastDelegate {
        type Target = Delegate;
        fn deref(&self) -> &Delegate {
            &self.0
        }
    }
    impl ::core::convert::AsRef<::cilbind::Object> for MulticastDelegate {
        fn as_ref(&self) -> &::cilbind::Object {
            ::cilbind::Reference::as_object(self)
        }
    }
    impl ::cilbind::Is<::cilbind::Object> for MulticastDelegate {}
    impl ::core::convert::From<MulticastDelegate> for ::cilbind::Object {
        fn from(value: MulticastDelegate) -> Self {
            <::cilbind::Object as ::cilbind::Reference>::from_object(
                ::cilbind::Reference::into_object(value),
            )
        }
    }
    impl ::cilbind::Is<Delegate> for MulticastDelegate {}
    impl ::core::convert::From<MulticastDelegate> for Delegate {
        fn from(value: MulticastDelegate) -> Self {
            <Delegate as ::cilbind::Reference>::from_object(
                ::cilbind::Reference::into_object(value),
            )
        }
    }
    pub mod collections {
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_ICollection: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "mscorlib",
            "System.Collections",
            "ICollection",
        );
        /// Binds the .NET interface `System.Collections.ICollection` (assembly `mscorlib`): a handle only (its assembly or namespace is not bound).
        #[derive(Clone, Debug)]
        #[repr(transparent)]
        pub struct ICollection(::cilbind::Object);
        impl ::cilbind::ManagedType for ICollection {
            fn class() -> ::cilbind::Result<::cilbind::Class> {
                __TYPE_ICollection.class()
            }
        }
        impl ::cilbind::Reference for ICollection {
            fn from_object(obj: ::cilbind::Object) -> Self {
                ICollection(
                    <::cilbind::Object as ::cilbind::Reference>::from_object(obj),
                )
            }
            fn as_object(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(&self.0)
            }
            fn into_object(self) -> ::cilbind::Object {
                ::cilbind::Reference::into_object(self.0)
            }
        }
        impl ::core::ops::Deref for ICollection {
            type Target = ::cilbind::Object;
            fn deref(&self) -> &::cilbind::Object {
                &self.0
            }
        }
        impl ::core::convert::AsRef<::cilbind::Object> for ICollection {
            fn as_ref(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(self)
            }
        }
        impl ::cilbind::Is<::cilbind::Object> for ICollection {}
        impl ::core::convert::From<ICollection> for ::cilbind::Object {
            fn from(value: ICollection) -> Self {
                <::cilbind::Object as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_IEnumerable: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "mscorlib",
            "System.Collections",
            "IEnumerable",
        );
        /// Binds the .NET interface `System.Collections.IEnumerable` (assembly `mscorlib`): a handle only (its assembly or namespace is not bound).
        #[derive(Clone, Debug)]
        #[repr(transparent)]
        pub struct IEnumerable(::cilbind::Object);
        impl ::cilbind::ManagedType for IEnumerable {
            fn class() -> ::cilbind::Result<::cilbind::Class> {
                __TYPE_IEnumerable.class()
            }
        }
        impl ::cilbind::Reference for IEnumerable {
            fn from_object(obj: ::cilbind::Object) -> Self {
                IEnumerable(
                    <::cilbind::Object as ::cilbind::Reference>::from_object(obj),
                )
            }
            fn as_object(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(&self.0)
            }
            fn into_object(self) -> ::cilbind::Object {
                ::cilbind::Reference::into_object(self.0)
            }
        }
        impl ::core::ops::Deref for IEnumerable {
            type Target = ::cilbind::Object;
            fn deref(&self) -> &::cilbind::Object {
                &self.0
            }
        }
        impl ::core::convert::AsRef<::cilbind::Object> for IEnumerable {
            fn as_ref(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(self)
            }
        }
        impl ::cilbind::Is<::cilbind::Object> for IEnumerable {}
        impl ::core::convert::From<IEnumerable> for ::cilbind::Object {
            fn from(value: IEnumerable) -> Self {
                <::cilbind::Object as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static __TYPE_IList: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
            "mscorlib",
            "System.Collections",
            "IList",
        );
        /// Binds the .NET interface `System.Collections.IList` (assembly `mscorlib`): a handle only (its assembly or namespace is not bound).
        #[derive(Clone, Debug)]
        #[repr(transparent)]
        pub struct IList(::cilbind::Object);
        impl ::cilbind::ManagedType for IList {
            fn class() -> ::cilbind::Result<::cilbind::Class> {
                __TYPE_IList.class()
            }
        }
        impl ::cilbind::Reference for IList {
            fn from_object(obj: ::cilbind::Object) -> Self {
                IList(<::cilbind::Object as ::cilbind::Reference>::from_object(obj))
            }
            fn as_object(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(&self.0)
            }
            fn into_object(self) -> ::cilbind::Object {
                ::cilbind::Reference::into_object(self.0)
            }
        }
        impl ::core::ops::Deref for IList {
            type Target = ::cilbind::Object;
            fn deref(&self) -> &::cilbind::Object {
                &self.0
            }
        }
        impl ::core::convert::AsRef<::cilbind::Object> for IList {
            fn as_ref(&self) -> &::cilbind::Object {
                ::cilbind::Reference::as_object(self)
            }
        }
        impl ::cilbind::Is<::cilbind::Object> for IList {}
        impl ::core::convert::From<IList> for ::cilbind::Object {
            fn from(value: IList) -> Self {
                <::cilbind::Object as ::cilbind::Reference>::from_object(
                    ::cilbind::Reference::into_object(value),
                )
            }
        }
        pub mod generic {
            #[doc(hidden)]
            #[allow(non_upper_case_globals)]
            pub static __TYPE_ICollection: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
                "mscorlib",
                "System.Collections.Generic",
                "ICollection`1",
            );
            /// Binds the .NET interface `System.Collections.Generic.ICollection`1` (assembly `mscorlib`): a handle only (its assembly or namespace is not bound).
            pub struct ICollection<T0>(
                ::cilbind::Object,
                ::core::marker::PhantomData<fn() -> (T0,)>,
            );
            impl<T0: ::cilbind::ManagedType> ::cilbind::ManagedType for ICollection<T0> {
                fn class() -> ::cilbind::Result<::cilbind::Class> {
                    __TYPE_ICollection.class()?.instantiate(&[T0::class()?])
                }
            }
            impl<T0: ::cilbind::ManagedType> ::cilbind::Reference for ICollection<T0> {
                fn from_object(obj: ::cilbind::Object) -> Self {
                    ICollection(obj, ::core::marker::PhantomData)
                }
                fn as_object(&self) -> &::cilbind::Object {
                    &self.0
                }
                fn into_object(self) -> ::cilbind::Object {
                    self.0
                }
            }
            impl<T0: ::cilbind::ManagedType> ::cilbind::Is<::cilbind::Object>
            for ICollection<T0> {}
            impl<T0> ::core::clone::Clone for ICollection<T0> {
                fn clone(&self) -> Self {
                    ICollection(self.0.clone(), ::core::marker::PhantomData)
                }
            }
            impl<T0> ::core::fmt::Debug for ICollection<T0> {
                fn fmt(
                    &self,
                    f: &mut ::core::fmt::Formatter<'_>,
                ) -> ::core::fmt::Result {
                    write!(f, "ICollection({:?})", self.0)
                }
            }
            // Members of the generic type `System.Collections.Generic.ICollection`1` are not bound: they depend on its type arguments.
            #[doc(hidden)]
            #[allow(non_upper_case_globals)]
            pub static __TYPE_IEnumerable: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
                "mscorlib",
                "System.Collections.Generic",
                "IEnumerable`1",
            );
            /// Binds the .NET interface `System.Collections.Generic.IEnumerable`1` (assembly `mscorlib`): a handle only (its assembly or namespace is not bound).
            pub struct IEnumerable<T0>(
                ::cilbind::Object,
                ::core::marker::PhantomData<fn() -> (T0,)>,
            );
            impl<T0: ::cilbind::ManagedType> ::cilbind::ManagedType for IEnumerable<T0> {
                fn class() -> ::cilbind::Result<::cilbind::Class> {
                    __TYPE_IEnumerable.class()?.instantiate(&[T0::class()?])
                }
            }
            impl<T0: ::cilbind::ManagedType> ::cilbind::Reference for IEnumerable<T0> {
                fn from_object(obj: ::cilbind::Object) -> Self {
                    IEnumerable(obj, ::core::marker::PhantomData)
                }
                fn as_object(&self) -> &::cilbind::Object {
                    &self.0
                }
                fn into_object(self) -> ::cilbind::Object {
                    self.0
                }
            }
            impl<T0: ::cilbind::ManagedType> ::cilbind::Is<::cilbind::Object>
            for IEnumerable<T0> {}
            impl<T0> ::core::clone::Clone for IEnumerable<T0> {
                fn clone(&self) -> Self {
                    IEnumerable(self.0.clone(), ::core::marker::PhantomData)
                }
            }
            impl<T0> ::core::fmt::Debug for IEnumerable<T0> {
                fn fmt(
                    &self,
                    f: &mut ::core::fmt::Formatter<'_>,
                ) -> ::core::fmt::Result {
                    write!(f, "IEnumerable({:?})", self.0)
                }
            }
            // Members of the generic type `System.Collections.Generic.IEnumerable`1` are not bound: they depend on its type arguments.
            #[doc(hidden)]
            #[allow(non_upper_case_globals)]
            pub static __TYPE_IList: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
                "mscorlib",
                "System.Collections.Generic",
                "IList`1",
            );
            /// Binds the .NET interface `System.Collections.Generic.IList`1` (assembly `mscorlib`): a handle only (its assembly or namespace is not bound).
            pub struct IList<T0>(
                ::cilbind::Object,
                ::core::marker::PhantomData<fn() -> (T0,)>,
            );
            impl<T0: ::cilbind::ManagedType> ::cilbind::ManagedType for IList<T0> {
                fn class() -> ::cilbind::Result<::cilbind::Class> {
                    __TYPE_IList.class()?.instantiate(&[T0::class()?])
                }
            }
            impl<T0: ::cilbind::ManagedType> ::cilbind::Reference for IList<T0> {
                fn from_object(obj: ::cilbind::Object) -> Self {
                    IList(obj, ::core::marker::PhantomData)
                }
                fn as_object(&self) -> &::cilbind::Object {
                    &self.0
                }
                fn into_object(self) -> ::cilbind::Object {
                    self.0
                }
            }
            impl<T0: ::cilbind::ManagedType> ::cilbind::Is<::cilbind::Object>
            for IList<T0> {}
            impl<T0> ::core::clone::Clone for IList<T0> {
                fn clone(&self) -> Self {
                    IList(self.0.clone(), ::core::marker::PhantomData)
                }
            }
            impl<T0> ::core::fmt::Debug for IList<T0> {
                fn fmt(
                    &self,
                    f: &mut ::core::fmt::Formatter<'_>,
                ) -> ::core::fmt::Result {
                    write!(f, "IList({:?})", self.0)
                }
            }
            // Members of the generic type `System.Collections.Generic.IList`1` are not bound: they depend on its type arguments.
            #[doc(hidden)]
            #[allow(non_upper_case_globals)]
            pub static __TYPE_IReadOnlyCollection: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
                "mscorlib",
                "System.Collections.Generic",
                "IReadOnlyCollection`1",
            );
            /// Binds the .NET interface `System.Collections.Generic.IReadOnlyCollection`1` (assembly `mscorlib`): a handle only (its assembly or namespace is not bound).
            pub struct IReadOnlyCollection<T0>(
                ::cilbind::Object,
                ::core::marker::PhantomData<fn() -> (T0,)>,
            );
            impl<T0: ::cilbind::ManagedType> ::cilbind::ManagedType
            for IReadOnlyCollection<T0> {
                fn class() -> ::cilbind::Result<::cilbind::Class> {
                    __TYPE_IReadOnlyCollection.class()?.instantiate(&[T0::class()?])
                }
            }
            impl<T0: ::cilbind::ManagedType> ::cilbind::Reference
            for IReadOnlyCollection<T0> {
                fn from_object(obj: ::cilbind::Object) -> Self {
                    IReadOnlyCollection(obj, ::core::marker::PhantomData)
                }
                fn as_object(&self) -> &::cilbind::Object {
                    &self.0
                }
                fn into_object(self) -> ::cilbind::Object {
                    self.0
                }
            }
            impl<T0: ::cilbind::ManagedType> ::cilbind::Is<::cilbind::Object>
            for IReadOnlyCollection<T0> {}
            impl<T0> ::core::clone::Clone for IReadOnlyCollection<T0> {
                fn clone(&self) -> Self {
                    IReadOnlyCollection(self.0.clone(), ::core::marker::PhantomData)
                }
            }
            impl<T0> ::core::fmt::Debug for IReadOnlyCollection<T0> {
                fn fmt(
                    &self,
                    f: &mut ::core::fmt::Formatter<'_>,
                ) -> ::core::fmt::Result {
                    write!(f, "IReadOnlyCollection({:?})", self.0)
                }
            }
            // Members of the generic type `System.Collections.Generic.IReadOnlyCollection`1` are not bound: they depend on its type arguments.
            #[doc(hidden)]
            #[allow(non_upper_case_globals)]
            pub static __TYPE_IReadOnlyList: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
                "mscorlib",
                "System.Collections.Generic",
                "IReadOnlyList`1",
            );
            /// Binds the .NET interface `System.Collections.Generic.IReadOnlyList`1` (assembly `mscorlib`): a handle only (its assembly or namespace is not bound).
            pub struct IReadOnlyList<T0>(
                ::cilbind::Object,
                ::core::marker::PhantomData<fn() -> (T0,)>,
            );
            impl<T0: ::cilbind::ManagedType> ::cilbind::ManagedType
            for IReadOnlyList<T0> {
                fn class() -> ::cilbind::Result<::cilbind::Class> {
                    __TYPE_IReadOnlyList.class()?.instantiate(&[T0::class()?])
                }
            }
            impl<T0: ::cilbind::ManagedType> ::cilbind::Reference for IReadOnlyList<T0> {
                fn from_object(obj: ::cilbind::Object) -> Self {
                    IReadOnlyList(obj, ::core::marker::PhantomData)
                }
                fn as_object(&self) -> &::cilbind::Object {
                    &self.0
                }
                fn into_object(self) -> ::cilbind::Object {
                    self.0
                }
            }
            impl<T0: ::cilbind::ManagedType> ::cilbind::Is<::cilbind::Object>
            for IReadOnlyList<T0> {}
            impl<T0> ::core::clone::Clone for IReadOnlyList<T0> {
                fn clone(&self) -> Self {
                    IReadOnlyList(self.0.clone(), ::core::marker::PhantomData)
                }
            }
            impl<T0> ::core::fmt::Debug for IReadOnlyList<T0> {
                fn fmt(
                    &self,
                    f: &mut ::core::fmt::Formatter<'_>,
                ) -> ::core::fmt::Result {
                    write!(f, "IReadOnlyList({:?})", self.0)
                }
            }
            // Members of the generic type `System.Collections.Generic.IReadOnlyList`1` are not bound: they depend on its type arguments.
            #[doc(hidden)]
            #[allow(non_upper_case_globals)]
            pub static __TYPE_List: ::cilbind::TypeRef = ::cilbind::TypeRef::new(
                "mscorlib",
                "System.Collections.Generic",
                "List`1",
            );
            /// Binds the .NET class `System.Collections.Generic.List`1` (assembly `mscorlib`): a handle only (its assembly or namespace is not bound).
            pub struct List<T0>(
                ::cilbind::Object,
                ::core::marker::PhantomData<fn() -> (T0,)>,
            );
            impl<T0: ::cilbind::ManagedType> ::cilbind::ManagedType for List<T0> {
                fn class() -> ::cilbind::Result<::cilbind::Class> {
                    __TYPE_List.class()?.instantiate(&[T0::class()?])
                }
            }
            impl<T0: ::cilbind::ManagedType> ::cilbind::Reference for List<T0> {
                fn from_object(obj: ::cilbind::Object) -> Self {
                    List(obj, ::core::marker::PhantomData)
                }
                fn as_object(&self) -> &::cilbind::Object {
                    &self.0
                }
                fn into_object(self) -> ::cilbind::Object {
                    self.0
                }
            }
            impl<T0: ::cilbind::ManagedType> ::cilbind::Is<::cilbind::Object>
            for List<T0> {}
            impl<T0> ::core::clone::Clone for List<T0> {
                fn clone(&self) -> Self {
                    List(self.0.clone(), ::core::marker::PhantomData)
                }
            }
            impl<T0> ::core::fmt::Debug for List<T0> {
                fn fmt(
                    &self,
                    f: &mut ::core::fmt::Formatter<'_>,
                ) -> ::core::fmt::Result {
                    write!(f, "List({:?})", self.0)
                }
            }
            // Members of the generic type `System.Collections.Generic.List`1` are not bound: they depend on its type arguments.
        }
    }
}
