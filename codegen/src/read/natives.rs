//! The internal calls a bound type declares (`[MethodImpl(MethodImplOptions.InternalCall)]
//! extern`), whatever their accessibility: Rust implements every one of them (the natives
//! trait), and in game code most are `private` or `internal`. Only these are read beyond the
//! visible members; nothing else that is private is (see [`super::to_model`]). A non-public
//! type (`internal class Physics`, a private nested class) is read for its natives alone:
//! the layout a dependency gets, and an API with no member but its natives.

use super::assembly_set::{type_path, DefRef};
use super::to_model::Converter;
use crate::error::Result;
use crate::model::{is_mono_class_library, MethodModel, ThisAccess, TypeApi, TypeModel};

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
        let is_native = |m: &&dotnetdll::prelude::Method| {
            m.internal_call
                || m.pinvoke
                    .as_ref()
                    .is_some_and(|p| res[p.import_scope].name == "__Internal")
        };
        for m in methods.chain(accessors).chain(events).filter(is_native) {
            // An internal call has no IL to read `this` accesses from.
            out.push(self.method(d.asm, m, ThisAccess::Unknown)?);
        }
        Ok(out)
    }

    /// The model of the non-public type `d` when it declares internal calls: a dependency's
    /// (kind, layout, instance fields of value types) plus its base chain, interfaces (the
    /// conversions of its handle, when it gets one) and natives; no other member, since Rust
    /// binds only what other assemblies see. None when it declares no internal call.
    pub(super) fn natives_only(&mut self, d: DefRef) -> Result<Option<TypeModel>> {
        let natives = self.natives(d)?;
        if natives.is_empty() {
            return Ok(None);
        }
        let mut tm = self.type_model(d, false)?;
        let (base_chain, interfaces) = self.bases_and_interfaces(d)?;
        tm.api = Some(TypeApi {
            base_chain,
            interfaces,
            methods: Vec::new(),
            properties: Vec::new(),
            events: Vec::new(),
            natives,
        });
        Ok(Some(tm))
    }
}
