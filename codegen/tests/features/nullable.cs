// Nullable<T> (`T?`) of a primitive, enum, [Flags] enum or full struct: parameters and returns
// are `Option<T>` (`bool?` is `Option<bool>`), crossing the raw path as null or a box of `T`
// (`::cilbind::Nullable`); `ref`/`out` are `&mut Option<T>` (`T` as stored) by pointer through
// a trampoline; fields are `Option<T>` getters and setters. Still skipped (reason `nullable`):
// Nullable of a managed struct, arrays of Nullable.
namespace Features.Nullable
{
    public enum Color { Red, Green }
    [System.Flags] public enum Bits : byte { A = 1, B = 2 }
    public struct Pt { public float X, Y; }
    public struct Named { public string Name; }

    public class Values
    {
        public static int? Twice(int? x) { return x * 2; }
        public static bool? Not(bool? b) { return !b; }
        public static char? First(string s) { return null; }
        public static Color? Next(Color? c, Bits? b) { return c; }
        public static Pt? Offset(Pt p, Pt? by) { return by; }
        public double? Scale { get; set; }
        public static Named? Wrap(Named? n) { return n; }
        public static int?[] Many() { return null; }
        public static void Bump(ref int? x, out long? y) { y = null; }
        public int? Field;
    }
}
