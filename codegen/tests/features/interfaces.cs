// Interfaces: methods go to an extension trait over `Is<I>`; classes implementing them
// convert to them (`From`, `Is`); parameters of interface type take `&dyn Is<I>`.
namespace Features.Interfaces
{
    public interface IShape { double Area(); string Name { get; } }
    public class Square : IShape
    {
        public double Side;
        public double Area() { return Side * Side; }
        public string Name { get { return "square"; } }
        public static double Total(IShape a, IShape b) { return a.Area() + b.Area(); }
    }
}
