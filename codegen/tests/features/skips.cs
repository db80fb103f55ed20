// What stays unbound, each listed with its reason: a varargs method, more arguments than the
// runtime's call tuples take, a `ref` return of a pointer (a copy of an address is still an
// address into memory the call does not own).
namespace Features.Skips
{
    public static unsafe class Unbound
    {
        static int* slot;
        public static void Log(__arglist) { }
        public static int Many(int a0, int a1, int a2, int a3, int a4, int a5, int a6, int a7, int a8, int a9,
            int a10, int a11, int a12, int a13, int a14, int a15, int a16, int a17, int a18) { return a18; }
        public static ref int* Slot() { return ref slot; }
    }
}
