// Constructor rules: a class constructor returns the checked handle; an abstract class's
// constructor, an interface and a delegate's constructor are skipped with why.
namespace Features.Constructors
{
    public abstract class Base { protected Base() { } public Base(int x) { } public abstract int Get(); }
    public sealed class Leaf : Base { public Leaf() : base(1) { } public override int Get() { return 1; } }
    public delegate int Compute(int x);
    public interface IThing { int Size { get; } }
}
