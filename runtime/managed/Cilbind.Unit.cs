// The reloadable unit on CoreCLR: a collectible AssemblyLoadContext that the assemblies Rust
// loads go into, and what the helper must let go of for the runtime to free it.
using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Reflection.Emit;
using System.Threading;

namespace Cilbind
{
    /// <summary>
    /// A runtime started reloadable loads every assembly Rust asks for (and what they reference
    /// next to their files) into a collectible <c>AssemblyLoadContext</c> (.NET Core 3.0 on). A
    /// reload unloads it and starts another. Unloading is cooperative: <c>Unload()</c> only
    /// starts it, and the runtime frees the context's code, types and statics once nothing
    /// references them any more: no object of the unit, no type, method or delegate of it, in a
    /// static or a GC handle anywhere. So before <c>Unload()</c> the helper lets go of everything
    /// it keeps for the unit (<see cref="Unload"/>), and each unloaded context is watched
    /// through a weak reference (<see cref="Alive"/>).
    ///
    /// The helper is built against a profile that has no <c>AssemblyLoadContext</c>: it is
    /// reached by reflection. On Mono (whose reloadable unit is an AppDomain) none of this runs.
    /// </summary>
    static class Unit
    {
        static readonly object gate = new object();
        /// <summary>The current unit's context; null when the runtime is not reloadable.</summary>
        static object context;
        /// <summary>The current unit's assemblies by simple name (what their references to each
        /// other resolve to) and the folders of their files (where other references are looked
        /// for, as Mono looks next to the file it loaded).</summary>
        static Dictionary<string, Assembly> byName = new Dictionary<string, Assembly>();
        static List<string> folders = new List<string>();
        /// <summary>Every context unloaded so far, weakly: alive until the runtime freed it.</summary>
        static readonly List<WeakReference> retired = new List<WeakReference>();
        static int started;

        static Type contextType;
        static MethodInfo loadFromStream;
        static MethodInfo unload;
        static PropertyInfo memberCollectible;
        static PropertyInfo assemblyCollectible;

        /// <summary>True while a collectible unit is current: what the helper emits for the unit
        /// must then be collectible too (a non-collectible assembly may not reference a
        /// collectible one).</summary>
        internal static bool IsCollectible
        {
            get { return context != null; }
        }

        delegate AssemblyBuilder Definer(AssemblyName name, AssemblyBuilderAccess access);

        /// <summary><c>Assembly.IsCollectible</c> (.NET Core 3.0 on; null where it does not exist).</summary>
        static readonly PropertyInfo isCollectibleAssembly = typeof(Assembly).GetProperty("IsCollectible");

        /// <summary>
        /// Refuses, with the reason, to emit code that calls into or extends <paramref name="t"/>
        /// when a collectible load context that is not a unit of cilbind's holds its assembly (a
        /// host that loads its game into one, as an engine's editor may to reload the game's
        /// scripts): the helper emits into a non-collectible assembly then, which may not
        /// reference a collectible one, and the runtime's own refusal ("A non-collectible
        /// assembly may not reference a collectible assembly") does not say what to do.
        /// </summary>
        internal static void RefuseForeignCollectible(Type t)
        {
            if (IsCollectible || t == null || isCollectibleAssembly == null)
                return;
            if ((bool)isCollectibleAssembly.GetValue(t.Assembly, null))
                throw new NotSupportedException(t.Assembly.GetName().Name + " is in a collectible AssemblyLoadContext " +
                    "that its host made (as an engine's editor may, to reload a game's scripts): cilbind calls into a " +
                    "collectible context only as a unit of its own (a runtime started reloadable), not as a guest; the " +
                    "host must load the game into the default context");
        }

        /// <summary>The modules emitted for the current unit, by name, and whether each was
        /// defined in the unit's context (see <see cref="Module"/>).</summary>
        static readonly Dictionary<string, KeyValuePair<ModuleBuilder, bool>> modules =
            new Dictionary<string, KeyValuePair<ModuleBuilder, bool>>();

        /// <summary>
        /// The collectible module <paramref name="name"/> of the current unit, where the helper
        /// emits what calls into the unit (entries, trampolines): collectible, since a
        /// non-collectible assembly may not reference a collectible one, and going with the unit.
        ///
        /// Its references to the unit's assemblies are by name, bound in the context of the
        /// assembly that defined the dynamic one (in .NET Core 3.1 the contextual reflection
        /// context does not count there). So it is defined from a dynamic method owned by a
        /// module of the unit, which makes the unit's context the one that binds them. Before
        /// the unit has an assembly it is defined plainly (it can reference only the framework
        /// then), and defined again in the unit's context once the unit has one.
        /// </summary>
        internal static ModuleBuilder Module(string name)
        {
            lock (gate)
            {
                Module owner = null;
                foreach (var a in byName.Values)
                {
                    owner = a.ManifestModule;
                    break;
                }
                KeyValuePair<ModuleBuilder, bool> known;
                if (modules.TryGetValue(name, out known) && (known.Value || owner == null))
                    return known.Key;
                AssemblyBuilder made;
                if (owner == null)
                    made = AssemblyBuilder.DefineDynamicAssembly(new AssemblyName(name), AssemblyBuilderAccess.RunAndCollect);
                else
                {
                    var dm = new DynamicMethod("Define", typeof(AssemblyBuilder),
                        new[] { typeof(AssemblyName), typeof(AssemblyBuilderAccess) }, owner, true);
                    var il = dm.GetILGenerator();
                    il.Emit(OpCodes.Ldarg_0);
                    il.Emit(OpCodes.Ldarg_1);
                    il.Emit(OpCodes.Call, typeof(AssemblyBuilder).GetMethod("DefineDynamicAssembly",
                        new[] { typeof(AssemblyName), typeof(AssemblyBuilderAccess) }));
                    il.Emit(OpCodes.Ret);
                    var define = (Definer)dm.CreateDelegate(typeof(Definer));
                    made = define(new AssemblyName(name), AssemblyBuilderAccess.RunAndCollect);
                }
                var module = made.DefineDynamicModule(name);
                modules[name] = new KeyValuePair<ModuleBuilder, bool>(module, owner != null);
                return module;
            }
        }

        /// <summary>Starts a new collectible context named <paramref name="name"/>: the
        /// current unit from now on.</summary>
        internal static void Start(string name)
        {
            lock (gate)
            {
                if (contextType == null)
                {
                    contextType = Type.GetType("System.Runtime.Loader.AssemblyLoadContext, System.Runtime.Loader", true);
                    var ctor = contextType.GetConstructor(new[] { typeof(string), typeof(bool) });
                    if (ctor == null)
                        throw new NotSupportedException("this .NET has no collectible AssemblyLoadContext (it needs .NET Core 3.0 or later)");
                    loadFromStream = contextType.GetMethod("LoadFromStream", new[] { typeof(Stream) });
                    unload = contextType.GetMethod("Unload", Type.EmptyTypes);
                    memberCollectible = typeof(MemberInfo).GetProperty("IsCollectible");
                    assemblyCollectible = typeof(Assembly).GetProperty("IsCollectible");
                }
                var c = contextType.GetConstructor(new[] { typeof(string), typeof(bool) })
                    .Invoke(new object[] { name + "#" + (++started), true });
                // Resolving is a Func<AssemblyLoadContext, AssemblyName, Assembly>: bound to a
                // method whose first parameter is object (delegates take a base type there).
                var resolving = contextType.GetEvent("Resolving");
                resolving.AddEventHandler(c, Delegate.CreateDelegate(resolving.EventHandlerType,
                    typeof(Unit).GetMethod("Resolve", BindingFlags.NonPublic | BindingFlags.Static)));
                context = c;
                byName = new Dictionary<string, Assembly>();
                folders = new List<string>();
            }
        }

        /// <summary>Loads the image <paramref name="bytes"/> (read from the file
        /// <paramref name="path"/>) into the current unit.</summary>
        internal static Assembly Load(byte[] bytes, string path)
        {
            lock (gate)
            {
                var folder = Path.GetDirectoryName(path);
                if (!folders.Contains(folder))
                    folders.Add(folder);
                return LoadLocked(bytes);
            }
        }

        static Assembly LoadLocked(byte[] bytes)
        {
            Assembly loaded;
            try
            {
                loaded = (Assembly)loadFromStream.Invoke(context, new object[] { new MemoryStream(bytes, false) });
            }
            catch (TargetInvocationException e)
            {
                throw e.InnerException ?? e;
            }
            byName[loaded.GetName().Name] = loaded;
            return loaded;
        }

        /// <summary>A reference of a unit assembly that neither the unit nor the framework has:
        /// one loaded into the unit already, else a file of that name next to the unit's files,
        /// loaded into the unit (from its bytes, so that a rebuild may overwrite the file).</summary>
        static Assembly Resolve(object requester, AssemblyName name)
        {
            try
            {
                lock (gate)
                {
                    if (requester != context)
                        return null;
                    Assembly known;
                    if (byName.TryGetValue(name.Name, out known))
                        return known;
                    foreach (var folder in folders)
                    {
                        var file = Path.Combine(folder, name.Name + ".dll");
                        if (File.Exists(file))
                            return LoadLocked(File.ReadAllBytes(file));
                    }
                    return null;
                }
            }
            catch
            {
                // The binder reports the reference as missing; nothing may escape a resolver.
                return null;
            }
        }

        /// <summary>Lets go of everything the helper keeps for the current unit, starts its
        /// unloading and watches it; the runtime has no current unit until <see cref="Start"/>.
        /// Returns the interned handles freed (native code forgets what it read of them: the
        /// values may be reused).</summary>
        internal static List<IntPtr> Unload()
        {
            lock (gate)
            {
                if (context == null)
                    throw new InvalidOperationException("no reloadable unit is current");
                var freed = Bridge.ReleaseUnit();
                Entries.ReleaseUnit();
                Trampolines.ReleaseUnit();
                Proxies.ReleaseUnit();
                Callbacks.ReleaseUnit();
                Heap.ReleaseUnit();
                SlotTable.ReleaseUnit();
                modules.Clear();
                var old = context;
                context = null;
                byName = new Dictionary<string, Assembly>();
                folders = new List<string>();
                try
                {
                    unload.Invoke(old, null);
                }
                catch (TargetInvocationException e)
                {
                    throw e.InnerException ?? e;
                }
                retired.Add(new WeakReference(old));
                return freed;
            }
        }

        /// <summary>How many unloaded contexts are still alive after up to
        /// <paramref name="rounds"/> rounds of a full collection and a wait for finalizers
        /// (a context is freed over several: its loader's finalizer runs, then the next
        /// collection frees it). The count of those that went is <c>retired - alive</c>.</summary>
        internal static int Alive(int rounds, out int retiredCount)
        {
            for (int i = 0; i < rounds && CountAlive() > 0; i++)
            {
                GC.Collect();
                GC.WaitForPendingFinalizers();
            }
            lock (gate)
            {
                retiredCount = retired.Count;
                return CountAlive();
            }
        }

        static int CountAlive()
        {
            lock (gate)
            {
                int alive = 0;
                foreach (var w in retired)
                    if (w.IsAlive)
                        alive++;
                return alive;
            }
        }

        /// <summary>True for metadata of a collectible assembly (the unit's, or code emitted
        /// for it): a type (generic instantiations over the unit's types included), a member,
        /// an assembly.</summary>
        internal static bool IsOfUnit(object o)
        {
            if (o == null)
                return false;
            var member = o as MemberInfo;
            if (member != null && memberCollectible != null)
                return (bool)memberCollectible.GetValue(member, null);
            var assembly = o as Assembly;
            if (assembly != null && assemblyCollectible != null)
                return (bool)assemblyCollectible.GetValue(assembly, null);
            return false;
        }

        /// <summary>Removes the keys that belong to the unit from one of the helper's caches.</summary>
        internal static void Forget<T>(Dictionary<Type, T> cache)
        {
            var gone = new List<Type>();
            foreach (var t in cache.Keys)
                if (IsOfUnit(t))
                    gone.Add(t);
            foreach (var t in gone)
                cache.Remove(t);
        }

        /// <summary>How many managed frames are on the calling thread's stack below this one
        /// and the <paramref name="own"/> frames that called it (the bridge function that asks):
        /// more than none means Rust was called from managed code.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        internal static int FramesBelow(int own)
        {
            return new System.Diagnostics.StackTrace(1 + own, false).FrameCount;
        }
    }
}
