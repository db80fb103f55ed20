//! [`TranslatedMethods`]: the methods the generator translated from IL into Rust, each paired
//! with the managed call it replaced, so that one check can run both on the same inputs.

use super::value::CheckValue;

/// The translated methods of a full struct (`Builder::quickcheck(true)` generates the impl,
/// with a hidden managed twin of each method: the call Mono would have run).
pub trait TranslatedMethods {
    /// One entry per translated method.
    fn translated_methods() -> Vec<TranslatedMethod>;
}

/// A translated method and its managed twin, type-erased: its arguments are drawn as one
/// [`CheckValue`] (a tuple, `self` first), its result compared as one (with what a `&mut
/// self` method left in `self`).
pub struct TranslatedMethod {
    pub(crate) name: &'static str,
    pub(crate) csharp: &'static str,
    pub(crate) check: Box<dyn Fn(&super::Checker) -> Option<String>>,
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
            check: Box::new(move |checker| checker.translated_method(name, csharp, both)),
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
