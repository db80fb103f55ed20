// The CoreCLR bridge's metadata records: what native code asks about types, methods and fields.
using System;
using System.Collections.Generic;
using System.Reflection;
using System.Reflection.Emit;
using System.Runtime.InteropServices;
using System.Text;
using System.Threading;

namespace Cilbind
{
    /// <summary>The metadata records <see cref="Bridge"/> hands native code.</summary>
    static class Metadata
    {
        /// <summary>Facts of a type (what 0): name, namespace, assembly, cilbind name, flags
        /// (1 value type, 2 enum, 4 interface, 8 public at every level, 16 generic definition,
        /// 32 by-ref, 64 pointer, 128 array, 256 generic parameter), kind (the order of Rust's
        /// TypeKind), value size, alignment, base type, enum underlying type, Nullable's
        /// argument, nesting type, element type (of an array, a by-ref or a pointer).
        /// Related lists (what 1: declared interfaces; 2: declared methods and constructors;
        /// 3: declared fields; 4: nested types). A method (what 5): name, declaring type, flags
        /// (1 static, 2 virtual, 4 constructor, 8 generic definition, 16 internal call, 32
        /// public, 64 abstract), metadata token, return type, then each parameter's type (or
        /// <c>!reason</c> when a type of the signature cannot be loaded). A field (what 6): name,
        /// declaring type, flags (1 static, 2 literal, 4 public), type, offset in the value
        /// (value types' instance fields; else -1). An assembly (what 7): its TypeDef rows (see
        /// <see cref="TypeDefinitions"/>). A type (what 8): its assembly. An
        /// assembly (what 9): its manifest module's version ID.</summary>
        internal static string Facts(object o, int what)
        {
            const BindingFlags declared = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static |
                BindingFlags.Instance | BindingFlags.DeclaredOnly;
            switch (what)
            {
                case 0:
                    return TypeFacts((Type)o);
                case 1:
                    return List(((Type)o).GetInterfaces());
                case 2:
                {
                    var t = (Type)o;
                    var all = new List<object>(t.GetConstructors(declared));
                    all.AddRange(t.GetMethods(declared));
                    return List(all.ToArray());
                }
                case 3:
                    return List(((Type)o).GetFields(declared));
                case 4:
                    return List(((Type)o).GetNestedTypes(BindingFlags.Public | BindingFlags.NonPublic));
                case 5:
                    return MethodFacts((MethodBase)o);
                case 6:
                    return FieldFacts((FieldInfo)o);
                case 7:
                    return TypeDefinitions((Assembly)o);
                case 8:
                    return Id(((Type)o).Assembly);
                case 9:
                    return ((Assembly)o).ManifestModule.ModuleVersionId.ToString();
                default:
                    throw new ArgumentOutOfRangeException("what");
            }
        }

        static string TypeFacts(Type t)
        {
            int flags = (t.IsValueType ? 1 : 0) | (t.IsEnum ? 2 : 0) | (t.IsInterface ? 4 : 0) |
                (IsPublic(t) ? 8 : 0) | (t.IsGenericTypeDefinition ? 16 : 0) | (t.IsByRef ? 32 : 0) |
                (t.IsPointer ? 64 : 0) | (t.IsArray ? 128 : 0) | (t.IsGenericParameter ? 256 : 0);
            int size = 0, align = 0;
            if (t.IsValueType && t != typeof(void) && !t.IsGenericTypeDefinition && !t.ContainsGenericParameters)
            {
                size = SizeOf(t);
                align = AlignOf(t);
            }
            Type nullable = t.IsGenericType && !t.IsGenericTypeDefinition && t.GetGenericTypeDefinition() == typeof(Nullable<>)
                ? t.GetGenericArguments()[0] : null;
            Type element = t.HasElementType ? t.GetElementType() : null;
            var fields = new string[]
            {
                t.Name, t.Namespace ?? "", t.Assembly.GetName().Name, CilName(t), flags.ToString(),
                Kind(t).ToString(), size.ToString(), align.ToString(), Id(t.BaseType),
                Id(t.IsEnum ? Enum.GetUnderlyingType(t) : null), Id(nullable),
                Id(t.IsNested && !t.IsGenericParameter ? t.DeclaringType : null), Id(element),
            };
            return string.Join("\u001f", fields);
        }

        /// <summary>Every row of the assembly's TypeDef table, in table order, but the
        /// <c>&lt;Module&gt;</c> pseudo-type (row 1, which CoreCLR's reflection does not hand
        /// out): the type's handle, or <c>!token reason</c> for a type the runtime cannot
        /// load.</summary>
        static string TypeDefinitions(Assembly a)
        {
            var rows = new List<string>();
            var module = a.ManifestModule;
            // A TypeDef index has 24 bits; the table ends where the runtime says a token is out
            // of range.
            for (int row = 1; row < 0x1000000; row++)
            {
                int token = 0x02000000 | row;
                try
                {
                    rows.Add(Id(module.ResolveType(token)));
                }
                catch (ArgumentOutOfRangeException)
                {
                    break;
                }
                catch (ArgumentException) when (row == 1)
                {
                    // The <Module> pseudo-type, which CoreCLR's reflection does not hand out.
                }
                catch (Exception e)
                {
                    rows.Add("!" + token.ToString("x8") + " " + e.GetType().FullName + ": " + e.Message);
                }
            }
            return string.Join("\u001f", rows.ToArray());
        }

        static string MethodFacts(MethodBase m)
        {
            var info = m as MethodInfo;
            int flags = (m.IsStatic ? 1 : 0) | (m.IsVirtual ? 2 : 0) | (m is ConstructorInfo ? 4 : 0) |
                (m.IsGenericMethodDefinition ? 8 : 0) |
                ((m.GetMethodImplementationFlags() & MethodImplAttributes.InternalCall) != 0 ? 16 : 0) |
                (m.IsPublic ? 32 : 0) | (m.IsAbstract ? 64 : 0);
            var fields = new List<string>
            {
                m.Name, Id(m.DeclaringType), flags.ToString(), m.MetadataToken.ToString(),
            };
            try
            {
                var signature = new List<string> { Id(info != null ? info.ReturnType : typeof(void)) };
                foreach (var p in m.GetParameters())
                    signature.Add(Id(p.ParameterType));
                fields.AddRange(signature);
            }
            catch (Exception e)
            {
                // A type of the signature cannot be loaded (its assembly is missing): the method is
                // still listed, and its signature is this reason.
                fields.Add("!" + e.GetType().FullName + ": " + e.Message);
            }
            return string.Join("\u001f", fields.ToArray());
        }

        static string FieldFacts(FieldInfo f)
        {
            int flags = (f.IsStatic ? 1 : 0) | (f.IsLiteral ? 2 : 0) | (f.IsPublic ? 4 : 0);
            int offset = -1;
            var owner = f.DeclaringType;
            if (!f.IsStatic && owner.IsValueType && !owner.ContainsGenericParameters)
                offset = OffsetOf(f);
            return string.Join("\u001f", new[] { f.Name, Id(owner), flags.ToString(), Id(f.FieldType), offset.ToString() });
        }

        static bool IsPublic(Type t)
        {
            if (t.IsGenericParameter || t.HasElementType)
                return false;
            return t.IsNested ? t.IsNestedPublic && IsPublic(t.DeclaringType) : t.IsPublic;
        }

        /// <summary>Rust's TypeKind, as an index.</summary>
        static int Kind(Type t)
        {
            if (t.IsByRef)
                t = t.GetElementType();
            if (t == typeof(void)) return 0;
            if (t == typeof(bool)) return 1;
            if (t == typeof(char)) return 2;
            if (t == typeof(sbyte)) return 3;
            if (t == typeof(byte)) return 4;
            if (t == typeof(short)) return 5;
            if (t == typeof(ushort)) return 6;
            if (t == typeof(int)) return 7;
            if (t == typeof(uint)) return 8;
            if (t == typeof(long)) return 9;
            if (t == typeof(ulong)) return 10;
            if (t == typeof(float)) return 11;
            if (t == typeof(double)) return 12;
            if (t == typeof(IntPtr)) return 13;
            if (t == typeof(UIntPtr)) return 14;
            if (t == typeof(string)) return 15;
            if (t.IsGenericParameter) return 20;
            if (t.IsEnum) return 16;
            if (t.IsPointer) return 19;
            if (t.IsValueType) return 17;
            return 18;
        }

        static string Id(object o)
        {
            return o == null ? "0" : ((long)Bridge.Intern(o)).ToString();
        }

        static string List(object[] items)
        {
            var ids = new string[items.Length];
            for (int i = 0; i < items.Length; i++)
                ids[i] = Id(items[i]);
            return string.Join("\u001f", ids);
        }

        /// <summary>The type's name as cilbind spells it (the same as Mono's type names and the
        /// generator's): <c>Namespace.Outer.Inner</c> without arity suffixes,
        /// <c>System.Collections.Generic.List&lt;System.Int32&gt;</c>, <c>T</c>,
        /// <c>System.Int32[]</c>, <c>System.Int32[,]</c>, <c>System.Int32&amp;</c>,
        /// <c>System.Byte*</c>.</summary>
        internal static string CilName(Type t)
        {
            if (t.IsByRef)
                return CilName(t.GetElementType()) + "&";
            if (t.IsPointer)
                return CilName(t.GetElementType()) + "*";
            if (t.IsArray)
            {
                var e = t.GetElementType();
                return CilName(e) + (t == e.MakeArrayType() ? "[]" : "[" + new string(',', t.GetArrayRank() - 1) + "]");
            }
            if (t.IsGenericParameter)
                return t.Name;
            var chain = new List<Type>();
            for (var c = t; c != null; c = c.IsNested ? c.DeclaringType : null)
                chain.Insert(0, c);
            var text = new StringBuilder();
            if (!string.IsNullOrEmpty(chain[0].Namespace))
                text.Append(chain[0].Namespace).Append('.');
            for (int i = 0; i < chain.Count; i++)
            {
                if (i > 0)
                    text.Append('.');
                var n = chain[i].Name;
                int tick = n.IndexOf('`');
                text.Append(tick < 0 ? n : n.Substring(0, tick));
            }
            if (t.IsGenericType)
            {
                var args = t.GetGenericArguments();
                text.Append('<');
                for (int i = 0; i < args.Length; i++)
                {
                    if (i > 0)
                        text.Append(',');
                    text.Append(CilName(args[i]));
                }
                text.Append('>');
            }
            return text.ToString();
        }

        static readonly Dictionary<Type, int> sizes = new Dictionary<Type, int>();

        /// <summary>Forgets the sizes of the unit's types (each key would keep the unit alive).</summary>
        internal static void ReleaseUnit()
        {
            lock (sizes)
                Unit.Forget(sizes);
        }

        /// <summary>The value's size as the runtime lays it out (IL <c>sizeof</c>, not
        /// Marshal.SizeOf, which is the marshalled size).</summary>
        internal static int SizeOf(Type t)
        {
            lock (sizes)
            {
                int size;
                if (sizes.TryGetValue(t, out size))
                    return size;
                var dm = new DynamicMethod("SizeOf", typeof(int), Type.EmptyTypes, typeof(Metadata).Module, true);
                var il = dm.GetILGenerator();
                il.Emit(OpCodes.Sizeof, t);
                il.Emit(OpCodes.Ret);
                size = (int)dm.Invoke(null, null);
                sizes.Add(t, size);
                return size;
            }
        }

        /// <summary>Lays a byte before a <typeparamref name="T"/>: the value's offset is its
        /// alignment, when the runtime keeps the declared order (it does for structs without
        /// references).</summary>
        public struct AlignProbe<T>
        {
            public byte Before;
            public T Value;
        }

        /// <summary>The value's alignment: measured with <see cref="AlignProbe{T}"/>, else (a
        /// struct the runtime reordered) the largest of its fields' (at most 8).</summary>
        static int AlignOf(Type t)
        {
            try
            {
                int measured = OffsetOf(typeof(AlignProbe<>).MakeGenericType(t).GetField("Value"));
                if (measured > 0)
                    return measured;
            }
            catch (ArgumentException)
            {
                // A by-ref-like struct (a span) cannot be a type argument...
            }
            catch (TypeLoadException)
            {
                // ...which CoreCLR reports when the probe's instantiation is first used.
            }
            return FieldAlign(t);
        }

        static int FieldAlign(Type t)
        {
            if (t.IsPrimitive || t.IsPointer)
                return Math.Min(SizeOf(t), 8);
            if (t.IsEnum)
                return FieldAlign(Enum.GetUnderlyingType(t));
            int align = 1;
            foreach (var f in t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic))
            {
                var ft = f.FieldType;
                int a = ft.IsValueType ? FieldAlign(ft) : IntPtr.Size;
                if (a > align)
                    align = a;
            }
            return Math.Min(align, 8);
        }

        /// <summary>The field's offset in its (value type) owner, read off the runtime's layout:
        /// the distance from a local's address to the field's.</summary>
        static int OffsetOf(FieldInfo f)
        {
            var owner = f.DeclaringType;
            var dm = new DynamicMethod("OffsetOf", typeof(int), Type.EmptyTypes, typeof(Metadata).Module, true);
            var il = dm.GetILGenerator();
            var local = il.DeclareLocal(owner);
            il.Emit(OpCodes.Ldloca, local);
            il.Emit(OpCodes.Ldflda, f);
            il.Emit(OpCodes.Ldloca, local);
            il.Emit(OpCodes.Sub);
            il.Emit(OpCodes.Conv_I4);
            il.Emit(OpCodes.Ret);
            return (int)dm.Invoke(null, null);
        }
    }
}
