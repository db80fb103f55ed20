// Overloads are named from their signatures (`plan::overloads`): the one with the fewest
// parameters keeps the name (`Area(int side)` is `area`), the others add the names of the
// parameters they do not share with it (`area_with_w_h`); a tie for fewest leaves none bare
// (`Scale`); same parameter names with other types use type words (`abs_f64`, `abs_i32`);
// a method named like a property's getter adds its return type (the property `Count` is
// `count`, the method `count()` `count_to_i32`): no name is numbered.
// Keywords are escaped (`r#type`, parameter `r#in`); `self` can't be raw and becomes `self_`.
namespace Features.Overloads
{
    public class Shapes
    {
        public int Area(int side) { return side * side; }
        public int Area(int w, int h) { return w * h; }
        public double Area(double r, bool round) { return 3.14 * r * r; }
        // Shares its leading parameter `side` with `Area(int side)`: `area_with_scale`.
        public int Area(int side, float scale) { return side; }
        public static double Abs(double value) { return value; }
        public static int Abs(int value) { return value; }
        public static float Scale(float factor) { return factor; }
        public static float Scale(int percent) { return percent; }
        public static string type(string @in) { return @in; }
        public void Self() { }
        public int Count { get { return 0; } }
        public int count() { return 1; }
    }
}
