// Methods of full structs: the receiver follows the method's IL (`read/this_writes.rs`). A
// method that never writes through `this` (nor hands `this` to something that might) takes
// `&self` and works on a copy; one that may write takes `&mut self`, as in C#. A full
// struct's constructor returns it through a pointer. Managed structs take `&self` (the box).
namespace Features.Receivers
{
    public struct Counter
    {
        public int Value;
        public Counter(int start) { Value = start; }
        // Reads only: `&self`.
        public int Current { get { return Value; } }
        public int Twice() { return Value * 2; }
        public bool Same(Counter other) { return Value == other.Value; }
        public override string ToString() { return Describe("n"); }
        public string Describe(string prefix) { return prefix + Value.ToString(); }
        public override int GetHashCode() { return Value.GetHashCode(); }
        public Counter Plus(int n) { Counter c = this; c.Value += n; return c; }
        // `Counter c = this` copies: the mutating call changes the copy only.
        public int NextOfCopy() { Counter c = this; c.Increment(); return c.Value; }
        // Writes: `&mut self`.
        public void Increment() { Value++; }
        public void Reset() { this = new Counter(0); }
        public void IncrementTwice() { Increment(); Increment(); }
        public void Bump() { Bump(ref this); }
        public static void Bump(ref Counter c) { c.Value++; }
        // The constructor runs on the local `c`, not on `this`: `&self`.
        public int Mixed() { Counter c = new Counter(1); return Value.GetHashCode() + c.Twice(); }
        // A `ref` parameter of a static method is followed like a receiver: `Sum` reads it.
        public int Summed() { return Sum(ref this); }
        public static int Sum(ref Counter c) { return c.Value + 1; }
        // Into mscorlib: `int.TryParse` writes its `out` argument, here a field of `this`.
        public bool Parse(string text) { return int.TryParse(text, out Value); }
        public int Value2 { get { return Value; } set { Value = value; } }
        public static Counter Zero { get { return new Counter(0); } }
    }
    // Methods of another struct called on a field of `this` are followed (OpenTK's
    // `Matrix4[row, column]` reads `Row0[column]` of a `Vector4` field); so are getters
    // whose copy the caller then works on (`Quaternion.Length` reads `Xyz.LengthSquared`).
    public struct Row
    {
        public float X, Y;
        public float this[int i]
        {
            get { if (i == 0) return X; if (i == 1) return Y; throw new System.IndexOutOfRangeException("index " + i); }
            set { if (i == 0) X = value; else Y = value; }
        }
        public float LengthSquared { get { return X * X + Y * Y; } }
        public void Scale(float f) { X *= f; Y *= f; }
    }
    public struct Grid
    {
        public Row Row0, Row1;
        // `&self`: `Row0[column]` reads.
        public float this[int row, int column] { get { return row == 0 ? Row0[column] : Row1[column]; } }
        public Row First { get { return Row0; } }
        // `&self`: the getter's result is a copy; `LengthSquared` runs on it.
        public float Length() { return (float)System.Math.Sqrt(First.LengthSquared); }
        // `&self`: `Scale` writes the local copy.
        public Row Scaled(float f) { Row r = Row0; r.Scale(f); return r; }
        // `&mut self`: `Scale` writes the field `Row0` of `this`.
        public void ScaleFirst(float f) { Row0.Scale(f); }
        // `&mut self`: the indexer's setter of the field.
        public void SetCorner(float v) { Row1[1] = v; }
        // `&mut self`: an interface method gets `this` by `ref`; any implementation may write.
        public void Visit(IVisitor v) { v.Visit(ref this); }
    }
    public interface IVisitor { void Visit(ref Grid g); }
    // `[IsReadOnly]` (C#'s `readonly` members and `readonly struct`) is read-only whatever
    // the body calls: C# compiles `this` of such a member as an `in` reference.
    public struct Declared
    {
        public int Value;
        [System.Runtime.CompilerServices.IsReadOnly]
        public int Peek(IReader r) { return r.Read(ref this); }
        public int NotDeclared(IReader r) { return r.Read(ref this); }
    }
    [System.Runtime.CompilerServices.IsReadOnly]
    public struct Frozen
    {
        public int Value;
        public int Peek(IReader r) { return r.Read(ref this); }
    }
    public interface IReader { int Read(ref Declared d); int Read(ref Frozen f); }
    public struct Tagged
    {
        public string Tag;
        public Tagged(string tag) { Tag = tag; }
        public int Length() { return Tag.Length; }
    }
}
