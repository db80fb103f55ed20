// Overloads that differ only by return type (C#'s conversion operators `op_Explicit` and
// `op_Implicit`; ECMA-335 I.10.2, CLS rule 38): their `MethodRef`s name the return type too
// (`.returning("System.Int64")`), so each function calls its own overload. Names follow the
// overload rule (`plan::overloads`): the return type tells them apart (`op_explicit_to_i32`,
// `op_explicit_to_i64`; `op_Explicit(int v)` is `op_explicit_with_v`), and a generic method
// beside a non-generic one with the same parameters adds `_generic` (`check_bool`,
// `check_bool_generic`). A method whose name and parameters no other method shares
// (`op_Implicit`, `op_Explicit(int)`) keeps the short `MethodRef` form; a generic method
// definition (`Check<T>`) is no rival: the runtime never picks one.
namespace Features.ReturnOverloads
{
    public class Meters
    {
        public double Value;
        public Meters(double value) { Value = value; }
        public static explicit operator int(Meters m) { return (int)m.Value; }
        public static explicit operator long(Meters m) { return (long)m.Value; }
        public static implicit operator double(Meters m) { return m.Value; }
        public static explicit operator Meters(int v) { return new Meters(v); }
        public static void Check(bool ok) { }
        public static void Check<T>(bool ok) { }
    }
}
