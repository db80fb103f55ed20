// A .NET host that loads the game (Game.exe, beside it) into a collectible
// AssemblyLoadContext of its own, as Godot's editor does to reload a game's scripts, runs it
// there, unloads the context and starts the game again in a new one, twice
// (tests/guest.rs, a_game_in_a_collectible_context_…). After each unload it calls the plugin
// itself (an error until the game's new code attached it again) and checks that the runtime
// freed the context: nothing cilbind kept holds it. Last, it loads the game twice at once.
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
        // The game loaded again while its first load is still there: the plugin serves one
        // load of the game at a time, and the second's bootstrap call is refused.
        var first = Load(3);
        Console.WriteLine("host: game 3 returned " + Run(first));
        var second = Load(4);
        Console.WriteLine("host: game 4 returned " + Run(second));
        Unload(second);
        Unload(first);
        return 0;
    }

    static readonly Type contextType =
        typeof(object).Assembly.GetType("System.Runtime.Loader.AssemblyLoadContext", true);

    // A new collectible context with Game.exe loaded into it.
    static object Load(int round)
    {
        var context = contextType.GetConstructor(new[] { typeof(string), typeof(bool) })
            .Invoke(new object[] { "game " + round, true });
        contextType.GetMethod("LoadFromAssemblyPath").Invoke(context, new object[] { Path.GetFullPath("Game.exe") });
        return context;
    }

    // Runs the game loaded into `context`.
    static int Run(object context)
    {
        var assemblies = (System.Collections.Generic.IEnumerable<Assembly>)contextType.GetProperty("Assemblies").GetValue(context, null);
        foreach (var game in assemblies)
            return (int)game.EntryPoint.Invoke(null, new object[] { new[] { "collectible" } });
        throw new InvalidOperationException("no game in the context");
    }

    static void Unload(object context)
    {
        contextType.GetMethod("Unload").Invoke(context, null);
    }

    // Loads the game into a new collectible context, runs it and unloads the context; returns
    // the context, weakly (no reference to it may stay on this frame).
    [MethodImpl(MethodImplOptions.NoInlining)]
    static WeakReference Play(int round)
    {
        var context = Load(round);
        Console.WriteLine("host: game " + round + " returned " + Run(context));
        Unload(context);
        return new WeakReference(context);
    }
}
