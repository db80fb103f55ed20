// Explicit layouts: overlapping fields become a `#[repr(C)] union` (fields at non-zero
// offsets behind a packed helper); `Pack` and `Size` give `packed(N)` and padding.
using System.Runtime.InteropServices;
namespace Features.Layout
{
    [StructLayout(LayoutKind.Explicit)]
    public struct Variant { [FieldOffset(0)] public int I; [FieldOffset(0)] public float F; [FieldOffset(2)] public short Hi; }
    [StructLayout(LayoutKind.Sequential, Pack = 2)]
    public struct Packed { public byte A; public long B; }
    [StructLayout(LayoutKind.Sequential, Size = 12)]
    public struct Padded { public int A; }
}
