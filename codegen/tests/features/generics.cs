// Generic definitions: a wrapper generic over its arguments, with its members for every
// type argument (`impl<T0: TypeArg> Bag<T0>`, looked up per closed class at run time), fields
// included; generic methods are generic `fn`s (`id::<M0>`); a generic value type is a
// managed-struct handle generic over its arguments (`Pair<T0>`, one store per closed type); an
// array of a generic class over a method's type parameter is the object array of its wrapper
// (`ObjectArray<Bag<M0>>`).
namespace Features.Generics
{
    public class Bag<T> { public T Item; public T Get() { return Item; } public int Size() { return 1; } }
    public struct Pair<T> { public T A, B; }
    public static class Use
    {
        public static Bag<int> Make() { return new Bag<int>(); }
        public static T Id<T>(T x) { return x; }
        public static int Count<T>(Bag<T>[] bags) { return bags.Length; }
        public static int Apply<T>(System.Func<Bag<T>[], int> f) { return 0; }
    }
}
