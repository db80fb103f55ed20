// Methods of full structs whose IL only computes on numbers and structs are translated into
// Rust (read/pure_body.rs lists the IL accepted): calls are inlined, constructors build the
// struct, integer arithmetic wraps, a `&mut self` method writes `*self` back. The others keep
// their managed call, each refusal with its reason (`--explain`, Summary): a call of a class's
// instance method, a reference field, a loop the constants do not bound, an opcode outside the subset (a static field, integer
// division by a variable, checked arithmetic), a method of a struct with a static constructor
// (C# runs it before the struct's methods; translated code would skip it), or a call into one.
// Branches run both ways and meet in selects.
namespace Features.Translated
{
    public struct Vec2
    {
        public float X, Y;
        public Vec2(float x, float y) { X = x; Y = y; }
        public static Vec2 Add(Vec2 a, Vec2 b) { return new Vec2(a.X + b.X, a.Y + b.Y); }
        public float Dot(Vec2 o) { return X * o.X + Y * o.Y; }
        public float Length { get { return (float)System.Math.Sqrt(Dot(this)); } }
        public void Scale(float k) { X *= k; Y *= k; }
        public static Vec2 operator -(Vec2 v) { return new Vec2(-v.X, -v.Y); }
        // Refused: Mono's JIT computes `Math.Sin` with x87 instructions, which Rust does not.
        public float Sine() { return (float)System.Math.Sin(X); }
        // Refused: calls an instance method of a class.
        public int Named() { return new System.Random(7).Next(); }
        // Refused: reads a reference field (of a managed struct).
        public static int TagLength(Tagged t) { return t.Tag.Length; }
        // Branches run both ways and meet in a select.
        public static Vec2 Max(Vec2 a, Vec2 b) { return new Vec2(a.X > b.X ? a.X : b.X, a.Y > b.Y ? a.Y : b.Y); }
        public bool Equals(Vec2 o) { return X == o.X && Y == o.Y; }
        // Refused: a loop whose count the constants do not bound.
        public static float SumTo(int n) { float s = 0; for (int i = 0; i < n; i++) s += i; return s; }
        // A loop the constants bound is unrolled; a class's static helper is inlined.
        public float Powers() { float s = 0, p = 1; for (int i = 0; i < 4; i++) { p = Helper.Twice(p) * X; s += p; } return s; }
        // Refused: a static field.
        public static readonly Vec2 Zero = new Vec2(0, 0);
        public static Vec2 GetZero() { return Zero; }
    }
    static class Helper
    {
        public static float Twice(float x) { return x + x; }
    }
    public struct Cell
    {
        public int Row;
        public byte Column;
        public long Key() { return ((long)Row << 8) | Column; }
        public Cell Next() { Cell c = this; c.Column = (byte)(c.Column + 1); c.Row = c.Row * 31 + 7; return c; }
        public int Half() { return Row / 2; }
        // Refused: integer division by a value that may be 0.
        public int Per(int n) { return Row / n; }
        // Refused: checked arithmetic.
        public int Checked(int n) { return checked(Row + n); }
        // Refused: calls a method of a struct with a static constructor.
        public int Scaled() { return Counted.Times(Row); }
    }
    public struct Counted
    {
        public int N;
        public static int Factor;
        // A precise type initializer: no beforefieldinit.
        static Counted() { Factor = 3; }
        // Refused, though pure: C# runs the static constructor before it.
        public static int Times(int n) { return n * 2; }
        public int Doubled() { return N * 2; }
    }
    // System.Data's `SqlByte`: constructors write a `bool` field, which Rust declares `u8`
    // (.NET stores a bool's byte as it is).
    public struct Flagged
    {
        private bool notNull;
        private byte value;
        public Flagged(byte value) { this.value = value; notNull = true; }
        public bool IsNull { get { return !notNull; } }
        public Flagged With(bool on) { Flagged f = this; f.notNull = on; return f; }
    }
    public struct Tagged
    {
        // Not a full struct (a reference field): not a candidate.
        public string Tag;
        public int Twice(int n) { return n * 2; }
    }
    // `out` parameters are returned after the result; a `ref` full struct the body stores
    // into is written back through its `&mut`, one it only reads is lent `&`; native integers
    // compute as 64-bit integers, `IntPtr ==` as a compare.
    public struct Range2
    {
        public float Min, Max;
        public System.IntPtr Handle;
        public static bool TryMake(float a, float b, out Range2 r) { r = new Range2(); r.Min = a < b ? a : b; r.Max = a < b ? b : a; return a != b; }
        public static void Widen(ref Range2 r, float by) { r.Min -= by; r.Max += by; }
        public static float Width(ref Range2 r) { return r.Max - r.Min; }
        public bool SameHandle(Range2 o) { return Handle == o.Handle; }
        public System.IntPtr Raw() { return Handle; }
    }
}
