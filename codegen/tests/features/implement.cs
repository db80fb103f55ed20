// Rust implementations: an interface becomes a `…Impl` trait and `implement`; a class with
// virtual, abstract and protected members an `…Overrides` trait, a `…Base` handle and
// `extend…` constructors. Unsupported members are reported, never left out silently.
namespace Features.Implement
{
    public struct Point { public int X; public int Y; }

    public interface IScorer
    {
        int Score(Point p, ref int bonus, out string note);
        string Name { get; set; }
    }

    public interface IGenericOnly { void Take<T>(T value); }

    public interface INotifier { event System.EventHandler Changed; }

    public interface IRanked : IScorer { int Rank(); }

    public abstract class Holder<T> { public abstract T Get(); }

    public class Hidden { internal Hidden() { } public virtual int Level() { return 1; } }

    // Shape's base: its protected members are reached from Shape's base handle too. `Lift` and
    // `Twice` are overload groups with Shape's (`lift`, `lift_with_by`; `twice_with_x`,
    // `twice_with_s`); `Sides(int)` adds its parameter (`sides_with_extra`): the getter of
    // Shape's field `sides` keeps `sides`, and Shape's public `Sides()` (`sides_to_i32`, named
    // beside that field, reached through the base handle's Deref) is not hidden.
    public abstract class Figure
    {
        protected int layer;
        protected int Twice(string s) { return 2 * s.Length; }
        protected void Lift() { layer++; }
        protected int Sides(int extra) { return layer + extra; }
        // A protected static of an ancestor, as in OpenTK's `BindingsBase`: reached through
        // the base handle (`this.marshal_string_to_ptr(s)`), like a protected instance method.
        protected static System.IntPtr MarshalStringToPtr(string str) { return System.IntPtr.Zero; }
    }

    public abstract class Shape : Figure
    {
        protected int sides;
        protected Shape() { }
        protected Shape(int sides) { this.sides = sides; }
        public abstract double Area();
        public virtual string Describe() { return "shape"; }
        public virtual void Resize(ref int size) { }
        public virtual void Draw(Canvas canvas) { }
        public virtual bool TryMeasure(Canvas canvas, ref int tries, out double width, out bool exact) { width = 0; exact = false; return false; }
        public virtual void Nudge(ref Point origin) { }
        public virtual int[] Corners(int[] xs, string[] labels, params Canvas[] layers) { return xs; }
        public virtual void Toggle(ref bool on) { on = !on; }
        public virtual void Limit(int? most) { }
        protected int Twice(int x) { return 2 * x; }
        protected void Lift(int by) { sides += by; }
        public int Sides() { return sides; }
        protected static void FreeStringPtr(System.IntPtr ptr) { }
    }

    public class Canvas { public int Width; }

    public sealed class Closed { public override string ToString() { return "closed"; } }
}
