// Natives: C# internal calls implemented in Rust. A trait per class with one method per
// native (parameter forms: value, bool, string, object lent, array, ref/out), `natives::<I>()`
// with a thunk per native, and a native whose parameter kind does not cross (a comment).
using System;
using System.Runtime.CompilerServices;

namespace Feature
{
    public struct P { public int X, Y; }

    public class Unit
    {
        [MethodImpl(MethodImplOptions.InternalCall)] public extern int Damage(P at, ref P moved, out string log);
        [MethodImpl(MethodImplOptions.InternalCall)] public static extern Unit Spawn(string name, bool elite, int[] loot, Unit[] party);
        [MethodImpl(MethodImplOptions.InternalCall)] public static extern void Scan(int? range);
        public int NotNative() { return 1; }
    }
}
