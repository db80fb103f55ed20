// Generic definitions: a wrapper generic over its arguments (members skipped: they depend
// on the arguments); closed instantiations used by bound signatures get their members in
// an `impl` of their own. Generic methods and open generic value types are skipped.
namespace Features.Generics
{
    public class Bag<T> { public T Item; public T Get() { return Item; } public int Size() { return 1; } }
    public struct Pair<T> { public T A, B; }
    public static class Use
    {
        public static Bag<int> Make() { return new Bag<int>(); }
        public static T Id<T>(T x) { return x; }
    }
}
