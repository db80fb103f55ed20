//! What crosses the connection between a client and the server that hosts its runtime: the
//! messages, transport-neutral (`serde` types; the transport crate picks the encoding).
//! Values reuse the call log's encoding ([`Recorded`]): primitives and strings by value,
//! plain structs by their bytes, objects by class and the cookie the server gave this client.

use serde::{Deserialize, Serialize};

use crate::call::{FunctionId, Recorded};
use crate::error::Error;
use crate::store::Cookie;

/// A type as generated bindings name it (a `TypeRef`'s names, and a generic instantiation's
/// type arguments). It crosses flat, each type after its arguments' count, so that reading one
/// never recurses: a type nested deeper than [`TypeName::MAX_DEPTH`] is refused.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Vec<FlatType>", into = "Vec<FlatType>")]
pub struct TypeName {
    /// Simple name of the assembly that defines the type.
    pub assembly: String,
    /// The type's namespace (empty for none).
    pub namespace: String,
    /// The type's name (`Outer/Inner` for a nested type; ``List`1`` for a generic one).
    pub name: String,
    /// A generic type's type arguments (empty for the definition, or a type that is not
    /// generic).
    pub args: Vec<TypeName>,
}

impl TypeName {
    /// How deeply type arguments may nest (`List<List<…>>`) in a type a client names.
    pub const MAX_DEPTH: usize = 16;

    fn flatten(self, into: &mut Vec<FlatType>) {
        into.push(FlatType {
            assembly: self.assembly,
            namespace: self.namespace,
            name: self.name,
            args: self.args.len() as u32,
        });
        for arg in self.args {
            arg.flatten(into);
        }
    }

    fn unflatten(parts: &mut std::vec::IntoIter<FlatType>, depth: usize) -> Result<TypeName, String> {
        if depth > Self::MAX_DEPTH {
            return Err(format!("type arguments nest deeper than {}", Self::MAX_DEPTH));
        }
        let part = parts.next().ok_or("a type argument is missing")?;
        let args = (0..part.args)
            .map(|_| TypeName::unflatten(parts, depth + 1))
            .collect::<Result<_, _>>()?;
        Ok(TypeName {
            assembly: part.assembly,
            namespace: part.namespace,
            name: part.name,
            args,
        })
    }
}

/// One type of a [`TypeName`] as it crosses: its names and how many type arguments follow.
#[derive(Serialize, Deserialize)]
struct FlatType {
    assembly: String,
    namespace: String,
    name: String,
    args: u32,
}

impl From<TypeName> for Vec<FlatType> {
    fn from(ty: TypeName) -> Vec<FlatType> {
        let mut flat = Vec::new();
        ty.flatten(&mut flat);
        flat
    }
}

impl TryFrom<Vec<FlatType>> for TypeName {
    type Error = String;
    fn try_from(flat: Vec<FlatType>) -> Result<TypeName, String> {
        let mut parts = flat.into_iter();
        let ty = TypeName::unflatten(&mut parts, 0)?;
        match parts.next() {
            None => Ok(ty),
            Some(_) => Err("a type name has more type arguments than it counts".into()),
        }
    }
}

/// A method as generated bindings name it (a `MethodRef`'s names, or a generic member's
/// with the instantiation's types): what the client asks the server to resolve, once per
/// method, for its [`FunctionId`]. A member of a generic type is named in its definition
/// (parameters spelled `T`) with `ty` the closed type.
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
    /// A member of a generic definition (its parameters spelled as there: `T`), found in the
    /// closed type `ty` names; otherwise a member of `ty` itself (a closed instantiation's
    /// spelled closed: `System.Int32`).
    pub in_definition: bool,
    /// A generic method definition (`M<T>(…)`), instantiated with `method_args`.
    pub generic_method: bool,
    /// The method type arguments of a generic method's instantiation (empty otherwise).
    pub method_args: Vec<TypeName>,
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

/// A delegate the server makes for a closure of the client: C# invoking it calls the client
/// back (see [`Reply::Invoke`]). The result is the delegate, kept for the client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MakeCallback {
    /// The delegate type.
    pub delegate: TypeName,
    /// The client's key for its closure, which the server sends back with each invocation.
    pub key: u64,
}

/// A check that an object the client holds is an instance of `ty` (a class it derives from
/// or an interface it implements): a cast. The result is a `Boolean`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IsInstance {
    /// The object, as the client holds it.
    pub object: Recorded,
    /// The type it is checked against.
    pub ty: TypeName,
}

/// A Rust implementation of a .NET interface in the client: the server makes a relay, an
/// object implementing `ty` whose every method calls the client back (see
/// [`Reply::Invoke`]). The result is the relay, kept for the client.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Implement {
    /// The interface.
    pub ty: TypeName,
    /// Every method of the interface and of those it extends, each with the client's key.
    pub members: Vec<ImplementedMember>,
}

/// A method of a Rust implementation ([`Implement`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ImplementedMember {
    /// `Name(parameters)`, the parameters spelled as the runtime's signature descriptions
    /// spell them (`Score(Features.Point,int&,string&)`).
    pub name: String,
    /// The client's key for the member, which the server sends back with each invocation.
    pub key: u64,
}

/// C# invoking a delegate of one of the client's closures, or a method of one of its Rust
/// implementations, during one of its calls: the invocation's number (its result names it),
/// the closure's or member's key and the arguments (objects kept for the client, as results
/// are; values of value types by their bytes for a member).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Invocation {
    /// This invocation's number in its session: the result the client sends back names it.
    pub id: u64,
    /// The client's key for the closure ([`MakeCallback::key`]) or the member
    /// ([`ImplementedMember::key`]).
    pub key: u64,
    /// The arguments.
    pub args: Vec<Recorded>,
    /// A member of a Rust implementation, whose answer carries its `ref`/`out` values too;
    /// otherwise a closure's delegate.
    pub member: bool,
}

/// The server's answer to a batch, or to a callback's result: the batch's reply once it ran
/// to its end, or, while C# waits inside it, a callback for the client to run. The client
/// runs the closure (its calls from inside it run on the server meanwhile, nested in the
/// waiting one) and sends the closure's result back, whose answer is again a `Reply`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Reply {
    /// The batch ran.
    Done(BatchReply),
    /// C# invoked a delegate of the client's closure.
    Invoke(Invocation),
}

/// One step of a batch: a method call, a field access, a box made or read, a delegate made for
/// a closure of the client, or a cast checked. The rarer steps are boxed: they are larger than
/// a call.
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
    /// A delegate made for a closure of the client.
    MakeCallback(Box<MakeCallback>),
    /// A cast checked.
    IsInstance(Box<IsInstance>),
    /// A new box of the value type named, holding its default value (every field zero or
    /// null): a managed struct the client holds by handle. The result is the box.
    DefaultValue(Box<TypeName>),
    /// A copy of a box of a value type the client holds (a managed struct's value semantics).
    /// The result is the new box.
    CopyValue(Box<Recorded>),
    /// An array made or read.
    Array(Box<ArrayStep>),
    /// A relay made for a Rust implementation of the client.
    Implement(Box<Implement>),
}

/// What a client does with a single-dimension array on the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ArrayStep {
    /// A new `element[]` of `count` values of a value type without references, by their
    /// bytes: the result is the array, kept for the client.
    Make {
        /// The element type.
        element: TypeName,
        /// How many elements.
        count: u32,
        /// Their bytes, one after another.
        bytes: Vec<u8>,
    },
    /// A new multi-dimensional `element[,…]` of a value type without references, `lengths[i]`
    /// elements in dimension `i`, by their bytes in row-major order: the result is the array,
    /// kept for the client.
    MakeMultiDimensional {
        /// The element type.
        element: TypeName,
        /// Each dimension's length (two or more dimensions).
        lengths: Vec<u32>,
        /// The elements' bytes, one after another, the last index varying fastest.
        bytes: Vec<u8>,
    },
    /// The elements of an array (single- or multi-dimensional, in row-major order) of a value
    /// type without references, by their bytes (`Recorded::Struct`).
    Values(Recorded),
    /// The number of elements of an array (`Int64`).
    Len(Recorded),
    /// Element `index` of an array of references: the object, kept for the client.
    Item(Recorded, u32),
}

impl From<Call> for Step {
    fn from(call: Call) -> Step {
        Step::Call(call)
    }
}

/// A batch of steps the server runs in order, on one thread, after forgetting the closures
/// named in `forget`, and before releasing the handles named in `release` (which the steps
/// may still name: an array made for an argument is dropped once it was sent). Every step but
/// the last was pipelined (its result not read): the first of them that fails stops the
/// batch.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Batch {
    /// Handles the client dropped since its last batch.
    pub release: Vec<Cookie>,
    /// Keys of the client's closures it dropped since its last batch: their delegates throw
    /// `ObjectDisposedException` in C# from now on.
    pub forget: Vec<u64>,
    /// The steps, in the order the client made them.
    pub calls: Vec<Step>,
}

/// What a [`Batch`] did: one result per call that ran; when a call failed, it is the last
/// one that ran.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BatchReply {
    /// The results, in order; `Err` only for the last.
    pub results: Vec<Result<Returned, Error>>,
    /// Keys of the client's implementation members whose relay the server's collector
    /// reclaimed: C# can no longer call them, and the client drops them.
    pub released: Vec<u64>,
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

impl Returned {
    /// A result that wrote nothing back.
    pub fn of(value: Recorded) -> Returned {
        Returned {
            value,
            after: Vec::new(),
        }
    }
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
