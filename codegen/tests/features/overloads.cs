// Overloads and name clashes: later ones (metadata order) get `_2`, `_3`; keywords are
// escaped (`r#type`), `self` can't be raw and becomes `self_`; parameters named like
// keywords become `argN`.
namespace Features.Overloads
{
    public class Shapes
    {
        public int Area(int side) { return side * side; }
        public int Area(int w, int h) { return w * h; }
        public double Area(double r) { return 3.14 * r * r; }
        public static string type(string @in) { return @in; }
        public void Self() { }
        public int Count { get { return 0; } }
        public int count() { return 1; }
    }
}
