// `IEnumerable<T>`: `impl IntoIterator for &X` over `cilbind::Enumerator<T>`, `T` being the
// element type of C#'s `foreach`: the public `GetEnumerator()` returning `IEnumerator<T>`
// (declared or inherited) decides; otherwise the one `IEnumerable<T>` the type implements;
// several and nothing deciding: no impl, a comment. Generic definitions get a generic impl.
using System.Collections;
using System.Collections.Generic;

namespace Features.Enumerables
{
    public class Item { public int Value; }

    // Rule 1: its own GetEnumerator.
    public class Digits : IEnumerable<int>
    {
        public IEnumerator<int> GetEnumerator() { yield return 1; yield return 2; }
        IEnumerator IEnumerable.GetEnumerator() { return GetEnumerator(); }
    }

    // Rule 1 decides between two: the public one enumerates strings.
    public class Labels : IEnumerable<int>, IEnumerable<string>
    {
        public IEnumerator<string> GetEnumerator() { yield return "a"; }
        IEnumerator<int> IEnumerable<int>.GetEnumerator() { yield return 0; }
        IEnumerator IEnumerable.GetEnumerator() { return GetEnumerator(); }
    }

    // Rule 1, inherited from a bound base class.
    public class MoreLabels : Labels { }

    // Rule 2: no public GetEnumerator, one IEnumerable<T>; an interface, and a class
    // implementing it.
    public interface IItems : IEnumerable<Item> { }
    public class Items : IItems
    {
        IEnumerator<Item> IEnumerable<Item>.GetEnumerator() { yield break; }
        IEnumerator IEnumerable.GetEnumerator() { yield break; }
    }

    // Rule 3: two, and nothing decides.
    public class Both : IEnumerable<int>, IEnumerable<string>
    {
        IEnumerator<int> IEnumerable<int>.GetEnumerator() { yield break; }
        IEnumerator<string> IEnumerable<string>.GetEnumerator() { yield break; }
        IEnumerator IEnumerable.GetEnumerator() { yield break; }
    }

    // A generic definition: elements of its type parameter.
    public class Ring<T> : IEnumerable<T>
    {
        public IEnumerator<T> GetEnumerator() { yield break; }
        IEnumerator IEnumerable.GetEnumerator() { return GetEnumerator(); }
    }

    // Not enumerable as IEnumerable<T>: only the non-generic IEnumerable.
    public class Old : IEnumerable
    {
        public IEnumerator GetEnumerator() { yield break; }
    }
}
