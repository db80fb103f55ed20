// Rust's standard traits from what a type defines: operators (`Add<Fixed> for Fixed`,
// `Mul<int> for Fixed`, `Mul<Fixed> for int`, `Neg`), equality through op_Equality (no
// field-wise derive), `Eq` and `Hash` (no floating-point fields), ordering through
// CompareTo, `Display` through ToString, conversions (`TryFrom<int> for Fixed`,
// `TryFrom<Fixed> for long`). A class with Equals(T) and ToString, and a subclass that
// inherits its ToString (`Display` through a virtual call).
namespace Features.StdTraits
{
    public struct Fixed : System.IComparable<Fixed>
    {
        public int Raw;
        public static Fixed operator +(Fixed a, Fixed b) { return new Fixed { Raw = a.Raw + b.Raw }; }
        public static Fixed operator *(Fixed a, int k) { return new Fixed { Raw = a.Raw * k }; }
        public static Fixed operator *(int k, Fixed a) { return new Fixed { Raw = a.Raw * k }; }
        public static Fixed operator -(Fixed a) { return new Fixed { Raw = -a.Raw }; }
        public static bool operator ==(Fixed a, Fixed b) { return a.Raw == b.Raw; }
        public static bool operator !=(Fixed a, Fixed b) { return a.Raw != b.Raw; }
        public override bool Equals(object o) { return o is Fixed && ((Fixed)o).Raw == Raw; }
        public override int GetHashCode() { return Raw; }
        public int CompareTo(Fixed other) { return Raw.CompareTo(other.Raw); }
        public override string ToString() { return Raw.ToString(); }
        public static implicit operator Fixed(int v) { return new Fixed { Raw = v << 8 }; }
        public static explicit operator long(Fixed f) { return f.Raw >> 8; }
    }

    public class Tag : System.IEquatable<Tag>
    {
        public string Name;
        public bool Equals(Tag other) { return other != null && other.Name == Name; }
        public override int GetHashCode() { return Name == null ? 0 : Name.Length; }
        public override string ToString() { return Name; }
    }

    public class NamedTag : Tag { }
}
