// The host of guest mode's test: a C# program that `mono Game.exe` runs. Its Main owns the
// process and the runtime; it loads the Rust plugin (libguest_plugin.so, beside Game.exe)
// through DllImport, lets it attach, and asks it to call back into the game through the
// bindings generated from this very file.
using System;
using System.Runtime.InteropServices;
using System.Threading;

namespace GuestGame
{
    public delegate int IntOp(int x);

    public class Counter
    {
        public readonly string Name;
        int count;

        public Counter(string name) { Name = name; }

        public int Add(int n) { count += n; return count; }

        public string Describe() { return Name + "=" + count; }
    }

    public static class Scores
    {
        public static int Twice(int x) { return 2 * x; }

        public static string Greet(string who) { return "hello, " + who; }

        // Calls a delegate the plugin made from a Rust closure: C# calling back into Rust.
        public static int Apply(IntOp op, int x) { return op(x); }

        // Where the plugin leaves an object it made, for Main to read.
        public static Counter Last;
    }

    public static class Program
    {
        [DllImport("guest_plugin")]
        static extern IntPtr cilbind_guest_init(IntPtr handover);

        [DllImport("guest_plugin")]
        static extern int guest_run();

        [DllImport("guest_plugin")]
        static extern int guest_try_start();

        [DllImport("guest_plugin")]
        static extern int guest_twice_on_this_thread(int x);

        public static int Main(string[] args)
        {
            // Before attaching: the plugin may not start a Mono of its own in this process.
            Console.WriteLine("game: plugin's own start refused " + (guest_try_start() == 1));
            // A table is what CoreCLR's bootstrap will hand over: refused on Mono.
            IntPtr refused = cilbind_guest_init(new IntPtr(1));
            Console.WriteLine("game: handover refused " + (refused != IntPtr.Zero));
            IntPtr error = cilbind_guest_init(IntPtr.Zero);
            if (error != IntPtr.Zero)
            {
                Console.WriteLine("game: init failed: " + Marshal.PtrToStringAnsi(error));
                return 2;
            }
            Console.WriteLine("game: plugin attached");
            Console.WriteLine("game: second init ok " + (cilbind_guest_init(IntPtr.Zero) == IntPtr.Zero));
            int status = guest_run();
            Console.WriteLine("game: plugin returned " + status);
            // A thread the game starts calls into the plugin, which calls the game.
            int fromThread = 0;
            var thread = new Thread(() => fromThread = guest_twice_on_this_thread(50));
            thread.Start();
            thread.Join();
            Console.WriteLine("game: from a thread of the game " + fromThread);
            Console.WriteLine("game: last counter " + (Scores.Last == null ? "null" : Scores.Last.Describe()));
            return status;
        }
    }
}
