// Methods of full structs: the receiver follows the method's IL. A method that never writes
// through `this` (nor hands `this` to something that might) takes `&self` and works on a
// copy; one that may write takes `&mut self`, as in C#. A full struct's constructor returns
// it through a pointer. Managed structs take `&self` (the box).
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
        // Conservative: once `this` escapes (here into `Value.GetHashCode()`), a constructor
        // call on a local could as well be on `this`: `&mut self`.
        public int Mixed() { Counter c = new Counter(1); return Value.GetHashCode() + c.Twice(); }
        public int Value2 { get { return Value; } set { Value = value; } }
        public static Counter Zero { get { return new Counter(0); } }
    }
    public struct Tagged
    {
        public string Tag;
        public Tagged(string tag) { Tag = tag; }
        public int Length() { return Tag.Length; }
    }
}
