// `[Flags]` enums become bitflags types (unnamed bits survive); plain enums a newtype with
// one constant per value; both box and convert to their underlying integer.
namespace Features.Flags
{
    [System.Flags]
    public enum Access : byte { None = 0, Read = 1, Write = 2, ReadWrite = 3 }
    public enum Color : short { Red = -1, Green, Blue = 40 }
    public static class Files
    {
        public static Access Open(Access wanted, Color tag) { return wanted; }
        public const Access Default = Access.Read;
        public const Color Tag = Color.Blue;
    }
}
