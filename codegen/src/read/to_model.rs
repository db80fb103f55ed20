//! Converting dotnetdll definitions into the owned [`Model`].
//!
//! Two depths of conversion:
//! * **bound** types (public, in an input assembly, inside a selected namespace) get everything:
//!   visible fields and members, the base chain and the full interface set;
//! * **dependencies** (every named type a bound type mentions, and, for value types, the
//!   types of their instance fields, transitively) get only their kind, layout, instance
//!   fields and enum values: what classification and layout need. Their members are never
//!   converted, so an unrelated type deep inside a referenced assembly can't fail the run.
//!
//! Only members visible to other assemblies (public, protected, protected internal) are
//! converted; private and internal ones are invisible to bindings, except internal calls,
//! which Rust implements whatever their accessibility ([`super::natives`]). Likewise,
//! non-public types are bound only when they declare internal calls, and then for those alone.

use super::assembly_set::{type_path, AssemblySet, DefRef, Loaded};
use super::definition::{
    attribute_type_name, by_ref_mode, const_value, enum_info, is_visible, layout, source_base, type_kind, visibility,
};
use super::param_writes;
use super::selection::Selection;
use super::{forwarding, nullability, pure_body, this_writes};
use crate::error::{Error, Result};
use crate::model::{
    EventModel, FieldModel, GenericParam, MethodModel, Model, ParamModel, PassMode, Primitive, PropertyModel,
    ThisAccess, Ty, TypeApi, TypeKind, TypeModel, TypePath,
};
use dotnetdll::prelude::*;
use std::collections::HashMap;

/// Builds the model of every selected public type, of every selected non-public type that
/// declares internal calls (natives only), and of the types they depend on.
pub fn build_model(set: &AssemblySet, selection: &Selection) -> Result<Model> {
    let mut cx = Converter {
        set,
        defs: HashMap::new(),
        this_writes: this_writes::ThisWrites::default(),
    };
    let mut model = Model::default();
    let mut public = Vec::new();
    for &asm in selection.inputs {
        // A facade's public types are the ones it forwards (System.Numerics.Vectors.dll
        // forwards Vector3 & co. to System.Numerics.dll), so those are bound too.
        let own = asm.res.enumerate_type_definitions().map(|(idx, _)| DefRef { asm, idx });
        for d in own.chain(set.forwarded_types(asm)?) {
            // `<Module>`, closures, `<PrivateImplementationDetails>` and fixed buffers are
            // compiler-generated: never bound, not even for natives.
            if d.def().name.contains('<') {
                continue;
            }
            if !d.is_public() {
                // Non-public types are bound for their natives only (see `super::natives`).
                if selection.selects(&type_path(d)) {
                    if let Some(tm) = cx.natives_only(d)? {
                        model.insert(tm, true);
                    }
                }
                continue;
            }
            let path = type_path(d);
            public.push(path.clone());
            if !selection.selects(&path) {
                continue;
            }
            let tm = cx.type_model(d, true)?;
            model.insert(tm, true);
        }
    }

    selection.check_used(&public)?;

    // Types implementable on request, and the interfaces they extend, bound (a Rust
    // implementation has their members too).
    let requested: Vec<TypePath> = model
        .bound()
        .filter(|t| selection.implementable.contains(&t.path.metadata_name))
        .map(|t| t.path.clone())
        .collect();
    for path in requested {
        let inherited: Vec<Ty> = model
            .get(&path)
            .and_then(|t| t.api.as_ref())
            .map(|a| a.interfaces.clone())
            .unwrap_or_default();
        model.mark_implementable(path);
        for ty in inherited {
            let Ty::Named { path, .. } = ty else { continue };
            if model.bound().any(|t| t.path == path) {
                continue;
            }
            if let Some(&d) = cx.defs.get(&path) {
                let tm = cx.type_model(d, true)?;
                model.insert(tm, true);
            }
        }
    }

    // Generic classes and interfaces that bound signatures use closed (`List<int>`) get their
    // members too,
    // so the closed instantiations can be bound; nothing they mention gets members in turn.
    let mut instantiated = std::collections::HashSet::new();
    for t in model.all() {
        closed_instantiations(t, &mut instantiated);
    }

    // Pull in dependencies until nothing new is mentioned.
    let mut pending: Vec<TypePath> = Vec::new();
    for t in model.all() {
        mentioned_types(t, &mut pending);
    }
    while let Some(path) = pending.pop() {
        if model.contains(&path) {
            continue;
        }
        let Some(&d) = cx.defs.get(&path) else {
            continue; // every path in a Ty was produced by `cx`, so this does not happen
        };
        let mut tm = cx.type_model(d, false)?;
        if instantiated.contains(&path) && matches!(tm.kind, TypeKind::Class | TypeKind::Interface | TypeKind::Delegate)
        {
            // A failure here only costs the instantiation its members, never the run.
            tm.api = cx.type_api(d).ok();
        }
        mentioned_types(&tm, &mut pending);
        model.insert(tm, false);
    }
    mark_shared_names(selection.inputs, &mut model, &cx);
    model.set_module_versions(set.module_versions());
    Ok(model)
}

/// Records the names that types of one assembly share with different generic arities
/// (`Action`, ``Action`1``), for every assembly a modeled type comes from: their Rust names
/// add the arity (`plan::names`), whichever of them a run binds.
fn mark_shared_names(inputs: &[&'static Loaded], model: &mut Model, cx: &Converter) {
    let mut assemblies: Vec<&'static Loaded> = cx.defs.values().map(|d| d.asm).collect();
    assemblies.extend(inputs.iter().copied());
    assemblies.sort_by_key(|a| *a as *const Loaded);
    assemblies.dedup_by_key(|a| *a as *const Loaded);
    let mut arities: HashMap<TypePath, std::collections::BTreeSet<String>> = HashMap::new();
    for asm in assemblies {
        for (idx, td) in asm.res.enumerate_type_definitions() {
            if td.name.contains('<') {
                continue;
            }
            let path = type_path(DefRef { asm, idx });
            let key = TypePath {
                metadata_name: String::new(),
                ..path
            };
            arities.entry(key).or_default().insert(td.name.to_string());
        }
    }
    for (path, names) in arities {
        if names.len() > 1 {
            model.mark_shared_name(&path);
        }
    }
}

/// Generic definitions that `t`'s member signatures use with concrete arguments.
fn closed_instantiations(t: &TypeModel, out: &mut std::collections::HashSet<TypePath>) {
    let Some(api) = &t.api else { return };
    let methods = api
        .methods
        .iter()
        .chain(
            api.properties
                .iter()
                .flat_map(|p| p.getter.iter().chain(p.setter.iter())),
        )
        .chain(api.events.iter().flat_map(|e| [&e.add, &e.remove]));
    let mut tys: Vec<&Ty> = t.fields.iter().map(|f| &f.ty).collect();
    for m in methods {
        tys.push(&m.ret);
        tys.extend(m.params.iter().map(|p| &p.ty));
    }
    fn visit(ty: &Ty, out: &mut std::collections::HashSet<TypePath>) {
        match ty {
            Ty::Named { path, args } => {
                if !args.is_empty() && args.iter().all(|a| a.first_generic_param().is_none()) {
                    out.insert(path.clone());
                }
                args.iter().for_each(|a| visit(a, out));
            }
            Ty::SzArray(e) | Ty::ByRef(e) => visit(e, out),
            Ty::Array { element, .. } => visit(element, out),
            _ => {}
        }
    }
    for ty in tys {
        visit(ty, out);
    }
}

/// Every type path mentioned by a model (fields, signatures, base types, interfaces).
fn mentioned_types(t: &TypeModel, out: &mut Vec<TypePath>) {
    let mut tys: Vec<&Ty> = t.fields.iter().map(|f| &f.ty).collect();
    tys.extend(t.base.iter());
    if let Some(api) = &t.api {
        tys.extend(api.base_chain.iter().chain(&api.interfaces));
        let methods = api
            .methods
            .iter()
            .chain(
                api.properties
                    .iter()
                    .flat_map(|p| p.getter.iter().chain(p.setter.iter())),
            )
            .chain(&api.natives);
        for m in methods {
            tys.push(&m.ret);
            tys.extend(m.params.iter().map(|p| &p.ty));
        }
        tys.extend(api.properties.iter().map(|p| &p.ty));
        tys.extend(api.events.iter().map(|e| &e.handler));
    }
    for ty in tys {
        ty.visit_named(&mut |p| out.push(p.clone()));
    }
}

/// Converts dotnetdll types of any file into [`Ty`], remembering where each named type is
/// defined so dependencies can be modeled later.
pub(super) struct Converter<'s> {
    set: &'s AssemblySet,
    defs: HashMap<TypePath, DefRef>,
    /// Which struct methods write through `this`, with what it followed so far.
    this_writes: this_writes::ThisWrites,
}

/// Implemented by dotnetdll's two type representations (fields/properties vs. methods).
trait ToTy {
    fn to_ty(&self, cx: &mut Converter, from: &'static Loaded) -> Result<Ty>;
}

impl ToTy for MemberType {
    fn to_ty(&self, cx: &mut Converter, from: &'static Loaded) -> Result<Ty> {
        match self {
            MemberType::Base(b) => cx.base_ty(from, b),
            MemberType::TypeGeneric(i) => Ok(Ty::GenericParam(GenericParam::Type(*i))),
        }
    }
}

impl ToTy for MethodType {
    fn to_ty(&self, cx: &mut Converter, from: &'static Loaded) -> Result<Ty> {
        match self {
            MethodType::Base(b) => cx.base_ty(from, b),
            MethodType::TypeGeneric(i) => Ok(Ty::GenericParam(GenericParam::Type(*i))),
            MethodType::MethodGeneric(i) => Ok(Ty::GenericParam(GenericParam::Method(*i))),
        }
    }
}

/// How many base types to follow before declaring the metadata cyclic.
const MAX_BASE_DEPTH: usize = 64;

impl Converter<'_> {
    fn base_ty<T: ToTy>(&mut self, from: &'static Loaded, b: &BaseType<T>) -> Result<Ty> {
        Ok(match b {
            BaseType::Type { source, .. } => self.source_ty(from, source)?,
            BaseType::Boolean => Ty::Primitive(Primitive::Bool),
            BaseType::Char => Ty::Primitive(Primitive::Char),
            BaseType::Int8 => Ty::Primitive(Primitive::I8),
            BaseType::UInt8 => Ty::Primitive(Primitive::U8),
            BaseType::Int16 => Ty::Primitive(Primitive::I16),
            BaseType::UInt16 => Ty::Primitive(Primitive::U16),
            BaseType::Int32 => Ty::Primitive(Primitive::I32),
            BaseType::UInt32 => Ty::Primitive(Primitive::U32),
            BaseType::Int64 => Ty::Primitive(Primitive::I64),
            BaseType::UInt64 => Ty::Primitive(Primitive::U64),
            BaseType::Float32 => Ty::Primitive(Primitive::F32),
            BaseType::Float64 => Ty::Primitive(Primitive::F64),
            BaseType::IntPtr => Ty::Primitive(Primitive::IntPtr),
            BaseType::UIntPtr => Ty::Primitive(Primitive::UIntPtr),
            BaseType::Object => Ty::Object,
            BaseType::String => Ty::String,
            BaseType::Vector(_, t) => Ty::SzArray(Box::new(t.to_ty(self, from)?)),
            BaseType::Array(t, shape) => Ty::Array {
                element: Box::new(t.to_ty(self, from)?),
                rank: shape.rank,
            },
            BaseType::ValuePointer(_, Some(t)) => Ty::Pointer(Some(Box::new(t.to_ty(self, from)?))),
            BaseType::ValuePointer(_, None) => Ty::Pointer(None),
            BaseType::FunctionPointer(_) => Ty::FunctionPointer,
        })
    }

    /// A named type, canonicalised to its defining assembly. `System.Int32` & co. written as
    /// named types (as in `extends` or inside mscorlib) become the same `Ty` as the element
    /// type forms, so equal types always compare equal.
    fn source_ty<T: ToTy>(&mut self, from: &'static Loaded, s: &TypeSource<T>) -> Result<Ty> {
        let (base, args) = match s {
            TypeSource::User(u) => (u, Vec::new()),
            TypeSource::Generic { base, parameters } => {
                let args = parameters
                    .iter()
                    .map(|p| p.to_ty(self, from))
                    .collect::<Result<Vec<_>>>()?;
                (base, args)
            }
        };
        let d = self.set.resolve_user_type(from, base)?;
        let path = type_path(d);
        if args.is_empty() && path.nested.is_empty() && path.namespace == "System" {
            if let Some(p) = Primitive::from_system_name(&path.name) {
                return Ok(Ty::Primitive(p));
            }
            match path.name.as_str() {
                "String" => return Ok(Ty::String),
                "Object" => return Ok(Ty::Object),
                "Void" => return Ok(Ty::Void),
                "TypedReference" => return Ok(Ty::TypedReference),
                _ => {}
            }
        }
        self.defs.entry(path.clone()).or_insert(d);
        Ok(Ty::Named { path, args })
    }

    fn param_ty<T: ToTy>(&mut self, from: &'static Loaded, p: &ParameterType<T>) -> Result<(Ty, bool)> {
        Ok(match p {
            ParameterType::Value(t) => (t.to_ty(self, from)?, false),
            ParameterType::Ref(t) => (t.to_ty(self, from)?, true),
            ParameterType::TypedReference => (Ty::TypedReference, false),
        })
    }

    pub(super) fn type_model(&mut self, d: DefRef, bound: bool) -> Result<TypeModel> {
        let td = d.def();
        let from = d.asm;
        let kind = type_kind(d);
        let base = match &td.extends {
            Some(s) => Some(self.source_ty(from, s)?),
            None => None,
        };

        // Dependencies only need what layout needs: instance fields of value types.
        let wanted_field = |f: &Field| {
            if bound {
                is_visible(f.accessibility) || (!f.static_member && kind == TypeKind::Struct)
            } else {
                !f.static_member && matches!(kind, TypeKind::Struct | TypeKind::Enum)
            }
        };
        let mut fields = Vec::new();
        for f in td.fields.iter().filter(|f| wanted_field(f)) {
            fields.push(self.field(from, f)?);
        }

        let enum_info = match kind {
            TypeKind::Enum => Some(enum_info(d)?),
            _ => None,
        };
        let api = if bound { Some(self.type_api(d)?) } else { None };
        Ok(TypeModel {
            path: type_path(d),
            kind,
            is_public: d.is_public(),
            is_abstract: td.flags.abstract_type,
            is_sealed: td.flags.sealed,
            is_byref_like: td
                .attributes
                .iter()
                .any(|a| attribute_type_name(from, a) == "System.Runtime.CompilerServices.IsByRefLikeAttribute"),
            generic_params: td.generic_parameters.iter().map(|g| g.name.to_string()).collect(),
            base,
            layout: layout(td.flags.layout),
            fields,
            enum_info,
            api,
        })
    }

    fn field(&mut self, from: &'static Loaded, f: &Field) -> Result<FieldModel> {
        Ok(FieldModel {
            name: f.name.to_string(),
            ty: f.return_type.to_ty(self, from)?,
            visibility: visibility(f.accessibility),
            is_static: f.static_member,
            is_literal: f.literal,
            is_readonly: f.init_only,
            offset: f.offset.and_then(|o| u32::try_from(o).ok()),
            constant: f.default.as_ref().map(const_value),
        })
    }

    fn type_api(&mut self, d: DefRef) -> Result<TypeApi> {
        let from = d.asm;
        let res = &from.res;
        let (base_chain, interfaces) = self.bases_and_interfaces(d)?;
        let access = self.this_writes.analyze(self.set, d);
        let mut methods = Vec::new();
        let mut indices = Vec::new();
        // `.cctor` is private, so the visibility filter drops it.
        for (mi, m) in res
            .enumerate_methods(d.idx)
            .filter(|(_, m)| is_visible(m.accessibility))
        {
            methods.push(self.member_method(d, m, Some(mi), &access, None)?);
            indices.push(mi);
        }
        // A method that only forwards to another of the type (`read/forwarding.rs`): looked
        // for only where a method of that name takes something by reference (a twin).
        let by_ref: std::collections::HashSet<&str> = methods
            .iter()
            .filter(|m| m.params.iter().any(|p| p.pass != PassMode::Value))
            .map(|m| m.name.as_str())
            .collect();
        let forwards: Vec<Option<usize>> = indices
            .iter()
            .zip(&methods)
            .map(|(&mi, m)| {
                by_ref
                    .contains(m.name.as_str())
                    .then(|| forwarding::target(d, mi))
                    .flatten()
                    .and_then(|to| indices.iter().position(|&x| x == to))
            })
            .collect();
        for (m, to) in methods.iter_mut().zip(forwards) {
            m.forwards_to = to;
        }
        let mut properties = Vec::new();
        for (pi, p) in res.enumerate_properties(d.idx) {
            let getter = match p.getter.as_ref().filter(|m| is_visible(m.accessibility)) {
                Some(m) => Some(self.member_method(d, m, res.property_getter_index(pi), &access, Some(p))?),
                None => None,
            };
            let setter = match p.setter.as_ref().filter(|m| is_visible(m.accessibility)) {
                Some(m) => Some(self.member_method(d, m, res.property_setter_index(pi), &access, None)?),
                None => None,
            };
            if getter.is_none() && setter.is_none() {
                continue;
            }
            let (ty, _) = self.param_ty(from, &p.property_type.1)?;
            let mut index_params = Vec::new();
            for (i, ip) in p.parameters.iter().enumerate() {
                // Index parameter names live on the accessors' parameter metadata.
                let name = getter
                    .as_ref()
                    .or(setter.as_ref())
                    .and_then(|m| m.params.get(i))
                    .map(|pm| pm.name.clone());
                let (ty, by_ref) = self.param_ty(from, &ip.1)?;
                index_params.push(ParamModel {
                    name: name.unwrap_or_else(|| format!("arg{i}")),
                    ty,
                    pass: if by_ref { PassMode::Ref } else { PassMode::Value },
                    default: None,
                    is_params: false,
                    read_only: false,
                    out_attribute: false,
                    in_attribute: false,
                });
            }
            properties.push(PropertyModel {
                name: p.name.to_string(),
                ty,
                index_params,
                is_static: p.static_member,
                getter,
                setter,
            });
        }
        let mut events = Vec::new();
        for (ei, e) in res
            .enumerate_events(d.idx)
            .filter(|(_, e)| is_visible(e.add_listener.accessibility))
        {
            events.push(EventModel {
                name: e.name.to_string(),
                handler: e.delegate_type.to_ty(self, from)?,
                add: self.member_method(d, &e.add_listener, Some(res.event_add_index(ei)), &access, None)?,
                remove: self.member_method(d, &e.remove_listener, Some(res.event_remove_index(ei)), &access, None)?,
            });
        }
        Ok(TypeApi {
            base_chain,
            interfaces,
            methods,
            properties,
            events,
            natives: self.natives(d)?,
        })
    }

    /// The base chain (nearest first) and the complete interface set, both substituted into
    /// `d`'s own generic parameters. `implements` only lists *declared* interfaces, so this
    /// walks every base class and every interface's own base interfaces.
    pub(super) fn bases_and_interfaces(&mut self, d: DefRef) -> Result<(Vec<Ty>, Vec<Ty>)> {
        let mut chain = Vec::new();
        let mut interfaces = Vec::new();
        let own_args: Vec<Ty> = (0..d.def().generic_parameters.len())
            .map(|i| Ty::GenericParam(GenericParam::Type(i)))
            .collect();
        self.collect_interfaces(d, &own_args, &mut interfaces)?;
        let (mut cur, mut cur_args) = (d, own_args);
        while let Some(ext) = &cur.def().extends {
            if chain.len() == MAX_BASE_DEPTH {
                return Err(Error::CorruptMetadata {
                    path: d.asm.path.clone(),
                    reason: format!("the base types of {} form a cycle", d.metadata_name()),
                });
            }
            let base_ty = self.source_ty(cur.asm, ext)?.substitute(&cur_args, &[]);
            let base_def = self.set.resolve_user_type(cur.asm, source_base(ext))?;
            cur_args = match &base_ty {
                Ty::Named { args, .. } => args.clone(),
                _ => Vec::new(),
            };
            chain.push(base_ty);
            cur = base_def;
            self.collect_interfaces(cur, &cur_args, &mut interfaces)?;
        }
        Ok((chain, interfaces))
    }

    /// Adds `d`'s declared interfaces (with `args` substituted) and, recursively, theirs.
    fn collect_interfaces(&mut self, d: DefRef, args: &[Ty], out: &mut Vec<Ty>) -> Result<()> {
        for (_, itf) in &d.def().implements {
            let ty = self.source_ty(d.asm, itf)?.substitute(args, &[]);
            if out.contains(&ty) {
                continue; // also stops cycles in broken metadata
            }
            let itf_args = match &ty {
                Ty::Named { args, .. } => args.clone(),
                _ => Vec::new(),
            };
            out.push(ty);
            let itf_def = self.set.resolve_user_type(d.asm, source_base(itf))?;
            self.collect_interfaces(itf_def, &itf_args, out)?;
        }
        Ok(())
    }

    /// [`Self::method`] for the method `mi` of `d`: with its `this` access (`access`, from
    /// `read/this_writes.rs`), whether its result is annotated non-null (`read/nullability.rs`;
    /// `property` is a getter's property) and, for a struct, its body decoded for translation
    /// (`read/pure_body.rs`).
    fn member_method(
        &mut self,
        d: DefRef,
        m: &Method<'static>,
        mi: Option<MethodIndex>,
        access: &HashMap<MethodIndex, ThisAccess>,
        property: Option<&Property<'static>>,
    ) -> Result<MethodModel> {
        let this_access = mi
            .and_then(|mi| access.get(&mi).cloned())
            .unwrap_or(ThisAccess::Unknown);
        let mut method = self.method(d.asm, m, this_access)?;
        method.ret_non_null = nullability::result_non_null(d, m, property);
        if let Some(mi) = mi {
            for (p, read_only) in
                method
                    .params
                    .iter_mut()
                    .zip(param_writes::read_only(&mut self.this_writes, self.set, d, mi))
            {
                p.read_only = read_only;
            }
        }
        if type_kind(d) == TypeKind::Struct {
            method.pure_body = mi.map(|mi| pure_body::decode(self.set, d, mi));
        }
        Ok(method)
    }

    pub(super) fn method(&mut self, from: &'static Loaded, m: &Method, this_access: ThisAccess) -> Result<MethodModel> {
        let mut params = Vec::new();
        for (i, p) in m.signature.parameters.iter().enumerate() {
            let meta = m.parameter_metadata.get(i).and_then(Option::as_ref);
            let (ty, by_ref) = self.param_ty(from, &p.1)?;
            let pass = if by_ref { by_ref_mode(m, i) } else { PassMode::Value };
            params.push(ParamModel {
                name: meta
                    .and_then(|md| md.name.as_deref())
                    .map_or_else(|| format!("arg{i}"), str::to_string),
                ty,
                pass,
                default: meta.and_then(|md| md.default.as_ref()).map(const_value),
                is_params: meta.is_some_and(|md| {
                    md.attributes
                        .iter()
                        .any(|a| attribute_type_name(from, a) == "System.ParamArrayAttribute")
                }),
                read_only: false,
                out_attribute: meta.is_some_and(|md| md.is_out),
                in_attribute: meta.is_some_and(|md| md.is_in),
            });
        }
        let ret = match &m.signature.return_type.1 {
            None => Ty::Void,
            Some(p) => match self.param_ty(from, p)? {
                (t, true) => Ty::ByRef(Box::new(t)),
                (t, false) => t,
            },
        };
        Ok(MethodModel {
            name: m.name.to_string(),
            visibility: visibility(m.accessibility),
            is_static: !m.signature.instance,
            is_constructor: m.runtime_special_name && m.name == ".ctor",
            is_virtual: m.virtual_member,
            is_abstract: m.abstract_member,
            is_override: m.virtual_member && matches!(m.vtable_layout, VtableLayout::ReuseSlot),
            is_final: m.sealed,
            generic_params: m.generic_parameters.iter().map(|g| g.name.to_string()).collect(),
            value_type_params: if m.generic_parameters.iter().any(|g| g.special_constraint.value_type) {
                m.generic_parameters
                    .iter()
                    .map(|g| g.special_constraint.value_type)
                    .collect()
            } else {
                Vec::new()
            },
            reference_type_params: if m.generic_parameters.iter().any(|g| g.special_constraint.reference_type) {
                m.generic_parameters
                    .iter()
                    .map(|g| g.special_constraint.reference_type)
                    .collect()
            } else {
                Vec::new()
            },
            params,
            ret,
            is_varargs: matches!(m.signature.calling_convention, CallingConvention::Vararg),
            this_access,
            ret_non_null: false,
            is_internal_call: m.internal_call,
            internal_import: m
                .pinvoke
                .as_ref()
                .filter(|p| from.res[p.import_scope].name == "__Internal")
                .map(|p| p.import_name.to_string()),
            pure_body: None,
            forwards_to: None,
        })
    }
}
