//! Reading assemblies with dotnetdll and turning them into the owned [`crate::model`].
//!
//! This is the only part of the crate that touches dotnetdll.

mod assembly_set;
mod definition;
mod forwarding;
mod gac;
mod il_queries;
mod natives;
mod nullability;
mod panic_guard;
mod param_writes;
mod pure_body;
mod pure_branch;
mod pure_eval;
mod pure_finish;
mod pure_fold;
mod pure_step;
mod selection;
mod this_writes;
mod to_model;

pub use assembly_set::{AssemblySet, Found, FoundAssembly};
pub use gac::MONO_GAC_DIR;
pub use selection::Selection;
pub use to_model::build_model;
