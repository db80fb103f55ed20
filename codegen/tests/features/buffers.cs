// Generic buffers: a generic method's `T[]`, `T[,]`, `T[,,]` and `ref`/`out`/`in T` whose `T`
// has the `struct` constraint, bound for a blittable `T` (`M0: TypeArg + Blittable`):
// `&mut [M0]` (copied into a new array and back: C# may write into any array), `&[M0]` for an
// array marked `[In]` alone (copied in only), `::cilbind::MdSliceMut<'_, M0, R>` / `MdSlice`
// for multi-dimensional ones, `&mut M0` for
// `ref` and `[In, Out] ref` (by pointer: a trampoline bit), `M0` in the result for `out`.
// Without the constraint, `T[]` stays the array handle and `ref T` is `&mut M0::Output`
// (see ref_objects.cs).
using System;
using System.Runtime.InteropServices;

namespace Features.Buffers
{
    public enum Target { Array = 1 }

    public static class GL
    {
        public static void BufferData<T>(Target target, IntPtr size, T[] data) where T : struct { }
        public static void BufferRef<T>(Target target, IntPtr size, [In, Out] ref T data) where T : struct { }
        public static void GetBufferSubData<T>(IntPtr offset, [Out] T[] data) where T : struct { }
        public static void Both<T>([In, Out] T[] data) where T : struct { }
        public static void Upload<T>([In] T[] data) where T : struct { }
        public static void TexImage2DIn<T>([In] T[,] pixels) where T : struct { }
        public static void TexImage2D<T>(int width, T[,] pixels) where T : struct { }
        public static void TexImage3D<T>([In, Out] T[,,] voxels) where T : struct { }
        public static void Read<T>(out T value) where T : struct { value = default(T); }
        public static T Mixed<T, U>(T value, U[] items, ref U first) where U : struct { return value; }
        public static int Unconstrained<T>(T[] items) { return items.Length; }
        public static void UnconstrainedRef<T>(ref T item) { }
    }
}
