// `ref`/`out` of object references the callee may replace: `ref T` of a generic method's
// `class`-constrained type parameter is `&mut Option<M0>` with `M0: TypeArg + Reference`
// (`Interlocked.Exchange<T>`, `Volatile.Read<T>`), and `ref`/`out` of an array is
// `&mut Option<handle>` / the handle in the result (`Array.Resize<T>(ref T[], int)`: the type
// argument's array handle), all through `::cilbind::RefObject`, whose write-back is
// class-checked. `ref T` of a generic method's type parameter with neither constraint is
// `&mut <M0 as TypeArg>::Output` (`Option<C>` for a class, the value for a primitive, enum or
// struct), copied into the type argument's slot (`TypeArg::ref_slot`) and back after the call
// (`from_slot`).
using System;

namespace Features.RefObjects
{
    public class Node { }

    public static class Slots
    {
        public static T Exchange<T>(ref T location, T value) where T : class { T old = location; location = value; return old; }
        public static void Resize<T>(ref T[] array, int size) { Array.Resize(ref array, size); }
        public static void Grow(ref byte[] data) { }
        public static void Fetch(out Node[] nodes) { nodes = null; }
        public static void Unconstrained<T>(ref T item) { }
    }
}
