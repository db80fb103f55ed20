//! The table schema of ECMA-335 II.22: every table's columns, and the coded indexes of
//! II.24.2.6. Pure data; `tables.rs` applies it.

/// Table numbers (the high byte of a metadata token, II.22).
#[allow(missing_docs)]
pub mod id {
    pub const MODULE: u8 = 0x00;
    pub const TYPE_REF: u8 = 0x01;
    pub const TYPE_DEF: u8 = 0x02;
    pub const FIELD_PTR: u8 = 0x03;
    pub const FIELD: u8 = 0x04;
    pub const METHOD_PTR: u8 = 0x05;
    pub const METHOD_DEF: u8 = 0x06;
    pub const PARAM_PTR: u8 = 0x07;
    pub const PARAM: u8 = 0x08;
    pub const INTERFACE_IMPL: u8 = 0x09;
    pub const MEMBER_REF: u8 = 0x0A;
    pub const CONSTANT: u8 = 0x0B;
    pub const CUSTOM_ATTRIBUTE: u8 = 0x0C;
    pub const FIELD_MARSHAL: u8 = 0x0D;
    pub const DECL_SECURITY: u8 = 0x0E;
    pub const CLASS_LAYOUT: u8 = 0x0F;
    pub const FIELD_LAYOUT: u8 = 0x10;
    pub const STAND_ALONE_SIG: u8 = 0x11;
    pub const EVENT_MAP: u8 = 0x12;
    pub const EVENT_PTR: u8 = 0x13;
    pub const EVENT: u8 = 0x14;
    pub const PROPERTY_MAP: u8 = 0x15;
    pub const PROPERTY_PTR: u8 = 0x16;
    pub const PROPERTY: u8 = 0x17;
    pub const METHOD_SEMANTICS: u8 = 0x18;
    pub const METHOD_IMPL: u8 = 0x19;
    pub const MODULE_REF: u8 = 0x1A;
    pub const TYPE_SPEC: u8 = 0x1B;
    pub const IMPL_MAP: u8 = 0x1C;
    pub const FIELD_RVA: u8 = 0x1D;
    pub const ENC_LOG: u8 = 0x1E;
    pub const ENC_MAP: u8 = 0x1F;
    pub const ASSEMBLY: u8 = 0x20;
    pub const ASSEMBLY_PROCESSOR: u8 = 0x21;
    pub const ASSEMBLY_OS: u8 = 0x22;
    pub const ASSEMBLY_REF: u8 = 0x23;
    pub const ASSEMBLY_REF_PROCESSOR: u8 = 0x24;
    pub const ASSEMBLY_REF_OS: u8 = 0x25;
    pub const FILE: u8 = 0x26;
    pub const EXPORTED_TYPE: u8 = 0x27;
    pub const MANIFEST_RESOURCE: u8 = 0x28;
    pub const NESTED_CLASS: u8 = 0x29;
    pub const GENERIC_PARAM: u8 = 0x2A;
    pub const METHOD_SPEC: u8 = 0x2B;
    pub const GENERIC_PARAM_CONSTRAINT: u8 = 0x2C;
}

/// Number of table kinds ECMA-335 defines (0x00..=0x2C).
pub const TABLE_COUNT: usize = 0x2D;

/// A coded index (II.24.2.6): a tag in the low bits selects the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Coded {
    /// Name as in II.24.2.6.
    pub name: &'static str,
    /// Tag width in bits.
    pub tag_bits: u32,
    /// Table per tag value; `None` for tags the spec leaves unused.
    pub tables: &'static [Option<u8>],
}

use id::*;

/// II.24.2.6 TypeDefOrRef.
pub const TYPE_DEF_OR_REF: Coded = Coded {
    name: "TypeDefOrRef",
    tag_bits: 2,
    tables: &[Some(TYPE_DEF), Some(TYPE_REF), Some(TYPE_SPEC)],
};
/// II.24.2.6 HasConstant.
pub const HAS_CONSTANT: Coded = Coded {
    name: "HasConstant",
    tag_bits: 2,
    tables: &[Some(FIELD), Some(PARAM), Some(PROPERTY)],
};
/// II.24.2.6 HasCustomAttribute.
pub const HAS_CUSTOM_ATTRIBUTE: Coded = Coded {
    name: "HasCustomAttribute",
    tag_bits: 5,
    tables: &[
        Some(METHOD_DEF),
        Some(FIELD),
        Some(TYPE_REF),
        Some(TYPE_DEF),
        Some(PARAM),
        Some(INTERFACE_IMPL),
        Some(MEMBER_REF),
        Some(MODULE),
        Some(DECL_SECURITY),
        Some(PROPERTY),
        Some(EVENT),
        Some(STAND_ALONE_SIG),
        Some(MODULE_REF),
        Some(TYPE_SPEC),
        Some(ASSEMBLY),
        Some(ASSEMBLY_REF),
        Some(FILE),
        Some(EXPORTED_TYPE),
        Some(MANIFEST_RESOURCE),
        Some(GENERIC_PARAM),
        Some(GENERIC_PARAM_CONSTRAINT),
        Some(METHOD_SPEC),
    ],
};
/// II.24.2.6 HasFieldMarshal.
pub const HAS_FIELD_MARSHAL: Coded = Coded {
    name: "HasFieldMarshal",
    tag_bits: 1,
    tables: &[Some(FIELD), Some(PARAM)],
};
/// II.24.2.6 HasDeclSecurity.
pub const HAS_DECL_SECURITY: Coded = Coded {
    name: "HasDeclSecurity",
    tag_bits: 2,
    tables: &[Some(TYPE_DEF), Some(METHOD_DEF), Some(ASSEMBLY)],
};
/// II.24.2.6 MemberRefParent.
pub const MEMBER_REF_PARENT: Coded = Coded {
    name: "MemberRefParent",
    tag_bits: 3,
    tables: &[
        Some(TYPE_DEF),
        Some(TYPE_REF),
        Some(MODULE_REF),
        Some(METHOD_DEF),
        Some(TYPE_SPEC),
    ],
};
/// II.24.2.6 HasSemantics.
pub const HAS_SEMANTICS: Coded = Coded {
    name: "HasSemantics",
    tag_bits: 1,
    tables: &[Some(EVENT), Some(PROPERTY)],
};
/// II.24.2.6 MethodDefOrRef.
pub const METHOD_DEF_OR_REF: Coded = Coded {
    name: "MethodDefOrRef",
    tag_bits: 1,
    tables: &[Some(METHOD_DEF), Some(MEMBER_REF)],
};
/// II.24.2.6 MemberForwarded.
pub const MEMBER_FORWARDED: Coded = Coded {
    name: "MemberForwarded",
    tag_bits: 1,
    tables: &[Some(FIELD), Some(METHOD_DEF)],
};
/// II.24.2.6 Implementation.
pub const IMPLEMENTATION: Coded = Coded {
    name: "Implementation",
    tag_bits: 2,
    tables: &[Some(FILE), Some(ASSEMBLY_REF), Some(EXPORTED_TYPE)],
};
/// II.24.2.6 CustomAttributeType: tags 0, 1 and 4 are unused.
pub const CUSTOM_ATTRIBUTE_TYPE: Coded = Coded {
    name: "CustomAttributeType",
    tag_bits: 3,
    tables: &[None, None, Some(METHOD_DEF), Some(MEMBER_REF), None],
};
/// II.24.2.6 ResolutionScope.
pub const RESOLUTION_SCOPE: Coded = Coded {
    name: "ResolutionScope",
    tag_bits: 2,
    tables: &[Some(MODULE), Some(MODULE_REF), Some(ASSEMBLY_REF), Some(TYPE_REF)],
};
/// II.24.2.6 TypeOrMethodDef.
pub const TYPE_OR_METHOD_DEF: Coded = Coded {
    name: "TypeOrMethodDef",
    tag_bits: 1,
    tables: &[Some(TYPE_DEF), Some(METHOD_DEF)],
};

/// What a column holds, and what makes its value valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Col {
    /// A 2-byte constant (flags, numbers). `Constant.Type` (1 byte + 1 padding byte) is one.
    U16,
    /// A 4-byte constant.
    U32,
    /// A `#Strings` index (may be the empty string).
    Str,
    /// A `#Strings` index that must name something (II.22: "shall index a non-empty string").
    Name,
    /// A `#GUID` index.
    Guid,
    /// A `#Blob` index.
    Blob,
    /// A row of the table, never null.
    Idx(u8),
    /// The first row of a run in the table (II.22: "marks the first of a contiguous run");
    /// `1..=rows + 1`, and never smaller than the previous row's value.
    List(u8),
    /// A coded index; `true` when null (row 0) is allowed.
    Coded(Coded, bool),
}

/// One table's name and columns.
#[derive(Debug, Clone, Copy)]
pub struct Table {
    /// Name as in II.22.
    pub name: &'static str,
    /// Columns in order, with their names.
    pub cols: &'static [(&'static str, Col)],
}

use Col::*;

/// II.22.2 – II.22.39, indexed by table number.
pub const TABLES: [Table; TABLE_COUNT] = [
    // II.22.30
    Table {
        name: "Module",
        cols: &[
            ("Generation", U16),
            ("Name", Str),
            ("Mvid", Guid),
            ("EncId", Guid),
            ("EncBaseId", Guid),
        ],
    },
    // II.22.38 — ResolutionScope may be null (the type is then found through ExportedType).
    Table {
        name: "TypeRef",
        cols: &[
            ("ResolutionScope", Coded(RESOLUTION_SCOPE, true)),
            ("TypeName", Name),
            ("TypeNamespace", Str),
        ],
    },
    // II.22.37 — Extends is null for interfaces and System.Object.
    Table {
        name: "TypeDef",
        cols: &[
            ("Flags", U32),
            ("TypeName", Name),
            ("TypeNamespace", Str),
            ("Extends", Coded(TYPE_DEF_OR_REF, true)),
            ("FieldList", List(FIELD)),
            ("MethodList", List(METHOD_DEF)),
        ],
    },
    // II.24.2.6 (uncompressed #- streams only)
    Table {
        name: "FieldPtr",
        cols: &[("Field", Idx(FIELD))],
    },
    // II.22.15
    Table {
        name: "Field",
        cols: &[("Flags", U16), ("Name", Name), ("Signature", Blob)],
    },
    Table {
        name: "MethodPtr",
        cols: &[("Method", Idx(METHOD_DEF))],
    },
    // II.22.26
    Table {
        name: "MethodDef",
        cols: &[
            ("RVA", U32),
            ("ImplFlags", U16),
            ("Flags", U16),
            ("Name", Name),
            ("Signature", Blob),
            ("ParamList", List(PARAM)),
        ],
    },
    Table {
        name: "ParamPtr",
        cols: &[("Param", Idx(PARAM))],
    },
    // II.22.33
    Table {
        name: "Param",
        cols: &[("Flags", U16), ("Sequence", U16), ("Name", Str)],
    },
    // II.22.23
    Table {
        name: "InterfaceImpl",
        cols: &[("Class", Idx(TYPE_DEF)), ("Interface", Coded(TYPE_DEF_OR_REF, false))],
    },
    // II.22.25
    Table {
        name: "MemberRef",
        cols: &[
            ("Class", Coded(MEMBER_REF_PARENT, false)),
            ("Name", Name),
            ("Signature", Blob),
        ],
    },
    // II.22.9
    Table {
        name: "Constant",
        cols: &[("Type", U16), ("Parent", Coded(HAS_CONSTANT, false)), ("Value", Blob)],
    },
    // II.22.10
    Table {
        name: "CustomAttribute",
        cols: &[
            ("Parent", Coded(HAS_CUSTOM_ATTRIBUTE, false)),
            ("Type", Coded(CUSTOM_ATTRIBUTE_TYPE, false)),
            ("Value", Blob),
        ],
    },
    // II.22.17
    Table {
        name: "FieldMarshal",
        cols: &[("Parent", Coded(HAS_FIELD_MARSHAL, false)), ("NativeType", Blob)],
    },
    // II.22.11
    Table {
        name: "DeclSecurity",
        cols: &[
            ("Action", U16),
            ("Parent", Coded(HAS_DECL_SECURITY, false)),
            ("PermissionSet", Blob),
        ],
    },
    // II.22.8
    Table {
        name: "ClassLayout",
        cols: &[("PackingSize", U16), ("ClassSize", U32), ("Parent", Idx(TYPE_DEF))],
    },
    // II.22.16
    Table {
        name: "FieldLayout",
        cols: &[("Offset", U32), ("Field", Idx(FIELD))],
    },
    // II.22.36
    Table {
        name: "StandAloneSig",
        cols: &[("Signature", Blob)],
    },
    // II.22.12
    Table {
        name: "EventMap",
        cols: &[("Parent", Idx(TYPE_DEF)), ("EventList", List(EVENT))],
    },
    Table {
        name: "EventPtr",
        cols: &[("Event", Idx(EVENT))],
    },
    // II.22.13
    Table {
        name: "Event",
        cols: &[
            ("EventFlags", U16),
            ("Name", Name),
            ("EventType", Coded(TYPE_DEF_OR_REF, true)),
        ],
    },
    // II.22.35
    Table {
        name: "PropertyMap",
        cols: &[("Parent", Idx(TYPE_DEF)), ("PropertyList", List(PROPERTY))],
    },
    Table {
        name: "PropertyPtr",
        cols: &[("Property", Idx(PROPERTY))],
    },
    // II.22.34
    Table {
        name: "Property",
        cols: &[("Flags", U16), ("Name", Name), ("Type", Blob)],
    },
    // II.22.28
    Table {
        name: "MethodSemantics",
        cols: &[
            ("Semantics", U16),
            ("Method", Idx(METHOD_DEF)),
            ("Association", Coded(HAS_SEMANTICS, false)),
        ],
    },
    // II.22.27
    Table {
        name: "MethodImpl",
        cols: &[
            ("Class", Idx(TYPE_DEF)),
            ("MethodBody", Coded(METHOD_DEF_OR_REF, false)),
            ("MethodDeclaration", Coded(METHOD_DEF_OR_REF, false)),
        ],
    },
    // II.22.31
    Table {
        name: "ModuleRef",
        cols: &[("Name", Str)],
    },
    // II.22.39
    Table {
        name: "TypeSpec",
        cols: &[("Signature", Blob)],
    },
    // II.22.22
    Table {
        name: "ImplMap",
        cols: &[
            ("MappingFlags", U16),
            ("MemberForwarded", Coded(MEMBER_FORWARDED, false)),
            ("ImportName", Str),
            ("ImportScope", Idx(MODULE_REF)),
        ],
    },
    // II.22.18
    Table {
        name: "FieldRVA",
        cols: &[("RVA", U32), ("Field", Idx(FIELD))],
    },
    // II.24.2.6 (edit-and-continue log and map)
    Table {
        name: "EncLog",
        cols: &[("Token", U32), ("FuncCode", U32)],
    },
    Table {
        name: "EncMap",
        cols: &[("Token", U32)],
    },
    // II.22.2
    Table {
        name: "Assembly",
        cols: &[
            ("HashAlgId", U32),
            ("MajorVersion", U16),
            ("MinorVersion", U16),
            ("BuildNumber", U16),
            ("RevisionNumber", U16),
            ("Flags", U32),
            ("PublicKey", Blob),
            ("Name", Name),
            ("Culture", Str),
        ],
    },
    // II.22.4
    Table {
        name: "AssemblyProcessor",
        cols: &[("Processor", U32)],
    },
    // II.22.3
    Table {
        name: "AssemblyOS",
        cols: &[("OSPlatformID", U32), ("OSMajorVersion", U32), ("OSMinorVersion", U32)],
    },
    // II.22.5
    Table {
        name: "AssemblyRef",
        cols: &[
            ("MajorVersion", U16),
            ("MinorVersion", U16),
            ("BuildNumber", U16),
            ("RevisionNumber", U16),
            ("Flags", U32),
            ("PublicKeyOrToken", Blob),
            ("Name", Name),
            ("Culture", Str),
            ("HashValue", Blob),
        ],
    },
    // II.22.7
    Table {
        name: "AssemblyRefProcessor",
        cols: &[("Processor", U32), ("AssemblyRef", Idx(ASSEMBLY_REF))],
    },
    // II.22.6
    Table {
        name: "AssemblyRefOS",
        cols: &[
            ("OSPlatformId", U32),
            ("OSMajorVersion", U32),
            ("OSMinorVersion", U32),
            ("AssemblyRef", Idx(ASSEMBLY_REF)),
        ],
    },
    // II.22.19
    Table {
        name: "File",
        cols: &[("Flags", U32), ("Name", Name), ("HashValue", Blob)],
    },
    // II.22.14
    Table {
        name: "ExportedType",
        cols: &[
            ("Flags", U32),
            ("TypeDefId", U32),
            ("TypeName", Name),
            ("TypeNamespace", Str),
            ("Implementation", Coded(IMPLEMENTATION, false)),
        ],
    },
    // II.22.24 — Implementation is null for a resource inside this file.
    Table {
        name: "ManifestResource",
        cols: &[
            ("Offset", U32),
            ("Flags", U32),
            ("Name", Name),
            ("Implementation", Coded(IMPLEMENTATION, true)),
        ],
    },
    // II.22.32
    Table {
        name: "NestedClass",
        cols: &[("NestedClass", Idx(TYPE_DEF)), ("EnclosingClass", Idx(TYPE_DEF))],
    },
    // II.22.20
    Table {
        name: "GenericParam",
        cols: &[
            ("Number", U16),
            ("Flags", U16),
            ("Owner", Coded(TYPE_OR_METHOD_DEF, false)),
            ("Name", Name),
        ],
    },
    // II.22.29
    Table {
        name: "MethodSpec",
        cols: &[("Method", Coded(METHOD_DEF_OR_REF, false)), ("Instantiation", Blob)],
    },
    // II.22.21
    Table {
        name: "GenericParamConstraint",
        cols: &[
            ("Owner", Idx(GENERIC_PARAM)),
            ("Constraint", Coded(TYPE_DEF_OR_REF, false)),
        ],
    },
];

/// Tables II.22 requires sorted by a key column (II.22: "the ... table is sorted using the ...
/// column as a primary key"); readers binary-search them. `(table, key column)`.
pub const SORTED: &[(u8, usize)] = &[
    (CLASS_LAYOUT, 2),
    (CONSTANT, 1),
    (CUSTOM_ATTRIBUTE, 0),
    (DECL_SECURITY, 1),
    (FIELD_LAYOUT, 1),
    (FIELD_MARSHAL, 0),
    (FIELD_RVA, 1),
    (GENERIC_PARAM, 2),
    (GENERIC_PARAM_CONSTRAINT, 0),
    (IMPL_MAP, 1),
    (INTERFACE_IMPL, 0),
    (METHOD_IMPL, 0),
    (METHOD_SEMANTICS, 2),
    (NESTED_CLASS, 0),
];
