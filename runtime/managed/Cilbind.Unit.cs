// The reloadable unit on CoreCLR: a collectible AssemblyLoadContext that the assemblies Rust
// loads go into, and what the helper must let go of for the runtime to free it.
using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Reflection.Emit;
using System.Runtime.InteropServices;
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
        static MethodInfo getLoadContext;
        /// <summary><c>MemberInfo.IsCollectible</c> and <c>Assembly.IsCollectible</c> (.NET Core
        /// 3.0 on; null where they do not exist).</summary>
        static readonly PropertyInfo memberCollectible = typeof(MemberInfo).GetProperty("IsCollectible");
        static readonly PropertyInfo assemblyCollectible = typeof(Assembly).GetProperty("IsCollectible");

        /// <summary>True while a collectible unit is current: what the helper emits for the unit
        /// must then be collectible too (a non-collectible assembly may not reference a
        /// collectible one).</summary>
        internal static bool IsCollectible
        {
            get { return context != null; }
        }

        delegate AssemblyBuilder Definer(AssemblyName name, AssemblyBuilderAccess access);

        /// <summary>True while the current unit is a collectible load context of the host's that
        /// cilbind follows (guest mode: see <see cref="Follow"/>), not one cilbind made.</summary>
        static bool follows;

        /// <summary>What Rust gave to be told that a followed context unloads (guest mode on
        /// CoreCLR); null when cilbind started the runtime.</summary>
        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        delegate void HostUnloadsFn();
        static HostUnloadsFn hostUnloads;

        /// <summary>True while the current unit is a host's context cilbind follows: assemblies
        /// cilbind loads from files do not go into it.</summary>
        internal static bool Follows
        {
            get { return follows; }
        }

        /// <summary>Guest mode on CoreCLR: <paramref name="callback"/>, a native function, is
        /// called when a collectible context of the host's that cilbind follows starts unloading
        /// (Rust lets go of what it holds there, then has the helper do the same through
        /// <see cref="Unload"/>).</summary>
        internal static void FollowHostUnloads(IntPtr callback)
        {
            var fn = (HostUnloadsFn)Marshal.GetDelegateForFunctionPointer(callback, typeof(HostUnloadsFn));
            lock (gate)
                hostUnloads = fn;
        }

        /// <summary>
        /// Called before code is emitted that calls into or extends <paramref name="member"/>:
        /// when a collectible load context holds an assembly it names, the helper must emit into
        /// collectible modules bound in that context (a non-collectible assembly may not
        /// reference a collectible one), which it does for the unit's context: cilbind's own
        /// reloadable unit, or in guest mode the host's context of the game that cilbind follows
        /// (<see cref="TryFollow"/>: a host that loads its game into one, as Godot's editor does
        /// to reload the game's scripts). When the host unloads a followed context (its
        /// <c>Unloading</c> event) Rust and the helper let go of everything they keep there, so
        /// the context can be freed, and every call is an error until the game's code calls the
        /// plugin's bootstrap entry again. Any other collectible context is refused with the
        /// reason.
        /// </summary>
        internal static void Follow(MemberInfo member)
        {
            var assembly = CollectibleAssemblyOf(member);
            if (assembly == null)
                return;
            lock (gate)
            {
                EnsureContextType();
                var owner = getLoadContext.Invoke(null, new object[] { assembly });
                if (owner == context)
                {
                    if (!byName.ContainsKey(assembly.GetName().Name))
                        byName[assembly.GetName().Name] = assembly;
                    return;
                }
                string name = assembly.GetName().Name;
                foreach (var w in retired)
                    if (w.Target == owner)
                        throw new InvalidOperationException(name + " is in a load context that has been unloaded");
                if (context != null && !follows)
                    throw new NotSupportedException(name + " is in a collectible AssemblyLoadContext other than cilbind's " +
                        "reloadable unit: cilbind calls into one collectible context at a time");
                if (context != null)
                    throw new NotSupportedException(name + " is in a collectible AssemblyLoadContext of its host other " +
                        "than the one cilbind follows (" + string.Join(", ", new List<string>(byName.Keys).ToArray()) +
                        "'s): cilbind follows one such context at a time");
                if (hostUnloads == null)
                    throw new NotSupportedException(name + " is in a collectible AssemblyLoadContext that cilbind did not " +
                        "make: cilbind follows a host's collectible context only as a guest plugin (Runtime::attach); " +
                        "a runtime cilbind starts loads into a unit of its own (Runtime::start_reloadable)");
                throw new NotSupportedException(name + " is in a collectible AssemblyLoadContext that no assembly of the " +
                    "plugin's bindings is in: cilbind follows the collectible context of the game its bindings name (found " +
                    "by name), not the context of an object handed to it (a mod's, say), whose unload would retire the plugin");
            }
        }

        /// <summary>Guest mode: follows the collectible context of <paramref name="assembly"/>,
        /// one the bindings name (found by name for their <c>init()</c>), when no unit is
        /// current, as <see cref="Follow"/> does: so the game's context is followed from the
        /// moment the plugin knows anything of it, not only once code calling into it is
        /// emitted. Only what the bindings name: an object of another collectible context
        /// (a mod's, say) that the game hands the plugin does not make cilbind follow that one.
        /// Never throws; what it cannot follow is refused (with the reason) when code calling
        /// into it is emitted.</summary>
        internal static void TryFollow(Assembly assembly)
        {
            if (hostUnloads == null)
                return;
            try
            {
                if (assemblyCollectible == null || !(bool)assemblyCollectible.GetValue(assembly, null))
                    return;
                lock (gate)
                {
                    if (context != null)
                        return;
                    EnsureContextType();
                    var owner = getLoadContext.Invoke(null, new object[] { assembly });
                    foreach (var w in retired)
                        if (w.Target == owner)
                            return;
                    FollowLocked(assembly, owner);
                }
            }
            catch
            {
                // Left to Follow, which says why.
            }
        }

        /// <summary>Makes <paramref name="owner"/>, the host's context of
        /// <paramref name="assembly"/>, the unit cilbind follows (under the gate).</summary>
        static void FollowLocked(Assembly assembly, object owner)
        {
            context = owner;
            follows = true;
            byName = new Dictionary<string, Assembly>();
            byName[assembly.GetName().Name] = assembly;
            folders = new List<string>();
            modules.Clear();
            var unloading = contextType.GetEvent("Unloading");
            unloading.AddEventHandler(owner, Delegate.CreateDelegate(unloading.EventHandlerType,
                typeof(Unit).GetMethod("HostUnloads", BindingFlags.NonPublic | BindingFlags.Static)));
        }

        /// <summary>The host started unloading a context (its <c>Unloading</c> event, raised on
        /// the unloading thread before anything is freed): if it is the one cilbind follows, Rust
        /// lets go of what it holds there and has the helper do the same. Never throws.</summary>
        static void HostUnloads(object unloading)
        {
            HostUnloadsFn tell;
            lock (gate)
            {
                if (!follows || unloading != context)
                    return;
                tell = hostUnloads;
            }
            try
            {
                tell();
            }
            catch
            {
                // Rust never unwinds into here; nothing may escape into the host's Unload.
            }
        }

        /// <summary>An assembly in a collectible load context that <paramref name="member"/>
        /// names (its type, a generic argument, an element type, a parameter or return type);
        /// null when it names none.</summary>
        static Assembly CollectibleAssemblyOf(MemberInfo member)
        {
            if (member == null || memberCollectible == null || !(bool)memberCollectible.GetValue(member, null))
                return null;
            var type = member as Type;
            if (type != null)
                return CollectibleIn(type, 0);
            var method = member as MethodBase;
            var found = CollectibleIn(member.DeclaringType, 0);
            if (found != null || method == null)
                return found;
            if (method.IsGenericMethod)
                foreach (var a in method.GetGenericArguments())
                    if ((found = CollectibleIn(a, 0)) != null)
                        return found;
            foreach (var p in method.GetParameters())
                if ((found = CollectibleIn(p.ParameterType, 0)) != null)
                    return found;
            var info = method as MethodInfo;
            return info != null ? CollectibleIn(info.ReturnType, 0) : null;
        }

        static Assembly CollectibleIn(Type t, int depth)
        {
            if (t == null || depth > 32 || t.IsGenericParameter)
                return null;
            if ((bool)assemblyCollectible.GetValue(t.Assembly, null))
                return t.Assembly;
            if (t.HasElementType)
                return CollectibleIn(t.GetElementType(), depth + 1);
            if (t.IsGenericType)
                foreach (var a in t.GetGenericArguments())
                {
                    var found = CollectibleIn(a, depth + 1);
                    if (found != null)
                        return found;
                }
            return null;
        }

        /// <summary>True for an assembly of a context cilbind followed or made that has been
        /// unloaded since (it may stay listed among the loaded assemblies until collected).</summary>
        internal static bool IsRetired(Assembly assembly)
        {
            if (assemblyCollectible == null || !(bool)assemblyCollectible.GetValue(assembly, null))
                return false;
            lock (gate)
            {
                if (retired.Count == 0)
                    return false;
                EnsureContextType();
                var owner = getLoadContext.Invoke(null, new object[] { assembly });
                foreach (var w in retired)
                    if (w.Target == owner)
                        return true;
                return false;
            }
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

        /// <summary>Finds <c>AssemblyLoadContext</c>'s members, once (under the gate).</summary>
        static void EnsureContextType()
        {
            if (contextType != null)
                return;
            var t = Type.GetType("System.Runtime.Loader.AssemblyLoadContext, System.Runtime.Loader", true);
            if (t.GetConstructor(new[] { typeof(string), typeof(bool) }) == null)
                throw new NotSupportedException("this .NET has no collectible AssemblyLoadContext (it needs .NET Core 3.0 or later)");
            loadFromStream = t.GetMethod("LoadFromStream", new[] { typeof(Stream) });
            unload = t.GetMethod("Unload", Type.EmptyTypes);
            getLoadContext = t.GetMethod("GetLoadContext", new[] { typeof(Assembly) });
            contextType = t;
        }

        /// <summary>Starts a new collectible context named <paramref name="name"/>: the
        /// current unit from now on.</summary>
        internal static void Start(string name)
        {
            lock (gate)
            {
                EnsureContextType();
                var c = contextType.GetConstructor(new[] { typeof(string), typeof(bool) })
                    .Invoke(new object[] { name + "#" + (++started), true });
                // Resolving is a Func<AssemblyLoadContext, AssemblyName, Assembly>: bound to a
                // method whose first parameter is object (delegates take a base type there).
                var resolving = contextType.GetEvent("Resolving");
                resolving.AddEventHandler(c, Delegate.CreateDelegate(resolving.EventHandlerType,
                    typeof(Unit).GetMethod("Resolve", BindingFlags.NonPublic | BindingFlags.Static)));
                context = c;
                follows = false;
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
        /// unloading (a followed context of the host's is unloading already: the host started
        /// it) and watches it; the runtime has no current unit until <see cref="Start"/> or
        /// <see cref="TryFollow"/>. Returns the interned handles freed (native code forgets what it
        /// read of them: the values may be reused).</summary>
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
                Relays.ReleaseUnit();
                Heap.ReleaseUnit();
                Metadata.ReleaseUnit();
                Natives.ReleaseUnit();
                SlotTable.ReleaseUnit();
                modules.Clear();
                var old = context;
                bool followed = follows;
                context = null;
                follows = false;
                byName = new Dictionary<string, Assembly>();
                folders = new List<string>();
                retired.Add(new WeakReference(old));
                if (!followed)
                {
                    try
                    {
                        unload.Invoke(old, null);
                    }
                    catch (TargetInvocationException e)
                    {
                        throw e.InnerException ?? e;
                    }
                }
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
