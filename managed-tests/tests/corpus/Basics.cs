// Frozen copy, the input of the mutation tests: do not edit. Corpus edits are file offsets
// into its mcs build, so they stay valid only while these bytes do.
// Fixture for the runtime's integration tests: every primitive, strings, exceptions,
// virtual and interface dispatch, out/ref, full and managed structs, boxing.
using System;
using System.Threading;

namespace Fixtures
{
    public enum Team : byte { Red = 1, Blue = 2 }
    public enum Big : long { Min = long.MinValue, Max = long.MaxValue }

    public struct V3
    {
        public float X, Y, Z;
        public V3(float x, float y, float z) { X = x; Y = y; Z = z; }
        public float Length() { return (float)Math.Sqrt(X * X + Y * Y + Z * Z); }
        public void Scale(float k) { X *= k; Y *= k; Z *= k; }
        public static V3 Add(V3 a, V3 b) { return new V3(a.X + b.X, a.Y + b.Y, a.Z + b.Z); }
        public static void Normalize(ref V3 v) { float l = v.Length(); v.X /= l; v.Y /= l; v.Z /= l; }
        public static bool TryMake(float s, out V3 v) { v = new V3(s, s, s); return s >= 0; }
        public override string ToString() { return string.Format(System.Globalization.CultureInfo.InvariantCulture, "({0}, {1}, {2})", X, Y, Z); }
    }

    // A managed struct: it holds references, so it lives in a StructStore, never in native memory.
    public struct Tagged
    {
        public int Id;
        public string Name;
        public object Owner;
        public static Tagged Make(int id, string name, object owner) { Tagged t; t.Id = id; t.Name = name; t.Owner = owner; return t; }
        public string Describe() { return Id + ":" + (Name ?? "null") + ":" + (Owner == null ? "null" : Owner.ToString()); }
        public void Rename(string name) { Name = name; }
        public static string DescribeOther(Tagged t) { return t.Describe(); }
    }

    public interface INamed { string Name { get; } }

    public class Animal
    {
        public virtual string Speak() { return "..."; }
        public int Legs = 4;
        public static int Created;
        public Animal() { Created++; }
    }

    public class Dog : Animal, INamed
    {
        public override string Speak() { return "Woof"; }
        public string Name { get { return "Rex"; } }
    }

    public interface IValue { int Get(int x); }

    // Small int methods for the call benchmarks: instance, virtual and interface dispatch.
    public class Adder : IValue
    {
        public int Base = 1;
        public int AddTo(int x) { return Base + x; }
        public virtual int Virt(int x) { return x + 2; }
        public int Get(int x) { return x + 3; }
    }

    public class SubAdder : Adder
    {
        public override int Virt(int x) { return x + 20; }
    }

    public static class Calls
    {
        public static Adder NewAdder() { return new SubAdder(); }

        // Boxing measured inside C#: n boxes, each stored to a static so the JIT keeps it.
        public static object BoxSink;
        public static int BoxInts(int n)
        {
            for (int i = 0; i < n; i++) BoxSink = i;
            return n;
        }
        public static bool EchoBoolean(bool v) { return v; }
        public static char EchoChar(char v) { return v; }
        public static sbyte EchoSByte(sbyte v) { return v; }
        public static byte EchoByte(byte v) { return v; }
        public static short EchoInt16(short v) { return v; }
        public static ushort EchoUInt16(ushort v) { return v; }
        public static int EchoInt32(int v) { return v; }
        public static uint EchoUInt32(uint v) { return v; }
        public static long EchoInt64(long v) { return v; }
        public static ulong EchoUInt64(ulong v) { return v; }
        public static float EchoSingle(float v) { return v; }
        public static double EchoDouble(double v) { return v; }
        public static IntPtr EchoIntPtr(IntPtr v) { return v; }
        public static UIntPtr EchoUIntPtr(UIntPtr v) { return v; }
        // Managed-side checks, so a test sees the value arrived intact, not just echoed.
        public static string Describe(bool a, char b, sbyte c, byte d, short e, ushort f, int g, uint h, long i, ulong j, float k, double l)
        {
            return string.Format(System.Globalization.CultureInfo.InvariantCulture, "{0}|{1}|{2}|{3}|{4}|{5}|{6}|{7}|{8}|{9}|{10:R}|{11:R}",
                a, (int)b, c, d, e, f, g, h, i, j, k, l);
        }

        public static int Sum(int a, int b) { return a + b; }
        public static string Concat(string a, string b) { return a + b; }
        public static int Length(string s) { return s == null ? -1 : s.Length; }
        public static string Null() { return null; }
        public static string LoneSurrogate() { return "a\uD800b"; }
        public static object Echo(object o) { return o; }
        public static Team Next(Team t) { return t == Team.Red ? Team.Blue : Team.Red; }
        public static Big Flip(Big b) { return b == Big.Min ? Big.Max : Big.Min; }
        public static object BoxedTeam() { return Team.Blue; }
        public static object BoxedInt(int v) { return v; }

        public static int Throw(string message) { throw new InvalidOperationException(message); }

        public static bool TryParse(string s, out int value) { return int.TryParse(s, out value); }
        public static void Swap(ref int a, ref int b) { int t = a; a = b; b = t; }
        public static void Divmod(int a, int b, out int q, out int r) { q = a / b; r = a % b; }
        public static void Append(ref string s, string tail) { s = s + tail; }
        public static void Replace(ref object o) { o = "replaced"; }

        static int counter;
        public static int Increment(int by) { return Interlocked.Add(ref counter, by); }
        public static int Counter { get { return counter; } }

        public static Dog NewDog() { return new Dog(); }
        public static string SpeakOf(Animal a) { return a.Speak(); }
    }
}
