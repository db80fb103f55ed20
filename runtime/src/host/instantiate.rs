//! Generic methods closed over type arguments at run time.

use super::backend::on_backend;
use super::{coreclr, mono, Class, Method};
use crate::error::Result;

/// `definition.MakeGenericMethod(args)`: the method instance. The definition's constraints
/// are checked by .NET: a type argument that breaks one is
/// [`Error::InvalidArgument`](crate::Error::InvalidArgument) with .NET's message.
pub(crate) fn make_generic_method(definition: Method, args: &[Class]) -> Result<Method> {
    on_backend!(
        mono => {
            let args: Vec<mono::Class> = args.iter().map(|&c| c.into()).collect();
            mono::instantiate::make_generic_method(definition.into(), &args).map(Method::from)
        },
        coreclr => coreclr::types::instantiate_method(definition, args),
    )
}
