// `ref` returns: the value is copied out by a trampoline (`RETURN_DEREF`, with
// `RETURN_BY_POINTER` for a full struct); Rust gets a copy, never the interior pointer.
namespace Features.RefReturns
{
    public struct Cell { public int Value; }
    public class Store
    {
        int[] items = { 1, 2 };
        Cell cell;
        string name = "n";
        public ref int At(int i) { return ref items[i]; }
        public ref Cell Slot() { return ref cell; }
        public ref string Name() { return ref name; }
    }
}
