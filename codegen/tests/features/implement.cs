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

    public abstract class Shape
    {
        protected int sides;
        protected Shape() { }
        protected Shape(int sides) { this.sides = sides; }
        public abstract double Area();
        public virtual string Describe() { return "shape"; }
        public virtual void Resize(ref int size) { }
        protected int Twice(int x) { return 2 * x; }
        public int Sides() { return sides; }
    }

    public sealed class Closed { public override string ToString() { return "closed"; } }
}
