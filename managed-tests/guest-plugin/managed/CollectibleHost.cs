// A .NET host that loads the game (Game.exe, beside it) into a collectible
// AssemblyLoadContext of its own, as an engine's editor may to reload a game's scripts, runs the
// game's Main there, then unloads the context (tests/guest.rs, a_game_in_a_collectible_…).
// The load context is reached by reflection: mcs compiles against Mono's profile, which has none.
using System;
using System.IO;
using System.Reflection;

static class CollectibleHost
{
    static int Main(string[] args)
    {
        var contextType = typeof(object).Assembly.GetType("System.Runtime.Loader.AssemblyLoadContext", true);
        var context = contextType.GetConstructor(new[] { typeof(string), typeof(bool) })
            .Invoke(new object[] { "game", true });
        var game = (Assembly)contextType.GetMethod("LoadFromAssemblyPath")
            .Invoke(context, new object[] { Path.GetFullPath("Game.exe") });
        int status = (int)game.EntryPoint.Invoke(null, new object[] { new string[0] });
        Console.WriteLine("host: game returned " + status);
        contextType.GetMethod("Unload").Invoke(context, null);
        return 0;
    }
}
