// `Is<T>` is implemented by the runtime and the generated bindings only, for reference
// wrappers: its supertrait `AsObject` is sealed, so a type of one's own cannot pose as an
// object of a .NET type (the runtime's check of every argument would refuse it anyway).
use cilbind::{AsObject, Is, Object};

struct Fake(Object);

impl AsObject for Fake {
    fn object(&self) -> &Object {
        &self.0
    }
}

impl Is<Object> for Fake {}

fn main() {}
