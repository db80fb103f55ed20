// Natives: the C# `extern` methods of an assembly that Rust implements, listed for the Rust
// side, and the binding of `[DllImport("__Internal")]` ones on CoreCLR.
//
// A `[DllImport("__Internal")]` native names a symbol of the process. Rust builds, per assembly,
// a small shared library in memory whose dynamic symbols are the addresses of its thunks, and
// hands its handle here: CoreCLR's per-assembly DllImport resolver (`NativeLibrary`, .NET Core
// 3.0+, reached by reflection since the helper is built against Mono's profile) answers
// "__Internal" with it, and the runtime finds each entry point in it as in any library.
using System;
using System.Collections.Generic;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Text;

namespace Cilbind
{
    public static class Natives
    {
        const BindingFlags All = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static |
            BindingFlags.Instance | BindingFlags.DeclaredOnly;

        /// <summary>
        /// The natives of the assembly of <paramref name="anyType"/>, in metadata order of their
        /// types and methods: one record per method, separated by U+001E, each with its kind
        /// (<c>I</c> for an InternalCall, <c>P</c> for a <c>[DllImport("__Internal")]</c>), its
        /// internal-call name (<c>Ns.Outer/Inner::Method(int,string&amp;)</c>, as Mono spells it),
        /// and for <c>P</c> its entry point, separated by U+001F.
        /// </summary>
        public static string List(Type anyType)
        {
            Type[] types;
            try
            {
                types = anyType.Assembly.GetTypes();
            }
            catch (ReflectionTypeLoadException e)
            {
                types = e.Types;
            }
            var records = new List<string>();
            var sorted = new List<Type>();
            foreach (var t in types)
                if (t != null)
                    sorted.Add(t);
            sorted.Sort((a, b) => a.MetadataToken.CompareTo(b.MetadataToken));
            foreach (var t in sorted)
            {
                var methods = new List<MethodBase>(t.GetMethods(All));
                methods.AddRange(t.GetConstructors(All));
                methods.Sort((a, b) => a.MetadataToken.CompareTo(b.MetadataToken));
                foreach (var m in methods)
                {
                    if ((m.GetMethodImplementationFlags() & MethodImplAttributes.InternalCall) != 0)
                    {
                        records.Add("I\u001f" + Name(m) + "\u001f");
                        continue;
                    }
                    if ((m.Attributes & MethodAttributes.PinvokeImpl) == 0)
                        continue;
                    var import = (DllImportAttribute)Attribute.GetCustomAttribute(m, typeof(DllImportAttribute), false);
                    if (import == null || import.Value != "__Internal")
                        continue;
                    records.Add("P\u001f" + Name(m) + "\u001f" + (import.EntryPoint ?? m.Name));
                }
            }
            return string.Join("\u001e", records);
        }

        /// <summary>The internal-call name of <paramref name="m"/>.</summary>
        static string Name(MethodBase m)
        {
            var ps = m.GetParameters();
            var names = new string[ps.Length];
            for (int i = 0; i < ps.Length; i++)
                names[i] = Desc(ps[i].ParameterType);
            return TypeName(m.DeclaringType) + "::" + m.Name + "(" + string.Join(",", names) + ")";
        }

        /// <summary>The parameter list of <paramref name="m"/> as Mono's
        /// <c>mono_signature_get_desc</c> prints it (<c>int,string</c>).</summary>
        internal static string ParameterDesc(MethodBase m)
        {
            var ps = m.GetParameters();
            var names = new string[ps.Length];
            for (int i = 0; i < ps.Length; i++)
                names[i] = Desc(ps[i].ParameterType);
            return string.Join(",", names);
        }

        static string TypeName(Type t)
        {
            if (t.IsNested)
                return TypeName(t.DeclaringType) + "/" + t.Name;
            return string.IsNullOrEmpty(t.Namespace) ? t.Name : t.Namespace + "." + t.Name;
        }

        /// <summary>A parameter type as Mono's <c>mono_signature_get_desc</c> spells it.</summary>
        static string Desc(Type t)
        {
            if (t.IsByRef)
                return Desc(t.GetElementType()) + "&";
            if (t.IsPointer)
                return Desc(t.GetElementType()) + "*";
            if (t.IsArray)
                return Desc(t.GetElementType()) + (t.GetArrayRank() == 1 && t == t.GetElementType().MakeArrayType() ? "[]" : "[" + new string(',', t.GetArrayRank() - 1) + "]");
            if (t == typeof(bool)) return "bool";
            if (t == typeof(char)) return "char";
            if (t == typeof(sbyte)) return "sbyte";
            if (t == typeof(byte)) return "byte";
            if (t == typeof(short)) return "int16";
            if (t == typeof(ushort)) return "uint16";
            if (t == typeof(int)) return "int";
            if (t == typeof(uint)) return "uint";
            if (t == typeof(long)) return "long";
            if (t == typeof(ulong)) return "ulong";
            if (t == typeof(float)) return "single";
            if (t == typeof(double)) return "double";
            if (t == typeof(IntPtr)) return "intptr";
            if (t == typeof(UIntPtr)) return "uintptr";
            if (t == typeof(string)) return "string";
            if (t == typeof(object)) return "object";
            return TypeName(t);
        }

        static readonly Dictionary<Assembly, IntPtr> bound = new Dictionary<Assembly, IntPtr>();

        /// <summary>Forgets the unit's assemblies whose natives were bound (each key would keep
        /// the unit alive; its resolver goes with it).</summary>
        internal static void ReleaseUnit()
        {
            lock (bound)
            {
                var gone = new List<Assembly>();
                foreach (var a in bound.Keys)
                    if (Unit.IsOfUnit(a))
                        gone.Add(a);
                foreach (var a in gone)
                    bound.Remove(a);
            }
        }

        /// <summary>
        /// Makes the <c>[DllImport("__Internal")]</c> methods of the assembly of
        /// <paramref name="anyType"/> bind to the library whose handle (a <c>dlopen</c> handle) is
        /// <paramref name="library"/>, through the assembly's DllImport resolver; "" when done,
        /// else why not. CoreCLR only (Mono has no <c>NativeLibrary</c>).
        /// </summary>
        public static string Bind(Type anyType, long library)
        {
            try
            {
                var assembly = anyType.Assembly;
                lock (bound)
                {
                    IntPtr known;
                    if (bound.TryGetValue(assembly, out known))
                        return known == (IntPtr)library ? "" : "the natives of " + assembly.GetName().Name + " are bound already";
                    var nativeLibrary = Type.GetType("System.Runtime.InteropServices.NativeLibrary, System.Runtime.InteropServices", false)
                        ?? Type.GetType("System.Runtime.InteropServices.NativeLibrary", false);
                    var resolverType = Type.GetType("System.Runtime.InteropServices.DllImportResolver, System.Runtime.InteropServices", false)
                        ?? Type.GetType("System.Runtime.InteropServices.DllImportResolver", false);
                    if (nativeLibrary == null || resolverType == null)
                        return "this runtime has no NativeLibrary.SetDllImportResolver (.NET Core 3.0 or later has)";
                    var resolver = Delegate.CreateDelegate(resolverType, new Resolver((IntPtr)library),
                        typeof(Resolver).GetMethod("Resolve"));
                    var set = nativeLibrary.GetMethod("SetDllImportResolver", new[] { typeof(Assembly), resolverType });
                    try
                    {
                        set.Invoke(null, new object[] { assembly, resolver });
                    }
                    catch (TargetInvocationException e)
                    {
                        return "cannot set the DllImport resolver of " + assembly.GetName().Name + ": " + (e.InnerException ?? e).Message;
                    }
                    bound[assembly] = (IntPtr)library;
                    return "";
                }
            }
            catch (Exception e)
            {
                return e.GetType().FullName + ": " + e.Message;
            }
        }

        /// <summary>Answers "__Internal" with the natives' library; any other name is left to the
        /// runtime's own search (<c>IntPtr.Zero</c>).</summary>
        sealed class Resolver
        {
            readonly IntPtr library;

            public Resolver(IntPtr library)
            {
                this.library = library;
            }

            public IntPtr Resolve(string name, Assembly assembly, DllImportSearchPath? path)
            {
                return name == "__Internal" ? library : IntPtr.Zero;
            }
        }
    }
}
