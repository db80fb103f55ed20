// Unmanaged pointers (ECMA-335 II.14.4.1): a method with a `T*` parameter (`T` a primitive,
// enum or full struct) or `void*` is an `unsafe fn` taking `*mut T` (`*mut c_void`) with a
// `# Safety` doc. When every pointer is followed by an `int`/`long` length named `count`,
// `length`, `len`, `size` (contained) or `n`, a safe `_slice` overload takes `&mut [T]` instead.
// Still skipped (reason `pointer`): pointer returns, pointer fields, pointers to pointers,
// arrays of pointers, `ref`/`out` pointers.
namespace Features.Pointers
{
    public enum Kind : short { A, B }
    public struct Pt { public float X, Y; public unsafe void Offset(Pt* by) { X += by->X; Y += by->Y; } }

    public interface IBuffer
    {
        unsafe void Write(byte* data, int length);
    }

    public unsafe delegate void OnData(int* values);

    public unsafe class Native
    {
        public static unsafe float Dot(float* a, float* b, int n) { return 0; }
        public static unsafe int Sum(int* values, int count) { return 0; }
        public static unsafe void Copy(void* dst, void* src, long size) { }
        public static unsafe void Kinds(Kind* kinds, int index) { }
        public static unsafe void Flags(bool* flags, char* chars, long len) { }
        public unsafe void Move(Pt* points, int count, float dx) { }
        public static unsafe int* Find(int* values, int count) { return values; }
        public static unsafe void Deep(int** table) { }
        public static unsafe void Many(int*[] rows) { }
        public static unsafe void Get(out byte* blob, ref int* cursor) { blob = null; }
        public unsafe int* Cursor;
    }
}
