// Frozen copy, the input of the mutation tests: do not edit. Corpus edits are file offsets
// into its mcs build, so they stay valid only while these bytes do.
// Fixture for cilbind-codegen tests: compiled with `mcs -target:library -unsafe` at test time.
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;

namespace Fixture.Enums
{
    public enum Small : sbyte { Neg = -128, Zero = 0, Pos = 127 }
    public enum Short : short { A = -2, B = 300 }
    public enum Big : long { Min = long.MinValue, Max = long.MaxValue }
    public enum Huge : ulong { Top = ulong.MaxValue }
    public enum Plain { Red = 1, Green = 2, Blue = 42 }

    [Flags]
    public enum Perms : byte { None = 0, Read = 1, Write = 2, Exec = 4, All = Read | Write | Exec }
}

namespace Fixture.Structs
{
    using Fixture.Enums;

    public struct Vector3
    {
        public float X, Y, Z;
        public Vector3(float x, float y, float z) { X = x; Y = y; Z = z; }
        public static Vector3 Add(Vector3 a, Vector3 b) { return new Vector3(a.X + b.X, a.Y + b.Y, a.Z + b.Z); }
        public float Length() { return (float)Math.Sqrt(X * X + Y * Y + Z * Z); }
    }

    [StructLayout(LayoutKind.Explicit, Size = 8)]
    public struct IntOrFloat
    {
        [FieldOffset(0)] public int AsInt;
        [FieldOffset(0)] public float AsFloat;
        [FieldOffset(4)] public short Hi;
    }

    // Explicit, not overlapping, with a gap and an explicit Size.
    [StructLayout(LayoutKind.Explicit, Size = 24)]
    public struct Header
    {
        [FieldOffset(0)] public int Magic;
        [FieldOffset(8)] public long Length;
        [FieldOffset(16)] public Perms Flags;
    }

    [StructLayout(LayoutKind.Sequential, Pack = 1)]
    public struct Packed { public byte A; public int B; }

    // Mono: sizeof = 6 (Size honoured without rounding), alignment 4.
    [StructLayout(LayoutKind.Explicit, Size = 6)]
    public struct Odd { [FieldOffset(0)] public int A; }

    // Mono: sizeof = 8, B at offset 6.
    public struct HoldsOdd { public Odd O; public byte B; }

    // Mono: sizeof = 24 (bool 1 byte, char 2 bytes in managed memory).
    public struct Mixed { public byte A; public int B; public double D; public short S; public bool F; public char C; }

    public struct Nested { public Vector3 Position; public Plain Color; public Mixed M; }

    public class Collider { }

    // Like UnityEngine.RaycastHit: value fields plus one object reference.
    public struct RaycastHit
    {
        public Vector3 Point;
        public Vector3 Normal;
        public float Distance;
        public Collider Collider;
    }

    public struct HoldsHit { public int Id; public RaycastHit Hit; }

    public struct Pair<T> { public T First; public T Second; }

    public static class Uses
    {
        public static Pair<int> IntPair() { return new Pair<int>(); }
        public static void TakesHit(RaycastHit hit) { }
        public static bool TryHit(out RaycastHit hit) { hit = new RaycastHit(); return true; }
        public static void Scale(ref Vector3 v, float f) { }
        public static int Sum(List<int> values) { return 0; }
        public static unsafe int* Ptr(int* p) { return p; }
        public static int[,] Matrix() { return null; }
        public static T Identity<T>(T x) { return x; }
        public static Vector3[] Points() { return null; }
        public static RaycastHit[] Hits() { return null; }
        public static string[] Names(Perms p, Plain c) { return null; }
        public static int? Maybe() { return null; }
        public static ref int First(int[] a) { return ref a[0]; }
    }
}

namespace Fixture.Classes
{
    public interface IShape { double Area(); }
    public interface INamed { string Name { get; } }
    public interface ISolid : IShape { double Volume(); }

    public abstract class Animal : INamed, IComparable<Animal>
    {
        public abstract string Speak();
        public virtual int Legs() { return 4; }
        public string Name { get { return "animal"; } }
        public int CompareTo(Animal other) { return 0; }
        protected void Hidden() { }
        public event EventHandler Changed;
    }

    public class Dog : Animal, ISolid, IComparable<Dog>
    {
        public override string Speak() { return "Woof"; }
        public double Area() { return 1; }
        public double Volume() { return 2; }
        public int CompareTo(Dog other) { return 0; }
        public int this[int i] { get { return i; } }
        public const int MaxLegs = 4;
        public static int Count;
    }

    public class Box<T> : List<T>
    {
        public T Value;
        public T Get() { return Value; }
        public int Size() { return 0; }
    }

    public delegate void Handler(object sender, int value);

    public class Outer { public enum Inner { A, B } }
}
