// Span<T> / ReadOnlySpan<T> parameters of a primitive, enum or full struct: `&mut [T]` / `&[T]`
// (`bool` as `::cilbind::Boolean`, `char` as `::cilbind::Char`), lent for the call. A span
// cannot be boxed, so the method goes through a trampoline that makes the span from the
// slice's pointer and length (`MethodRef::spans`, bit i for parameter i). Still skipped
// (reason `span`): span returns, `ref`/`out` spans, spans of references or managed structs.
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
    }
}
