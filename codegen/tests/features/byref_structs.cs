// `ref`/`out` of primitives, full structs (by pointer, through a trampoline) and managed
// structs (the callee writes into the box); `out` values are appended to the result.
namespace Features.ByRef
{
    public struct Vec2 { public float X, Y; }
    public struct Named { public string Name; public int Id; }
    public static class Ops
    {
        public static void Swap(ref int a, ref int b) { int t = a; a = b; b = t; }
        public static bool TryParse(string s, out int value) { return int.TryParse(s, out value); }
        public static void Scale(ref Vec2 v, float k) { v.X *= k; v.Y *= k; }
        public static float Dot(Vec2 a, Vec2 b) { return a.X * b.X + a.Y * b.Y; }
        public static void Make(out Vec2 v) { v = new Vec2(); }
        public static void Rename(ref Named n, string name) { n.Name = name; }
        public static void Fresh(out Named n) { n = new Named(); }
        public static void Label(ref string s, out object o) { s = s + "!"; o = null; }
    }
}
