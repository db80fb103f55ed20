//! [`TranslatedMethods`]: the methods the generator translated from IL into Rust, each paired
//! with the managed call it replaced, so that one check can run both on the same inputs.
//!
//! The table is built in the bindings' crate, one entry per method, so each entry is
//! type-erased as soon as it is made ([`Erased`]): the case loop, shrinking and messages are
//! compiled once here, not once per method in every user's bindings.

use std::any::Any;

use quickcheck::Gen;

use super::value::{CheckValue, Nan};

/// The translated methods of a full struct (`Builder::quickcheck(true)` generates the impl,
/// with a hidden managed twin of each method: the call Mono would have run).
pub trait TranslatedMethods {
    /// One entry per translated method.
    fn translated_methods() -> Vec<TranslatedMethod>;
}

/// A [`CheckValue`] behind a pointer: arguments and results of any method.
pub(crate) trait Erased: Any {
    fn shrink_erased(&self) -> Vec<Box<dyn Erased>>;
    fn bits_erased(&self, nan: Nan, out: &mut Vec<u64>);
    fn debug(&self) -> String;
    fn dotnet_erased(&self) -> String;
    fn as_any(&self) -> &dyn Any;
}

impl<T: CheckValue> Erased for T {
    fn shrink_erased(&self) -> Vec<Box<dyn Erased>> {
        self.shrink_value().map(|v| Box::new(v) as Box<dyn Erased>).collect()
    }
    fn bits_erased(&self, nan: Nan, out: &mut Vec<u64>) {
        self.bits(nan, out)
    }
    fn debug(&self) -> String {
        format!("{self:?}")
    }
    fn dotnet_erased(&self) -> String {
        self.dotnet()
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// Both calls' results on one input.
pub(crate) type Outcomes = (crate::Result<Box<dyn Erased>>, crate::Result<Box<dyn Erased>>);

/// Both calls on one (type-erased) input.
pub(crate) type Both = Box<dyn Fn(&dyn Erased) -> Outcomes>;

/// A translated method and its managed twin: its arguments drawn as one [`CheckValue`] (a
/// tuple, `self` first), its result compared as one (with what a `&mut self` method left in
/// `self`).
pub struct TranslatedMethod {
    pub(crate) name: &'static str,
    pub(crate) csharp: &'static str,
    pub(crate) draw: fn(&mut Gen) -> Box<dyn Erased>,
    pub(crate) both: Both,
}

fn draw_erased<A: CheckValue>(g: &mut Gen) -> Box<dyn Erased> {
    Box::new(A::draw(g))
}

impl TranslatedMethod {
    /// `name` (`Vector3::add`, as Rust calls it), its C# declaration, and `both`: the
    /// translated then the managed call on the same arguments.
    pub fn new<A: CheckValue, R: CheckValue>(
        name: &'static str,
        csharp: &'static str,
        both: fn(A) -> (crate::Result<R>, crate::Result<R>),
    ) -> Self {
        TranslatedMethod {
            name,
            csharp,
            draw: draw_erased::<A>,
            both: Box::new(move |args| {
                // The runner only hands back what `draw` made, or its shrinks: always an `A`.
                let Some(args) = args.as_any().downcast_ref::<A>() else {
                    let e = crate::Error::InvalidArgument(format!("{name}: arguments of another type"));
                    return (Err(e.clone()), Err(e));
                };
                let (translated, managed) = both(args.clone());
                let erase = |r: R| Box::new(r) as Box<dyn Erased>;
                (translated.map(erase), managed.map(erase))
            }),
        }
    }

    /// The method as Rust calls it (`Vector3::add`).
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The method as C# declares it (`public static Vector3 Add(Vector3 left, Vector3 right)`).
    pub fn csharp(&self) -> &'static str {
        self.csharp
    }
}
