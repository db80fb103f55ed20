//! The internal calls a bound type declares (`[MethodImpl(MethodImplOptions.InternalCall)]
//! extern`), whatever their accessibility: Rust implements every one of them (the natives
//! trait), and in game code most are `private` or `internal`. Only these are read beyond the
//! visible members; nothing else that is private is (see [`super::to_model`]).

use super::assembly_set::{type_path, DefRef};
use super::to_model::Converter;
use crate::error::Result;
use crate::model::{is_mono_class_library, MethodModel, ThisAccess};

impl Converter<'_> {
    /// `d`'s internal calls: methods, then property accessors, then event accessors, each in
    /// metadata order. None for Mono's class library, whose internal calls Mono implements.
    pub(super) fn natives(&mut self, d: DefRef) -> Result<Vec<MethodModel>> {
        if is_mono_class_library(&type_path(d).assembly) {
            return Ok(Vec::new());
        }
        let res = &d.asm.res;
        let methods = res.enumerate_methods(d.idx).map(|(_, m)| m);
        let accessors = res
            .enumerate_properties(d.idx)
            .flat_map(|(_, p)| p.getter.iter().chain(p.setter.iter()));
        let events = res
            .enumerate_events(d.idx)
            .flat_map(|(_, e)| [&e.add_listener, &e.remove_listener]);
        let mut out = Vec::new();
        for m in methods.chain(accessors).chain(events).filter(|m| m.internal_call) {
            // An internal call has no IL to read `this` accesses from.
            out.push(self.method(d.asm, m, ThisAccess::Unknown)?);
        }
        Ok(out)
    }
}
