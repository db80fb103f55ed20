//! What crosses the connection between a client and the server that hosts its runtime: the
//! messages, transport-neutral (`serde` types; the transport crate picks the encoding).
//! Values reuse the call log's encoding ([`Recorded`]): primitives and strings by value,
//! plain structs by their bytes, objects by class and the cookie the server gave this client.

use serde::{Deserialize, Serialize};

use crate::call::{FunctionId, Recorded};
use crate::error::Error;
use crate::store::Cookie;

/// A type as generated bindings name it (a `TypeRef`'s names).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TypeName {
    /// Simple name of the assembly that defines the type.
    pub assembly: String,
    /// The type's namespace (empty for none).
    pub namespace: String,
    /// The type's name (`Outer/Inner` for a nested type).
    pub name: String,
}

/// A method as generated bindings name it (a `MethodRef`'s names): what the client asks the
/// server to resolve, once per method, for its [`FunctionId`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MethodName {
    /// The type that declares it.
    pub ty: TypeName,
    /// The method's name (`.ctor` for constructors).
    pub name: String,
    /// Parameter types, as generated bindings spell them.
    pub params: Vec<String>,
    /// The return type, when the bindings name it (to choose between overloads that differ
    /// only by return type).
    pub ret: Option<String>,
}

/// One call: the method by ID, then its arguments (`this` first for an instance method;
/// none for a constructor, whose result is the new object).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Call {
    /// The method, as the server named it when asked (`Transport::bind`) or as the table
    /// checked at connect gives it.
    pub id: u64,
    /// The arguments.
    pub args: Vec<Recorded>,
    /// Made by the reflective path (`call_by_id`), which takes every object back as a handle,
    /// a box of a struct included; a generated binding takes a value type's result by value.
    pub reflective: bool,
}

impl Call {
    /// The method's ID.
    pub fn function(&self) -> FunctionId {
        FunctionId(self.id)
    }
}

/// A field read or write: the field by its type's names and its own, on `owner` (an object
/// the client holds; `None` for a static field). A read's result is the value; a write's is
/// void.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FieldAccess {
    /// The type that declares it.
    pub ty: TypeName,
    /// The field's name.
    pub name: String,
    /// The object whose field it is; `None` for a static field.
    pub owner: Option<Recorded>,
    /// The value to store; `None` for a read.
    pub write: Option<Recorded>,
}

/// Boxing on the server: a value of the value type `ty`, by its bytes, boxed and taken as the
/// reference type `target` (the server checks that `ty` converts to it, as a local box's
/// first use checks it). The result is the box, kept for the client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MakeBox {
    /// The value's type.
    pub ty: TypeName,
    /// The value's bytes, as it lies in memory.
    pub bytes: Vec<u8>,
    /// What the box is taken as (`System.Object`, `System.Enum`, an interface).
    pub target: TypeName,
}

/// Unboxing on the server: the value in the box `object` read as the value type `ty` (the
/// CLI's rule: the box's exact type, or an enum box read as its underlying type). The result
/// is the value's bytes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReadBox {
    /// The box, as the client holds it.
    pub object: Recorded,
    /// The value type it is read as.
    pub ty: TypeName,
}

/// One step of a batch: a method call, a field access, or a box made or read. The rarer
/// steps are boxed: they are larger than a call.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Step {
    /// A method call.
    Call(Call),
    /// A field read or write.
    Field(Box<FieldAccess>),
    /// A value boxed.
    MakeBox(Box<MakeBox>),
    /// A box's value read.
    ReadBox(Box<ReadBox>),
}

impl From<Call> for Step {
    fn from(call: Call) -> Step {
        Step::Call(call)
    }
}

/// A batch of steps the server runs in order, on one thread, after releasing the handles
/// named in `release`. Every step but the last was pipelined (its result not read): the first
/// of them that fails stops the batch.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Batch {
    /// Handles the client dropped since its last batch.
    pub release: Vec<Cookie>,
    /// The steps, in the order the client made them.
    pub calls: Vec<Step>,
}

/// What a [`Batch`] did: one result per call that ran; when a call failed, it is the last
/// one that ran.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BatchReply {
    /// The results, in order; `Err` only for the last.
    pub results: Vec<Result<Returned, Error>>,
}

/// What one call gave back: its result, and what it left in each argument passed by
/// reference (`ref`/`out` parameters, a struct's `this`), by position (`this` is 0).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Returned {
    /// The result (`Void` for none).
    pub value: Recorded,
    /// The by-ref arguments after the call, by ascending position.
    pub after: Vec<(u16, Recorded)>,
}

/// A generated bindings' table row as the client sends it at connect: the ID and the
/// signature it was computed from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRow {
    /// The function ID the bindings were generated with.
    pub id: u64,
    /// Its signature (`[Assembly]Namespace.Type::Name(P1,P2)->R`).
    pub signature: String,
}
