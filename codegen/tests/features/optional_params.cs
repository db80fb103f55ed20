// Optional parameters: `_defaults` companions pass the metadata's defaults (every form that
// Rust can spell: bool, integers, char, floats incl. NaN, enums, flags, strings, null, a
// Nullable's value, a params array left out as empty); a default without a constant
// (decimal) ends the run. `params T[]` takes a slice.
namespace Features.OptionalParams
{
    public enum Mode : short { Off = 0, On = 3 }
    [System.Flags] public enum Bits { None = 0, A = 1, B = 2 }

    public class Calls
    {
        public static int Many(int required, bool b = true, char c = 'x', long l = -5, float f = float.NaN,
            double d = 2.5, Mode m = Mode.On, Bits bits = Bits.A | Bits.B, string s = "hi", object o = null,
            int? n = 4, params double[] rest) { return 0; }
        public static int AfterDecimal(decimal money = 1.5m, int tail = 1) { return tail; }
        public int Instance(string name, int times = 1) { return times; }
        public static string Join(params string[] parts) { return string.Join(",", parts); }
        public static int None() { return 0; }
    }
}
