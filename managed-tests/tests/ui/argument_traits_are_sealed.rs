// The raw path's argument trait is sealed: a type outside the runtime cannot claim a native
// form (here a reference) that its value does not have.
use cilbind::{Abi, Arg, Result};

struct Forged(usize);

impl Arg for Forged {
    const ABI: Abi = Abi::Ref;
    type Slot = usize;
    fn lower(self) -> Result<usize> {
        Ok(self.0)
    }
}

fn main() {}
