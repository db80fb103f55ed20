// The host of guest mode's test: a C# program that `mono Game.exe` and `dotnet Game.exe` run
// (compiled with cilbind's bootstrap, Cilbind.Guest.cs). Its Main owns the process and the
// runtime; it loads the Rust plugin (libguest_plugin.so, beside Game.exe) through DllImport,
// lets it attach, and asks it to call back into the game through the bindings generated from
// this very file. The same program on both runtimes: only the runtime differs.
using System;
using System.IO;
using System.Runtime.InteropServices;
using System.Threading;

namespace GuestGame
{
    public delegate int IntOp(int x);

    // Implemented in Rust by the plugin (IBonusImpl): C# calls a Rust value through an interface.
    public interface IBonus
    {
        int Bonus(int score);
        string Name { get; }
    }

    // Boxed from Rust by the plugin (BoxAs) and unboxed back.
    public enum Level : byte { Low, High }

    public struct Pos
    {
        public int X;
        public double Y;

        public override string ToString() { return "(" + X + ", " + Y + ")"; }
    }

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

        // Calls a Rust implementation of IBonus; an exception its Rust code returns is caught here.
        public static string Award(IBonus bonus, int score)
        {
            try { return bonus.Name + " " + (score + bonus.Bonus(score)); }
            catch (ArgumentException e) { return "refused: " + e.Message; }
        }

        // Returns what it is given: a box the plugin made comes back as another handle.
        public static object Echo(object o) { return o; }

        // What C# sees of an object the plugin boxed.
        public static string Inspect(object o) { return o == null ? "null" : o.GetType().FullName + " " + o; }

        // A box made in C#, for the plugin to unbox.
        public static object MakePos(int x, double y) { return new Pos { X = x, Y = y }; }

        // Throws: the plugin must see the exception as an error, and the game go on.
        public static int Fail(string why) { throw new InvalidOperationException(why); }

        // Callbacks into the plugin that C# keeps: a delegate whose closure the plugin keeps, one
        // whose closure the plugin dropped, and the plugin's IBonus.
        static IntOp keptOp, droppedOp;
        static IBonus keptBonus;

        public static void Keep(IntOp kept, IntOp dropped, IBonus bonus)
        {
            keptOp = kept;
            droppedOp = dropped;
            keptBonus = bonus;
        }

        // Calls each kept callback: its result, or the type of the exception it threw.
        public static string CallKept()
        {
            return Try(() => keptOp(5)) + " " + Try(() => droppedOp(5)) + " " + Try(() => keptBonus.Bonus(5));
        }

        static string Try(Func<int> call)
        {
            try { return call().ToString(); }
            catch (Exception e) { return e.GetType().Name; }
        }

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

        [DllImport("guest_plugin")]
        static extern void guest_race_start();

        [DllImport("guest_plugin")]
        static extern int guest_race_join();

        [DllImport("guest_plugin")]
        static extern int cilbind_guest_shutdown();

        [DllImport("guest_plugin")]
        static extern int guest_park();

        [DllImport("guest_plugin")]
        static extern int guest_park_leave();

        [DllImport("guest_plugin")]
        static extern int guest_unpark(int x);

        // A second plugin: the same library under another name (libguest_plugin2.so), loaded as
        // a copy of its own with its own cilbind (tests/guest.rs, two_plugins_…).
        [DllImport("guest_plugin2", EntryPoint = "cilbind_guest_init")]
        static extern IntPtr cilbind_guest_init2(IntPtr handover);

        [DllImport("guest_plugin2", EntryPoint = "guest_run")]
        static extern int guest_run2();

        [DllImport("libdl.so.2")]
        static extern IntPtr dlopen(string file, int flags);

        [DllImport("libdl.so.2")]
        static extern int dlclose(IntPtr handle);

        // What a host's unload of the plugin comes to (NativeLibrary.Free on .NET Core 3+, a
        // native loader's dlclose): the plugin's reference count taken to zero with dlclose,
        // one at a time, while dlopen(RTLD_NOLOAD) still finds it.
        static string Unload()
        {
            const int RTLD_LAZY = 1, RTLD_NOLOAD = 4;
            string path = Path.Combine(AppDomain.CurrentDomain.BaseDirectory, "libguest_plugin.so");
            for (int closes = 0; closes < 64; closes++)
            {
                IntPtr handle = dlopen(path, RTLD_LAZY | RTLD_NOLOAD);
                if (handle == IntPtr.Zero)
                    return closes == 0 ? "not loaded from " + path : "unloaded after " + closes + " dlclose";
                dlclose(handle);
                dlclose(handle);
            }
            return "still loaded after 64 dlclose";
        }

        // Hands the plugin a handover it must refuse, and prints why.
        static void Refused(string what, IntPtr handover)
        {
            IntPtr error = cilbind_guest_init(handover);
            Console.WriteLine("game: " + what + " refused: " + (error == IntPtr.Zero ? "(accepted)" : Marshal.PtrToStringAnsi(error)));
        }

        // A block of three 64-bit words, as Cilbind.Guest.Handover() makes, with these two first.
        static IntPtr Block(long magic, long version)
        {
            IntPtr block = Marshal.AllocHGlobal(24);
            Marshal.WriteInt64(block, 0, magic);
            Marshal.WriteInt64(block, 8, version);
            Marshal.WriteInt64(block, 16, 0);
            return block;
        }

        // Two plugins in one process, each attaching its own cilbind to this runtime: each runs
        // every call; the first shut down, the second runs on, also after a collection.
        static int TwoPlugins()
        {
            IntPtr first = cilbind_guest_init(Cilbind.Guest.Handover());
            IntPtr second = cilbind_guest_init2(Cilbind.Guest.Handover());
            Console.WriteLine("game: both attached " + (first == IntPtr.Zero && second == IntPtr.Zero));
            Console.WriteLine("game: first plugin returned " + guest_run());
            Console.WriteLine("game: second plugin returned " + guest_run2());
            Console.WriteLine("game: first plugin again returned " + guest_run());
            Console.WriteLine("game: first plugin shut down, released " + cilbind_guest_shutdown());
            Console.WriteLine("game: second plugin after it returned " + guest_run2());
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
            Console.WriteLine("game: second plugin after a collection returned " + guest_run2());
            return 0;
        }

        // The host unloads the domain the plugin attached in and starts the game again in a new
        // one, as Unity does when it reloads its scripts (Mono only): the unload fails while a
        // thread of the plugin's is still in the domain, and goes through once it left; in
        // between, a call into the plugin is an error; in the new domain, the game's bootstrap
        // call adopts it again and every call works as before.
        static int Domains()
        {
            for (int round = 1; round <= 2; round++)
            {
                var domain = AppDomain.CreateDomain("game domain " + round);
                domain.DoCallBack(PlayInDomain);
                // A thread of the plugin's is still in the domain: the unload is refused, and
                // the domain stays as it was.
                try
                {
                    AppDomain.Unload(domain);
                    Console.WriteLine("game: unloaded with the plugin's thread in it");
                }
                catch (CannotUnloadAppDomainException e)
                {
                    Console.WriteLine("game: unload refused: " + e.Message);
                }
                domain.DoCallBack(PlayAgain);
                Console.WriteLine("game: the plugin's thread left, " + guest_park_leave());
                AppDomain.Unload(domain);
                Console.WriteLine("game: domain " + round + " unloaded, then the plugin returned " + guest_run());
                Console.WriteLine("game: its parked thread returned " + guest_unpark(8));
            }
            return 0;
        }

        // After a refused unload, the plugin still works in the domain.
        static void PlayAgain()
        {
            Console.WriteLine("game: still in " + AppDomain.CurrentDomain.FriendlyName + ", the plugin returned " + guest_twice_on_this_thread(7));
        }

        static void PlayInDomain()
        {
            IntPtr error = cilbind_guest_init(Cilbind.Guest.Handover());
            Console.WriteLine("game: in " + AppDomain.CurrentDomain.FriendlyName + ", init " +
                (error == IntPtr.Zero ? "ok" : Marshal.PtrToStringAnsi(error)));
            PlayOnce();
            Console.WriteLine("game: kept " + Scores.CallKept());
            Console.WriteLine("game: a thread of the plugin's parked after " + guest_park());
        }

        // Run by CollectibleHost.cs in a collectible load context of its own, once per context:
        // the plugin attaches (following the context), every call works, a thread of the game
        // calls too, and C# calls what the plugin made.
        static int InCollectibleContext()
        {
            IntPtr error = cilbind_guest_init(Cilbind.Guest.Handover());
            Console.WriteLine("game: init " + (error == IntPtr.Zero ? "ok" : Marshal.PtrToStringAnsi(error)));
            if (error != IntPtr.Zero)
                return 2;
            int status = PlayOnce();
            Console.WriteLine("game: kept " + Scores.CallKept());
            return status;
        }

        // Every call of the plugin's, then a thread the game starts calling into the plugin,
        // which calls the game; returns what the plugin's run returned.
        static int PlayOnce()
        {
            int status = guest_run();
            Console.WriteLine("game: plugin returned " + status);
            int fromThread = 0;
            var thread = new Thread(() => fromThread = guest_twice_on_this_thread(50));
            thread.Start();
            thread.Join();
            Console.WriteLine("game: from a thread of the game " + fromThread);
            return status;
        }

        public static int Main(string[] args)
        {
            if (args.Length == 1 && args[0] == "two")
                return TwoPlugins();
            if (args.Length == 1 && args[0] == "collectible")
                return InCollectibleContext();
            if (args.Length == 1 && args[0] == "domains")
                return Domains();
            bool mono = Type.GetType("Mono.Runtime") != null;
            Console.WriteLine("game: runtime " + (mono ? "mono" : "coreclr"));
            // Before attaching: the plugin may not start a runtime of its own in this process.
            Console.WriteLine("game: plugin's own start refused " + (guest_try_start() == 1));
            // Handovers that are not the bootstrap's: a small number, a foreign block, another
            // version of the bootstrap; on CoreCLR, none at all.
            Refused("handover 1", new IntPtr(1));
            Refused("foreign block", Block(7, 1));
            Refused("version 99", Block(0x444E49424C4943, 99));
            if (!mono)
                Refused("no handover", IntPtr.Zero);
            // A thread of the plugin asks for the runtime while this one attaches it.
            guest_race_start();
            IntPtr error = cilbind_guest_init(Cilbind.Guest.Handover());
            if (error != IntPtr.Zero)
            {
                Console.WriteLine("game: init failed: " + Marshal.PtrToStringAnsi(error));
                return 2;
            }
            Console.WriteLine("game: plugin attached");
            Console.WriteLine("game: a racing get got the adopted runtime " + guest_race_join());
            // Once attached, a second init finds the adopted runtime, handover or not.
            Console.WriteLine("game: second init ok " + (cilbind_guest_init(IntPtr.Zero) == IntPtr.Zero));
            int status = PlayOnce();
            // The counter the plugin made and dropped lives on in C#, wherever a collection moves it.
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
            Console.WriteLine("game: last counter " + (Scores.Last == null ? "null" : Scores.Last.Describe()));
            // The host shuts the plugin down, then unloads it: C# calling what it kept of the
            // plugin throws from then on, and never reaches released Rust values or unmapped code.
            Console.WriteLine("game: kept before shutdown " + Scores.CallKept());
            Console.WriteLine("game: shutdown released " + cilbind_guest_shutdown());
            Console.WriteLine("game: kept after shutdown " + Scores.CallKept());
            Console.WriteLine("game: unload " + Unload());
            Console.WriteLine("game: kept after unload " + Scores.CallKept());
            return status;
        }
    }
}
