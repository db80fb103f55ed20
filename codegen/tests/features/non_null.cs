// C# 8 nullable annotations (`read/nullability.rs`): a result annotated "not null" (byte 1,
// `string`) is the value itself; "may be null" (2, `string?`), "oblivious" (0) and results
// without annotations (every mcs build) stay `Option`. mcs knows no nullable types, so the
// attributes are declared and applied here by hand, as a C# 8 compiler embeds them in the
// assemblies it writes: `[Nullable]` on a return value or property, `[NullableContext]` on a
// method, type or enclosing type as the default for those without one.
namespace System.Runtime.CompilerServices
{
    [System.AttributeUsage(System.AttributeTargets.All, AllowMultiple = false, Inherited = false)]
    internal sealed class NullableAttribute : System.Attribute
    {
        public readonly byte[] NullableFlags;
        public NullableAttribute(byte flag) { NullableFlags = new byte[] { flag }; }
        public NullableAttribute(byte[] flags) { NullableFlags = flags; }
    }
    [System.AttributeUsage(System.AttributeTargets.All, AllowMultiple = false, Inherited = false)]
    internal sealed class NullableContextAttribute : System.Attribute
    {
        public readonly byte Flag;
        public NullableContextAttribute(byte flag) { Flag = flag; }
    }
}

namespace Features.NonNull
{
    using System.Runtime.CompilerServices;

    [NullableContext(1)]
    public class Annotated
    {
        // `string`, `Annotated`, `int[]`, `string[]` by the type's context: the values.
        public string Name() { return "n"; }
        public Annotated Self() { return this; }
        public int[] Numbers() { return new int[] { 1 }; }
        public string[] Words() { return new string[] { "w" }; }
        // `string?`: an `Option`.
        [return: Nullable(2)]
        public string MaybeName() { return null; }
        // `string?[]`: the array itself is never null (its first byte), its items may be.
        [return: Nullable(new byte[] { 1, 2 })]
        public string[] SomeWords() { return new string[] { null }; }
        // A method's own context wins over its type's.
        [NullableContext(2)]
        public string Loose() { return null; }
        // A property's `[Nullable]` describes its getter.
        public string Title { get { return "t"; } }
        [Nullable(2)]
        public string Subtitle { get { return null; } }
        // `T` means "as the type argument is": it may be `string?`, so it stays as it was.
        public T Echo<T>(T value) { return value; }
        // Annotated never-null, returns null anyway: `Error::NullReference`, never a panic.
        public string Broken() { return null; }
        // `ToString()` annotated non-null: `Display` works with the value as well.
        public override string ToString() { return "annotated"; }
    }

    public class Outer
    {
        // The context of an enclosing type applies to nested types.
        [NullableContext(1)]
        public class Inner
        {
            public string Name() { return "inner"; }
        }
    }

    // No annotations at all: every reference result is an `Option`, as before.
    public class Plain
    {
        public string Name() { return "plain"; }
        public Plain Self() { return this; }
    }
}
