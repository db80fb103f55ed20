// Span<T> / ReadOnlySpan<T> parameters of a primitive, enum or full struct: `&mut [T]` / `&[T]`
// (`bool` as `::cilbind::Boolean`, `char` as `::cilbind::Char`), lent for the call. A span
// cannot be boxed, so the method goes through a trampoline that makes the span from the
// slice's pointer and length (`MethodRef::spans`, bit i for parameter i). A span of a generic
// method's type parameter is a slice of it, bound `M0: TypeArg + Blittable`. Still skipped
// (reason `span`): span returns, `ref`/`out` spans, spans of references or managed structs;
// (reason `open-generic`) a span of the declaring type's type parameter.
using System;

namespace Features.Span
{
    public enum Kind : byte { A, B }
    public struct Pt { public float X, Y; }
    public struct Named { public string Name; }

    public class Buffers
    {
        public static int Sum(ReadOnlySpan<int> values) { return 0; }
        public static void Fill(Span<float> values, float v) { }
        public static void Mix(ReadOnlySpan<bool> a, Pt p, Span<char> b, Span<Kind> k) { }
        public void Move(Span<Pt> points) { }
        public static Span<int> Rest(Span<int> values) { return values; }
        public static void Swap(ref Span<int> values) { }
        public static void Names(Span<Named> names) { }
        public static void Texts(ReadOnlySpan<string> texts) { }
        public static int IndexOf<T>(ReadOnlySpan<T> span, T value) where T : IEquatable<T> { return -1; }
        public static void Reverse<T>(Span<T> span) { }
        public static void Copy<T, U>(ReadOnlySpan<T> from, U tag, Span<T> to) { }
        public static Span<T> Tail<T>(Span<T> span) { return span; }
    }

    public class Holder<T>
    {
        public void Put(ReadOnlySpan<T> items) { }
    }
}
