// Natives: C# internal calls implemented in Rust. A trait per type with one method per
// native, whatever its accessibility (parameter forms: value, bool, string, object lent,
// array, ref/out, `in` as `&`; `this` lent for a class, `&mut` for a full struct),
// `natives::<I>()` with a thunk per native, and natives with no trait method (a Nullable, a
// generic method): reported skips like any other. Non-public natives get no Rust→C# binding.
// Non-public types are bound for their natives only: a static-only one is a natives host
// (`pub enum Physics {}`), one with instance natives or named by a native a handle without
// members; a private nested type likewise. Their other members stay unbound.
using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Feature
{
    public struct P
    {
        public int X, Y;
        [MethodImpl(MethodImplOptions.InternalCall)] public extern int Sum();
        [MethodImpl(MethodImplOptions.InternalCall)] private extern void Swap();
    }

    public class Unit
    {
        [MethodImpl(MethodImplOptions.InternalCall)] public extern int Damage(P at, ref P moved, out string log);
        [MethodImpl(MethodImplOptions.InternalCall)] public static extern Unit Spawn(string name, bool elite, int[] loot, Unit[] party);
        [MethodImpl(MethodImplOptions.InternalCall)] public static extern void Scan(int? range);
        [MethodImpl(MethodImplOptions.InternalCall)] private static extern float Distance([In] ref P from, [In] ref P to);
        [MethodImpl(MethodImplOptions.InternalCall)] internal extern void Heal(int amount);
        [MethodImpl(MethodImplOptions.InternalCall)] protected extern int Armor();
        [MethodImpl(MethodImplOptions.InternalCall)] private static extern T Make<T>();
        private extern int Level { [MethodImpl(MethodImplOptions.InternalCall)] get; }
        public int NotNative() { return 1; }
        [MethodImpl(MethodImplOptions.InternalCall)] private static extern Body Attach(Unit u, Body b, Mode m);

        private class Secret
        {
            [MethodImpl(MethodImplOptions.InternalCall)] internal static extern int Code();
        }
    }

    internal enum Mode { Soft, Hard }

    internal static class Physics
    {
        [MethodImpl(MethodImplOptions.InternalCall)] internal static extern float Gravity();
        [MethodImpl(MethodImplOptions.InternalCall)] public static extern void Step(float dt, ref P at);
        public static int Ticks;
    }

    internal class Body
    {
        public int Mass;
        public int Weigh() { return Mass; }
        [MethodImpl(MethodImplOptions.InternalCall)] internal extern void Push(int force);
        [MethodImpl(MethodImplOptions.InternalCall)] private static extern Body Clone(Body b);
    }

    /// Natives in the form both runtimes bind: numbers, enums and their `ref`/`out`/`in` cross
    /// a P/Invoke as they are; a `bool` or a string does not (skipped, with the reason); an
    /// import of another library is no native.
    public static class Imports
    {
        [DllImport("__Internal")] public static extern int Mitigate(int amount, int armor);
        [DllImport("__Internal", EntryPoint = "imports_step")] private static extern void Step(ref float x, out long ticks, Mode m);
        [DllImport("__Internal")] public static extern bool Ready(int which);
        [DllImport("__Internal")] public static extern int Length(string s);
        [DllImport("libc.so.6")] public static extern int abs(int x);
    }

    internal class Plain
    {
        public void NoNatives() { }
    }
}
