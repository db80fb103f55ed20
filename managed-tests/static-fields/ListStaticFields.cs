// Lists the public static fields (constants aside: they are no fields at run time) of the
// public non-generic types of an assembly, by reflection (a generic definition has statics
// per closed type, which tests/statics.rs reads per closed class):
// `mono ListStaticFields.exe ASSEMBLY [NAMESPACE]` prints `type<TAB>field` lines (types by
// metadata name, nested ones `Outer+Inner` as reflection spells them), sorted.
// managed-tests/build.rs runs it to choose which types to bind and which getters the
// generated test over every static field (tests/static_fields.rs) calls.
using System;
using System.Collections.Generic;
using System.Reflection;

static class ListStaticFields
{
    static int Main(string[] args)
    {
        if (args.Length < 1 || args.Length > 2)
        {
            Console.Error.WriteLine("usage: ListStaticFields.exe ASSEMBLY [NAMESPACE]");
            return 2;
        }
        Assembly asm = Assembly.LoadFrom(args[0]);
        string ns = args.Length > 1 ? args[1] : null;
        var lines = new List<string>();
        foreach (Type t in asm.GetExportedTypes())
        {
            if ((ns != null && t.Namespace != ns) || t.ContainsGenericParameters)
                continue;
            foreach (FieldInfo f in t.GetFields(BindingFlags.Public | BindingFlags.Static | BindingFlags.DeclaredOnly))
            {
                if (!f.IsLiteral)
                    lines.Add(t.FullName + "\t" + f.Name);
            }
        }
        lines.Sort(StringComparer.Ordinal);
        foreach (string line in lines)
            Console.WriteLine(line);
        return 0;
    }
}
