//! `System.Nullable<T>` (`T?`): bound as `Option<T>` when `T` is a primitive, an enum or a
//! full struct, the types whose boxes the runtime can make and check exactly. The CLI boxes a
//! `Nullable<T>` as null or a box of `T`, and Mono's thunks take and return it so; the runtime
//! checks each argument's box against `T`'s exact class (`cilbind::Nullable`). `ref`/`out`
//! parameters are `&mut Option<T>` (`T` as stored, like other `ref` values), passed by pointer
//! through a trampoline (`cilbind::RefNullable`, whose slot mirrors Mono's layout, checked
//! when the method is bound). Fields are `Option<T>` getters and setters
//! (`FieldRef::get_nullable`/`set_nullable`). `Nullable` of a managed struct and arrays of
//! `Nullable` stay skips ([`SkipKind::Nullable`]).

use super::classify::{Classifier, Crossing};
use super::skip::{SkipKind, Unsupported};
use crate::model::{PassMode, Ty};

impl Classifier<'_> {
    /// The crossing of `ty`, the closed `System.Nullable<args[0]>`.
    pub(super) fn nullable(&mut self, ty: &Ty, args: &[Ty]) -> Result<Crossing, Unsupported> {
        let [value] = args else {
            return Err(Unsupported::new(
                SkipKind::Nullable,
                format!("{ty} does not have one type argument"),
            ));
        };
        match self.crossing(value, PassMode::Value) {
            Ok(c @ (Crossing::Primitive(_) | Crossing::Enum { .. } | Crossing::FullStruct(_))) => {
                Ok(Crossing::Nullable(Box::new(c)))
            }
            Ok(_) => Err(Unsupported::new(
                SkipKind::Nullable,
                format!("{ty}: Nullable of a type that is not a primitive, enum or full struct"),
            )),
            Err(u) => Err(Unsupported::new(SkipKind::Nullable, format!("{ty}: {}", u.detail))),
        }
    }
}
