// Explicit layouts: overlapping fields become a `#[repr(C)] union` (fields at non-zero
// offsets behind a packed helper); `Pack` and `Size` give `packed(N)` and padding. A union
// keeps the managed alignment (`align(8)` for Mono's `decimal`: its `ulong` overlaps two
// `int`s, and a helper struct has alignment 1), so a struct holding one (System.Xml's
// `DecimalAggregator`) has the managed size.
using System.Runtime.InteropServices;
namespace Features.Layout
{
    [StructLayout(LayoutKind.Explicit)]
    public struct Variant { [FieldOffset(0)] public int I; [FieldOffset(0)] public float F; [FieldOffset(2)] public short Hi; }
    [StructLayout(LayoutKind.Sequential, Pack = 2)]
    public struct Packed { public byte A; public long B; }
    [StructLayout(LayoutKind.Sequential, Size = 12)]
    public struct Padded { public int A; }
    [StructLayout(LayoutKind.Explicit)]
    public struct Dec { [FieldOffset(0)] public int Flags; [FieldOffset(4)] public int Hi; [FieldOffset(8)] public int Lo; [FieldOffset(12)] public int Mid; [FieldOffset(8)] public ulong LoMid; }
    public struct DecAggregator { public Dec Result; public int Count; }
}
