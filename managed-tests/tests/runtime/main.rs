//! Integration tests of the runtime against the C# fixture `fixtures/Basics.cs`, through the
//! same surface generated bindings use (TypeRef / MethodRef / FieldRef and the raw-call shim).
//! One test binary, one file per feature; [`fixture`] holds what they share.

mod fixture;

mod boxing;
mod by_ref;
mod calls;
mod dispatch;
mod dynamic;
mod errors;
mod handles;
mod pointers;
mod startup;
mod strings;
mod structs;
