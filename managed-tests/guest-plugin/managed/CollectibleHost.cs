// A .NET host that loads the game (Game.exe, beside it) into a collectible
// AssemblyLoadContext of its own, as Godot's editor does to reload a game's scripts, runs it
// there, unloads the context and starts the game again in a new one, twice
// (tests/guest.rs, a_game_in_a_collectible_context_…). After each unload it calls the plugin
// itself (an error until the game's new code attached it again) and checks that the runtime
// freed the context: nothing cilbind kept holds it.
// The load context is reached by reflection: mcs compiles against Mono's profile, which has none.
using System;
using System.IO;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

static class CollectibleHost
{
    [DllImport("guest_plugin")] static extern int guest_twice_on_this_thread(int x);

    static int Main(string[] args)
    {
        for (int round = 1; round <= 2; round++)
        {
            var context = Play(round);
            Console.WriteLine("host: context " + round + " unloading, then the plugin returned " + guest_twice_on_this_thread(4));
            bool freed = false;
            for (int i = 0; i < 20 && !freed; i++)
            {
                GC.Collect();
                GC.WaitForPendingFinalizers();
                freed = !context.IsAlive;
            }
            Console.WriteLine("host: context " + round + " freed " + freed);
        }
        return 0;
    }

    // Loads the game into a new collectible context, runs it and unloads the context; returns
    // the context, weakly (no reference to it may stay on this frame).
    [MethodImpl(MethodImplOptions.NoInlining)]
    static WeakReference Play(int round)
    {
        var contextType = typeof(object).Assembly.GetType("System.Runtime.Loader.AssemblyLoadContext", true);
        var context = contextType.GetConstructor(new[] { typeof(string), typeof(bool) })
            .Invoke(new object[] { "game " + round, true });
        var game = (Assembly)contextType.GetMethod("LoadFromAssemblyPath")
            .Invoke(context, new object[] { Path.GetFullPath("Game.exe") });
        int status = (int)game.EntryPoint.Invoke(null, new object[] { new[] { "collectible" } });
        Console.WriteLine("host: game " + round + " returned " + status);
        contextType.GetMethod("Unload").Invoke(context, null);
        return new WeakReference(context);
    }
}
