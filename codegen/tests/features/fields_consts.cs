// Fields get a getter and (unless readonly) a setter; `const` fields become associated
// constants (strings, floats with their special values, chars, enums).
namespace Features.Fields
{
    public enum Mode { Off, On }
    public class Settings
    {
        public int Volume;
        public readonly string Name = "x";
        public static float Gain;
        public int[] Levels;
        public Settings Next;
        public const string Title = "Settings";
        public const double Inf = double.PositiveInfinity;
        public const float Half = 0.5f;
        public const char Sep = ',';
        public const long Big = -9000000000;
        public const Mode Start = Mode.On;
    }
}
