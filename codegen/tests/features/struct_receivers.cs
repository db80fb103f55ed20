// Methods of full structs: `get_` methods (property getters) take `&self` and work on a copy;
// other instance methods take `&mut self` (they may change the value, as in C#); a full
// struct's constructor returns it through a pointer. Managed structs take `&self` (the box).
namespace Features.Receivers
{
    public struct Counter
    {
        public int Value;
        public Counter(int start) { Value = start; }
        public int Current { get { return Value; } }
        public void Increment() { Value++; }
        public static Counter Zero { get { return new Counter(0); } }
    }
    public struct Tagged
    {
        public string Tag;
        public Tagged(string tag) { Tag = tag; }
        public int Length() { return Tag.Length; }
    }
}
