// The naming rule (`plan::overloads`, `plan::names`, `plan::twins`): the constructor taking the
// public fields in order is `new`, other one-parameter constructors are `from_<type>`; an
// implicit conversion is `From`; `ref`/`out` twins of one Rust form are one function, and a
// `ref` the method only reads is `&T`; a field's setter keeps `set_rules` beside a method
// `SetRules`; properties differing only in case; std's names end in `_net`; types sharing a
// name across arities add their arity. No name is numbered.
namespace Features.Names
{
    public struct Vec3
    {
        public float X, Y, Z;
        public Vec3(float value) { X = value; Y = value; Z = value; }
        public Vec3(float x, float y, float z) { X = x; Y = y; Z = z; }
        public Vec3(Vec2 xy, float z) { X = xy.X; Y = xy.Y; Z = z; }
        public Vec3(Vec2 v) { X = v.X; Y = v.Y; Z = 0; }
        public static implicit operator Vec3(Vec2 v) { return new Vec3(v.X, v.Y, 0); }

        // Twins: the by-value one forwards to the by-reference one.
        public static Vec3 Add(Vec3 a, Vec3 b) { Vec3 r; Add(ref a, ref b, out r); return r; }
        public static void Add(ref Vec3 a, ref Vec3 b, out Vec3 result)
        {
            result = new Vec3(a.X + b.X, a.Y + b.Y, a.Z + b.Z);
        }
        // Not twins: this `ref` is written.
        public static void Normalize(ref Vec3 v) { v.X = 1; }
        public static Vec3 Normalize(Vec3 v) { return v; }
        // A `ref` only read: `&Vec3`.
        public static float Length(ref Vec3 v) { return v.X * v.X + v.Y * v.Y + v.Z * v.Z; }
        // Ties of the fewest parameters: the one taking only `Vec3`s keeps the name.
        public static Vec3 Multiply(Vec3 left, Vec3 right) { return left; }
        public static Vec3 Multiply(Vec3 left, float right) { return left; }

        public Vec2 Xy { get { return new Vec2(); } set { } }
        public Vec2 XY { get { return new Vec2(); } set { } }
        public override string ToString() { return "v"; }
        public bool Equals(Vec3 other) { return X == other.X; }
        public override int GetHashCode() { return 0; }
    }

    public struct Vec2 { public float X, Y; }

    public class Game
    {
        public int Rules;
        public void SetRules(int rules) { Rules = rules; }
        public int Count { get { return 0; } }
        public int count() { return 1; }
        public object Clone() { return this; }
        public static Game Default { get { return null; } set { } }
    }

    public delegate void Handler();
    public delegate void Handler<T>(T value);
    public delegate void Handler<T1, T2>(T1 first, T2 second);
}
