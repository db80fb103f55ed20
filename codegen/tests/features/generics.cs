// Generic definitions: a wrapper generic over its arguments, with its members for every
// type argument (`impl<T0: TypeArg> Bag<T0>`, looked up per closed class at run time), fields
// included; generic methods are generic `fn`s (`id::<M0>`). Open generic value types are
// skipped.
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
