// Generated code never depends on which names the user's types have: in one namespace, types
// named like every name the generated code once used bare (its locals `F`, `r`, `v`, `key`…,
// the prelude's `Ok`, `Some`, `Option`, `From`…, Rust's primitives, the generated generic
// parameters `T0`, `M0`, `__`-prefixed names), beside members of every kind whose bindings
// have locals (a generic class's field: `let F = G.field_in(…)` once, refused beside `enum F`).
// A type named like a primitive, a generated generic parameter, `this` or with a `__` prefix
// is renamed (`i32_`, `T0_`, `this_`, `X__r`); the others keep their names (an item the
// generator derives from a type's name gives way instead: `ShapeBase_`). tests/hygiene.rs
// checks that every name the expected outputs use bare is one of these or declared.
using System.Collections;
using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace Features.Hygiene
{
    // The case.
    public enum F { A }
    public class Node<T> { public T Value; public static T Shared; }

    // Names of the generated code's locals and parameters, past and present.
    public class G { }
    public class M { }
    public class STORE { }
    public class PROOF { }
    public class CLASS { }
    public class a { }
    public class a0 { }
    public class h { }
    public class h0 { }
    public class r { }
    public class v { }
    public class o { }
    public class s { }
    public class f { }
    public class key { }
    public class @new { }
    public class obj { }
    public class ty { }
    public class args { }
    public class callback { }
    public class @delegate { }
    public class @this { }
    public class other { }
    public class rhs { }
    public class state { }
    public class runtime { }
    public class path { }
    public class name { }
    public class value { }
    public class to { }
    public class from { }
    public class raw { }
    public class slot { }
    public class field { }
    public class owner { }
    public enum I { A }
    public enum T { A }
    public enum H { A }
    // The prelude's and Rust's names.
    public class Ok { }
    public class Err { }
    public class Some { }
    public class None { }
    public class Option { }
    public class String { }
    public class From { }
    public class Into { }
    public class Send { }
    public class Sync { }
    public class FnMut { }
    public class Vec { }
    public class Box { }
    public class Result { }
    public class @bool { }
    public class i32 { }
    public class i64 { }
    public class u8 { }
    public class u32 { }
    public class usize { }
    public class isize { }
    public class f32 { }
    public class f64 { }
    public class str { }
    public class T0 { }
    public class M0 { }
    public class __r { }
    public class __TYPE_Shape { }
    // Names the generator derives from a type's (a class `ShapeBase` beside an extendable
    // `Shape`): the derived item gets a trailing `_` (`ShapeBase_`).
    public class ShapeBase { }
    public class ShapeOverrides { }
    public class ShapeNatives { }
    public class IScorerImpl { }
    public class IScorerExt { }

    // Members of every kind, each binding with its locals.
    // `bitflags!` names parameters of its own (`f`, `other`): it expands in a module of its own.
    [System.Flags] public enum Access : byte { None = 0, Read = 1, Write = 2 }
    public delegate int Mapper(int x, string label);
    public struct Pair : System.IEquatable<Pair>
    {
        public int X;
        public bool On;
        public Pair(int x) { X = x; On = true; }
        public int Twice() { return X * 2; }
        public void Grow(int by) { X += by; }
        public static Pair operator +(Pair p, Pair q) { return new Pair(p.X + q.X); }
        public bool Equals(Pair o) { return X == o.X; }
        public override int GetHashCode() { return X; }
        public override string ToString() { return X.ToString(); }
        public static implicit operator Pair(int x) { return new Pair(x); }
    }
    public struct Named { public string Label; public int Count; }
    public interface IScorer { int Score(int points, ref int bonus, out string note); string Label { get; } }
    public abstract class Shape
    {
        protected int sides;
        protected Shape(int sides) { this.sides = sides; }
        public abstract double Area();
        public virtual string Describe(Shape other, int[] weights, out bool exact) { exact = true; return "shape"; }
        protected int Sides() { return sides; }
        protected static int Count(string text) { return text.Length; }
        public static int Measure(Shape value, ref Pair pair, out Named named, params int[] extra) { named = new Named(); return 0; }
        public static T Make<T>(T value, out T copy) { copy = value; return value; }
        public static int? Maybe(int? value) { return value; }
        public static int Defaults(int x = 1, string label = "a") { return x; }
        public event System.EventHandler Changed;
        public Mapper Map;
        public static int Total;
        public const int Max = 3;
        public int this[int i] { get { return i; } set { } }
        public string Title { get; set; }
        public void Raise() { if (Changed != null) Changed(this, null); }
        [MethodImpl(MethodImplOptions.InternalCall)] public extern int Native(int x, string label, Shape shape, out string log);
    }
    public class Bag : IEnumerable<Pair>
    {
        public IEnumerator<Pair> GetEnumerator() { yield return new Pair(1); }
        IEnumerator IEnumerable.GetEnumerator() { return GetEnumerator(); }
    }
    public class Holder<T0> : IEnumerable<T0>
    {
        public T0 Item;
        public IEnumerator<T0> GetEnumerator() { yield return Item; }
        IEnumerator IEnumerable.GetEnumerator() { return GetEnumerator(); }
        public M0 Convert<M0>(T0 item, M0 other) { return other; }
    }
}
