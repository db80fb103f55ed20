// Lists the public surface of an assembly by reflection, independently of the generator:
// one line per public member of each public type (GetExportedTypes, plus the types a facade
// forwards), `type<TAB>kind<TAB>key`. Kinds: ctor, method, property, event, field, and
// enum-value (an enum's named constants, counted apart). Compiler-generated types are left
// out. Property and event accessors are part of their property or event, never methods of
// their own; `value__` (an enum's runtime-special instance field) is not a member. Keys are spelled exactly as
// `cilbind generate --coverage` spells them (codegen/src/coverage.rs).
//
// Usage: mono PublicSurface.exe ASSEMBLY.dll   (mscorlib.dll: the running one is read)
using System;
using System.Collections.Generic;
using System.Linq;
using System.Reflection;
using System.Text;

static class PublicSurface
{
    const BindingFlags Declared =
        BindingFlags.Public | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly;

    static int Main(string[] args)
    {
        if (args.Length != 1)
        {
            Console.Error.WriteLine("usage: PublicSurface.exe ASSEMBLY.dll");
            return 2;
        }
        // Mono cannot load a second mscorlib: the one it runs on is read instead.
        Assembly asm = System.IO.Path.GetFileName(args[0]) == "mscorlib.dll"
            ? typeof(object).Assembly
            : Assembly.LoadFrom(args[0]);
        if (asm == typeof(object).Assembly
            && System.IO.Path.GetFullPath(args[0]) != System.IO.Path.GetFullPath(asm.Location))
            Console.Error.WriteLine("warning: reading the running mscorlib, " + asm.Location + ", not " + args[0]);
        var types = new List<Type>(asm.GetExportedTypes());
        // A facade's public types are the ones it forwards (and their nested public types).
        foreach (Type t in Forwarded(asm))
            AddWithNested(t, types);
        var lines = new SortedSet<string>(StringComparer.Ordinal);
        foreach (Type t in types.Distinct())
        {
            if (IsCompilerGenerated(t))
                continue;
            foreach (string line in Members(t))
                lines.Add(TypeName(t) + "\t" + line);
        }
        var stdout = new System.IO.StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false));
        stdout.NewLine = "\n";
        foreach (string l in lines)
            stdout.WriteLine(l);
        stdout.Flush();
        return 0;
    }

    /// The types `asm` forwards: Mono's reflection has no list of them (`GetExportedTypes` is
    /// empty for a facade, `GetForwardedTypes` is not supported), so every public type of every
    /// assembly it references is looked up by name through `asm`, which follows forwarders.
    static IEnumerable<Type> Forwarded(Assembly asm)
    {
        foreach (AssemblyName r in asm.GetReferencedAssemblies())
        {
            Assembly referenced;
            try { referenced = Assembly.Load(r); }
            catch (Exception) { continue; }
            foreach (Type t in referenced.GetExportedTypes())
                if (!t.IsNested && asm.GetType(t.FullName) == t)
                    yield return t;
        }
    }

    static void AddWithNested(Type t, List<Type> into)
    {
        if (!(t.IsPublic || t.IsNestedPublic))
            return;
        into.Add(t);
        foreach (Type n in t.GetNestedTypes(BindingFlags.Public))
            AddWithNested(n, into);
    }

    /// Types the compiler made (a `fixed` buffer's struct, closures): not part of the API the
    /// source declares, even when public.
    static bool IsCompilerGenerated(Type t)
    {
        for (; t != null; t = t.DeclaringType)
            if (t.IsDefined(typeof(System.Runtime.CompilerServices.CompilerGeneratedAttribute), false))
                return true;
        return false;
    }

    static IEnumerable<string> Members(Type t)
    {
        var accessors = new HashSet<MethodInfo>();
        foreach (PropertyInfo p in t.GetProperties(Declared | BindingFlags.NonPublic))
            foreach (MethodInfo a in p.GetAccessors(true))
                accessors.Add(a);
        foreach (EventInfo e in t.GetEvents(Declared | BindingFlags.NonPublic))
        {
            foreach (MethodInfo a in new[] { e.GetAddMethod(true), e.GetRemoveMethod(true), e.GetRaiseMethod(true) })
                if (a != null)
                    accessors.Add(a);
        }
        foreach (ConstructorInfo c in t.GetConstructors(Declared))
            yield return "ctor\t.ctor(" + Params(c.GetParameters()) + ")";
        foreach (MethodInfo m in t.GetMethods(Declared))
        {
            if (accessors.Contains(m))
                continue;
            string arity = m.IsGenericMethodDefinition ? "``" + m.GetGenericArguments().Length : "";
            yield return "method\t" + m.Name + arity + "(" + Params(m.GetParameters()) + ")->" + Name(m.ReturnType);
        }
        foreach (PropertyInfo p in t.GetProperties(Declared))
            yield return "property\t" + p.Name + "[" + Params(p.GetIndexParameters()) + "]->" + Name(p.PropertyType);
        foreach (EventInfo e in t.GetEvents(Declared))
            yield return "event\t" + e.Name;
        foreach (FieldInfo f in t.GetFields(Declared))
        {
            if (f.IsSpecialName)
                continue; // an enum's `value__`
            yield return (t.IsEnum && f.IsLiteral ? "enum-value\t" : "field\t") + f.Name;
        }
    }

    static string Params(ParameterInfo[] ps)
    {
        return string.Join(",", ps.Select(p => Name(p.ParameterType)).ToArray());
    }

    /// A type as it appears in a signature: `Ns.Outer/Inner`, `!0` and `!!0` for type and
    /// method generic parameters, `Def<args>` for generic types, `[]`, `[,]`, `*`, `&`.
    static string Name(Type t)
    {
        if (t.IsByRef)
            return Name(t.GetElementType()) + "&";
        if (t.IsPointer)
            return Name(t.GetElementType()) + "*";
        if (t.IsArray)
        {
            Type e = t.GetElementType();
            if (t == e.MakeArrayType())
                return Name(e) + "[]";
            int rank = t.GetArrayRank();
            return Name(e) + (rank == 1 ? "[*]" : "[" + new string(',', rank - 1) + "]");
        }
        if (t.IsGenericParameter)
            return (t.DeclaringMethod != null ? "!!" : "!") + t.GenericParameterPosition;
        if (t.IsGenericType)
        {
            Type def = t.IsGenericTypeDefinition ? t : t.GetGenericTypeDefinition();
            return TypeName(def) + "<" + string.Join(",", t.GetGenericArguments().Select(Name).ToArray()) + ">";
        }
        return TypeName(t);
    }

    /// A type definition's metadata name: `Ns.Outer`1/Inner`.
    static string TypeName(Type t)
    {
        if (t.IsNested)
            return TypeName(t.DeclaringType) + "/" + t.Name;
        return string.IsNullOrEmpty(t.Namespace) ? t.Name : t.Namespace + "." + t.Name;
    }
}
