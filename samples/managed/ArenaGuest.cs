// The arena game turned around (cilbind-samples --guest): compiled with Arena.cs and cilbind's
// guest bootstrap (runtime/managed/guest/Cilbind.Guest.cs) into Arena.exe, whose Main owns the
// process and its runtime (`mono Arena.exe`, `dotnet Arena.exe`). It loads the game's Rust logic,
// the sample's cdylib libcilbind_samples.so (beside Arena.exe), through DllImport, lets it adopt
// the runtime, and asks it to play: the plugin reads the command line back through Argument and
// plays the same game as the sample's binary, calling into this very assembly.
using System;
using System.Runtime.InteropServices;

namespace ArenaGuest
{
    public static class Program
    {
        [DllImport("cilbind_samples")]
        static extern IntPtr cilbind_guest_init(IntPtr handover);

        [DllImport("cilbind_samples")]
        static extern int arena_main();

        static string[] arguments = new string[0];

        // The plugin's way to the command line: argument i, or null past the last.
        public static string Argument(int i)
        {
            return i >= 0 && i < arguments.Length ? arguments[i] : null;
        }

        public static int Main(string[] args)
        {
            arguments = args;
            bool mono = Type.GetType("Mono.Runtime") != null;
            Console.WriteLine("Arena.exe (C#): Main owns the process and its runtime (" + (mono ? "Mono" : "CoreCLR")
                + "); it loads the game's Rust logic, libcilbind_samples.so, as a plugin.");
            IntPtr error = cilbind_guest_init(Cilbind.Guest.Handover());
            if (error != IntPtr.Zero)
            {
                Console.Error.WriteLine("error: " + Marshal.PtrToStringAnsi(error));
                return 1;
            }
            return arena_main();
        }
    }
}
