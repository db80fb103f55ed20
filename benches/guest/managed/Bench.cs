// Guest mode's benchmark host (scripts/bench-guest.sh compiles it with cilbind's bootstrap,
// runtime/managed/guest/Cilbind.Guest.cs, and runs it with `mono` and `dotnet`): Main owns the
// process and its runtime, loads the Rust plugin libcilbind_guest_bench.so beside it, lets it
// attach, then has it run the timed loops (benches/guest/src/lib.rs), which print one line a
// figure.
using System;
using System.Runtime.InteropServices;

static class Bench
{
    [DllImport("cilbind_guest_bench")]
    static extern IntPtr cilbind_guest_init(IntPtr handover);

    [DllImport("cilbind_guest_bench")]
    static extern int cilbind_bench_run();

    static int Main()
    {
        IntPtr error = cilbind_guest_init(Cilbind.Guest.Handover());
        if (error != IntPtr.Zero)
        {
            Console.Error.WriteLine("bench: the plugin could not attach: " + Marshal.PtrToStringAnsi(error));
            return 2;
        }
        return cilbind_bench_run();
    }
}
