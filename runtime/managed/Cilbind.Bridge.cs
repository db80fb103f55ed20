// The CoreCLR backend's managed half: the entry points native code calls on a runtime that has
// no embedding API beyond starting it and making one delegate (coreclr_create_delegate).
//
// Rust calls `Bridge.Init` through that one delegate; it fills a table with function pointers
// to the bridge's other entry points (Marshal.GetFunctionPointerForDelegate of delegates kept
// alive in statics, so the collector never frees what native code holds). Every entry point
// catches every exception and hands it back as a value: on CoreCLR an exception escaping into
// native code aborts the process.
//
// Metadata (assemblies, types, methods) crosses as normal GC handles that are never freed: a
// handle is one word, stable while the collector moves the object, and metadata lives as long
// as the runtime. Errors and strings cross as NUL-terminated UTF-8 in memory from
// Marshal.AllocHGlobal, which Rust gives back through `Free`.
using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Reflection.Emit;
using System.Runtime.InteropServices;
using System.Text;
using System.Threading;

namespace Cilbind
{
    public static unsafe class Bridge
    {
        /// <summary>The version of the table <see cref="Init"/> fills; Rust refuses another.</summary>
        public const int Version = 14;

        delegate IntPtr LoadAssemblyFn(byte* path, IntPtr* error);
        delegate IntPtr FindTypeFn(IntPtr assembly, byte* fullName, IntPtr* error);
        delegate IntPtr FindMethodFn(IntPtr type, byte* name, byte* parameters, IntPtr* error);
        delegate IntPtr MakeEntryFn(IntPtr method, long mask, long spans, IntPtr* thisProved, IntPtr* error);
        delegate IntPtr DescribeFn(IntPtr handle);
        delegate void FreeFn(IntPtr memory);
        delegate void FreeHandleFn(IntPtr handle);
        delegate int NewSegmentFn(int length, IntPtr versions, IntPtr classes, IntPtr* error);
        delegate int MoveFn(long from, long to);
        delegate long HoldFn(long word);
        delegate long NewStringFn(char* data, int length);
        delegate int ReadStringFn(long word, char* buffer, int capacity);
        delegate IntPtr TypeNameFn(long word);
        delegate IntPtr FactsFn(IntPtr handle, int what, IntPtr* error);
        delegate IntPtr MakeTypeFn(IntPtr definition, IntPtr* args, int count, IntPtr* error);
        delegate int AssignableFn(IntPtr to, IntPtr from);
        delegate long BoxFn(IntPtr type, byte* data, int size, IntPtr* error);
        delegate int UnboxFn(long word, byte* dest, int capacity);
        delegate IntPtr ClassOfFn(long word);
        delegate long ArrayNewFn(IntPtr element, long length, IntPtr* error);
        delegate long ArrayLengthFn(long word);
        delegate long ArrayGetFn(long array, long index, IntPtr* error);
        delegate void ArraySetFn(long array, long index, long value, IntPtr* error);
        delegate void ArrayCopyFn(long array, byte* data, long bytes, int intoArray, IntPtr* error);
        delegate long TypeObjectFn(IntPtr type);
        delegate long FieldGetFn(IntPtr field, long target, IntPtr* error);
        delegate void FieldSetFn(IntPtr field, long target, long value, IntPtr* error);
        delegate void RunClassConstructorFn(IntPtr type, IntPtr* exception, IntPtr* error);
        delegate int SameFn(long a, long b);
        delegate long PointerAddressFn(long word, IntPtr* error);
        delegate long BoxDefaultFn(IntPtr type, IntPtr* error);
        delegate long ArrayNewMdFn(IntPtr element, long* lengths, int rank, IntPtr* error);
        delegate void CopyBoxFn(long dest, long src, IntPtr* error);
        delegate IntPtr LoadBytesFn(byte* data, long size, byte* path, IntPtr* error);
        delegate long InvokeFn(IntPtr method, long target, long args, IntPtr* exception, IntPtr* error);
        delegate void StartUnitFn(byte* name, IntPtr* error);
        delegate IntPtr UnloadUnitFn(IntPtr* error);
        delegate int UnitsAliveFn(int rounds, int* retired);
        delegate int ManagedFramesFn();
        delegate IntPtr MakeBoxerFn(IntPtr type, int size, IntPtr* error);
        delegate IntPtr TrampolineFn(IntPtr method, long mask, long spans, IntPtr* error);
        delegate IntPtr FindLoadedFn(byte* name, IntPtr* error);
        delegate IntPtr RuntimeFolderFn();
        delegate int ClearSlotsFn(long* words, int count);
        delegate int FollowHostUnloadsFn(IntPtr callback);
        delegate int InitFn(IntPtr table, int count);

        // The delegates behind the pointers Init hands out, in table order; never collected.
        static readonly Delegate[] exported =
        {
            new LoadAssemblyFn(LoadAssembly),
            new FindTypeFn(FindType),
            new FindMethodFn(FindMethod),
            new MakeEntryFn(MakeEntry),
            new DescribeFn(Describe),
            new FreeFn(Free),
            new FreeHandleFn(FreeHandle),
            new NewSegmentFn(NewSegment),
            new MoveFn(Move),
            new HoldFn(Hold),
            new NewStringFn(NewString),
            new ReadStringFn(ReadString),
            new TypeNameFn(TypeName),
            new FactsFn(Facts),
            new MakeTypeFn(MakeType),
            new AssignableFn(IsAssignable),
            new BoxFn(Heap.Box),
            new UnboxFn(Heap.Unbox),
            new ClassOfFn(Heap.ClassOf),
            new ArrayNewFn(Heap.ArrayNew),
            new ArrayLengthFn(Heap.ArrayLength),
            new ArrayGetFn(Heap.ArrayGet),
            new ArraySetFn(Heap.ArraySet),
            new ArrayCopyFn(Heap.ArrayCopy),
            new TypeObjectFn(Heap.TypeObject),
            new FieldGetFn(Heap.FieldGet),
            new FieldSetFn(Heap.FieldSet),
            new RunClassConstructorFn(Heap.RunClassConstructor),
            new InvokeFn(Heap.Invoke),
            new SameFn(Heap.Same),
            new PointerAddressFn(Heap.PointerAddress),
            new BoxDefaultFn(Heap.BoxDefault),
            new ArrayNewMdFn(Heap.ArrayNewMd),
            new CopyBoxFn(Heap.CopyBox),
            new LoadBytesFn(LoadBytes),
            new StartUnitFn(StartUnit),
            new UnloadUnitFn(UnloadUnit),
            new UnitsAliveFn(UnitsAlive),
            new ManagedFramesFn(ManagedFrames),
            new MakeBoxerFn(Heap.MakeBoxer),
            new TrampolineFn(Trampoline),
            new FindLoadedFn(FindLoaded),
            new RuntimeFolderFn(RuntimeFolder),
            new ClearSlotsFn(ClearSlots),
            new FollowHostUnloadsFn(FollowHostUnloads),
        };

        // Init's own delegate, for a runtime the helper was loaded into by a host's bootstrap
        // (guest mode: see Guest); never collected.
        static readonly InitFn init = Init;

        /// <summary>
        /// Fills <paramref name="table"/> (room for <paramref name="count"/> pointers) with the
        /// bridge's entry points and returns <see cref="Version"/> when the table's size is the
        /// one this helper has, or -1 (nothing written) when it is not.
        /// </summary>
        public static int Init(IntPtr table, int count)
        {
            try
            {
                if (count != exported.Length)
                    return -1;
                for (int i = 0; i < exported.Length; i++)
                    ((IntPtr*)table)[i] = Marshal.GetFunctionPointerForDelegate(exported[i]);
                return Version;
            }
            catch
            {
                return -1;
            }
        }

        /// <summary>
        /// Guest mode: a host process runs the runtime and its bootstrap (Cilbind.Guest.cs,
        /// compiled into the game) loaded this helper from the bytes the Rust plugin passed, with
        /// <c>Assembly.Load(byte[])</c>; it calls this and hands the result to the plugin, which
        /// has no <c>coreclr_create_delegate</c> to reach <see cref="Init"/> otherwise: a
        /// native-callable pointer to <see cref="Init"/>.
        /// </summary>
        public static IntPtr Guest()
        {
            return Marshal.GetFunctionPointerForDelegate(init);
        }

        /// <summary>The assembly with the simple name <paramref name="name"/>: this helper for its
        /// own name, else one the process loaded already (the host's program and what it
        /// loaded), else the one the runtime binds that name to (the framework's, the
        /// application's folder).</summary>
        static IntPtr FindLoaded(byte* name, IntPtr* error)
        {
            try
            {
                var simple = Utf8(name);
                var helper = typeof(Bridge).Assembly;
                if (simple == helper.GetName().Name)
                    return Intern(helper);
                foreach (var a in AppDomain.CurrentDomain.GetAssemblies())
                {
                    // Not one of a context the host unloaded, listed until it is collected.
                    if (!a.IsDynamic && a.GetName().Name == simple && !Unit.IsRetired(a))
                    {
                        // Guest mode: an assembly the bindings name, in a collectible context
                        // of the host's, has cilbind follow that context from now on.
                        Unit.TryFollow(a);
                        return Intern(a);
                    }
                }
                return Intern(Assembly.Load(new AssemblyName(simple)));
            }
            catch (Exception e)
            {
                *error = Message(e);
                return IntPtr.Zero;
            }
        }

        /// <summary>The folder of the class library that runs (the framework's, named after its
        /// version), as UTF-8 (zero when it cannot be told).</summary>
        static IntPtr RuntimeFolder()
        {
            try
            {
                return Utf8Alloc(Path.GetDirectoryName(typeof(object).Assembly.Location));
            }
            catch
            {
                return IntPtr.Zero;
            }
        }

        static IntPtr LoadAssembly(byte* path, IntPtr* error)
        {
            try
            {
                return Intern(LoadFromPath(Utf8(path)));
            }
            catch (Exception e)
            {
                *error = Message(e);
                return IntPtr.Zero;
            }
        }

        /// <summary>The folders of the assemblies loaded from bytes, where their references are
        /// looked for (as Mono looks next to the file it loaded).</summary>
        static readonly List<string> folders = new List<string>();
        static bool resolving;

        /// <summary>Loads the assembly whose <paramref name="size"/> bytes are at
        /// <paramref name="data"/> (read and checked by native code from the file at
        /// <paramref name="path"/>) into the default load context: CoreCLR runs the bytes it was
        /// given, whatever happens to the file afterwards. References it makes are resolved from
        /// the runtime's folders, then from the folders of the assemblies loaded so.</summary>
        static IntPtr LoadBytes(byte* data, long size, byte* path, IntPtr* error)
        {
            try
            {
                var bytes = new byte[checked((int)size)];
                Marshal.Copy((IntPtr)data, bytes, 0, bytes.Length);
                if (Unit.IsCollectible && !Unit.Follows)
                    return Intern(Unit.Load(bytes, Utf8(path)));
                var folder = Path.GetDirectoryName(Utf8(path));
                lock (folders)
                {
                    if (!folders.Contains(folder))
                        folders.Add(folder);
                    if (!resolving)
                    {
                        AppDomain.CurrentDomain.AssemblyResolve += ResolveNextToLoaded;
                        resolving = true;
                    }
                }
                return Intern(LoadIntoDefault(bytes));
            }
            catch (Exception e)
            {
                *error = Message(e is TargetInvocationException && e.InnerException != null ? e.InnerException : e);
                return IntPtr.Zero;
            }
        }

        /// <summary>Starts a new reloadable unit (see <see cref="Unit"/>): what is loaded from
        /// bytes from now on goes into it.</summary>
        static void StartUnit(byte* name, IntPtr* error)
        {
            try
            {
                Unit.Start(Utf8(name));
            }
            catch (Exception e)
            {
                *error = Message(e);
            }
        }

        /// <summary>Lets go of everything kept for the current unit and starts unloading it;
        /// returns the interned handles freed, as decimal numbers separated by U+001F.</summary>
        static IntPtr UnloadUnit(IntPtr* error)
        {
            try
            {
                var freed = Unit.Unload();
                var text = new StringBuilder();
                foreach (var h in freed)
                {
                    if (text.Length > 0)
                        text.Append('\u001f');
                    text.Append(((long)h).ToString());
                }
                return Utf8Alloc(text.ToString());
            }
            catch (Exception e)
            {
                *error = Message(e);
                return IntPtr.Zero;
            }
        }

        /// <summary>How many unloaded units are still alive after up to
        /// <paramref name="rounds"/> full collections; how many were unloaded in all goes to
        /// <paramref name="retired"/> (-1 and 0 when the count failed).</summary>
        static int UnitsAlive(int rounds, int* retired)
        {
            try
            {
                int count;
                int alive = Unit.Alive(rounds, out count);
                *retired = count;
                return alive;
            }
            catch
            {
                *retired = 0;
                return -1;
            }
        }

        /// <summary>Guest mode: the native function to call when a collectible context of the
        /// host's that cilbind follows unloads (see <see cref="Unit.Follow"/>); 1 when kept, 0
        /// when it could not be.</summary>
        static int FollowHostUnloads(IntPtr callback)
        {
            try
            {
                Unit.FollowHostUnloads(callback);
                return 1;
            }
            catch
            {
                return 0;
            }
        }

        /// <summary>The managed frames on the calling thread's stack below this function (-1
        /// when they cannot be counted): native code called from managed code sees some.</summary>
        static int ManagedFrames()
        {
            try
            {
                return Unit.FramesBelow(1);
            }
            catch
            {
                return -1;
            }
        }

        /// <summary>Frees the interned handles of the unit's metadata (see
        /// <see cref="Unit.IsOfUnit"/>) and forgets them; returns them.</summary>
        internal static List<IntPtr> ReleaseUnit()
        {
            var freed = new List<IntPtr>();
            lock (interned)
            {
                foreach (var entry in interned)
                {
                    if (!Unit.IsOfUnit(entry.Key))
                        continue;
                    IntPtr h;
                    if (interned.TryRemove(entry.Key, out h))
                    {
                        GCHandle.FromIntPtr(h).Free();
                        freed.Add(h);
                    }
                }
            }
            return freed;
        }

        /// <summary>The assemblies loaded from bytes, by simple name: what their references to
        /// each other resolve to.</summary>
        static readonly Dictionary<string, Assembly> fromBytes = new Dictionary<string, Assembly>();

        /// <summary>Loads an image from its bytes (on CoreCLR into a load context of its own,
        /// whose references go to the default context, then to
        /// <see cref="ResolveNextToLoaded"/>).</summary>
        static Assembly LoadIntoDefault(byte[] bytes)
        {
            var loaded = Assembly.Load(bytes);
            lock (folders)
                fromBytes[loaded.GetName().Name] = loaded;
            return loaded;
        }

        /// <summary><c>AssemblyLoadContext.Default.LoadFromAssemblyPath</c>, reached by reflection
        /// (the helper is built against a profile without it). Not <c>Assembly.LoadFrom</c>:
        /// that installs the runtime's own resolve handler, which throws (an exception that
        /// aborts the process, raised while a native call compiles its entry) when the
        /// assembly asking is one the helper emitted.</summary>
        static Assembly LoadFromPath(string path)
        {
            var context = Type.GetType("System.Runtime.Loader.AssemblyLoadContext, System.Runtime.Loader");
            if (context == null)
                return Assembly.LoadFrom(path);
            var defaultContext = context.GetProperty("Default").GetValue(null, null);
            var load = context.GetMethod("LoadFromAssemblyPath", new[] { typeof(string) });
            try
            {
                return (Assembly)load.Invoke(defaultContext, new object[] { path });
            }
            catch (TargetInvocationException e)
            {
                throw e.InnerException ?? e;
            }
        }

        static Assembly ResolveNextToLoaded(object sender, ResolveEventArgs args)
        {
            var name = new AssemblyName(args.Name).Name;
            string[] each;
            lock (folders)
            {
                Assembly known;
                if (fromBytes.TryGetValue(name, out known))
                    return known;
                each = folders.ToArray();
            }
            foreach (var folder in each)
            {
                var file = Path.Combine(folder, name + ".dll");
                // From the file, as Mono loads references: what it references is trusted.
                if (File.Exists(file))
                    return LoadIntoDefault(File.ReadAllBytes(file));
            }
            return null;
        }

        /// <summary>The type <paramref name="fullName"/> (<c>Namespace.Name</c>, nested types
        /// as <c>Outer+Inner</c>) of the assembly, or an error naming what is missing.</summary>
        static IntPtr FindType(IntPtr assembly, byte* fullName, IntPtr* error)
        {
            try
            {
                var asm = (Assembly)Target(assembly);
                var name = Utf8(fullName);
                var type = asm.GetType(name, false);
                if (type == null)
                    throw new TypeLoadException("no type " + name + " in " + asm.GetName().Name);
                return Intern(type);
            }
            catch (Exception e)
            {
                *error = Message(e);
                return IntPtr.Zero;
            }
        }

        /// <summary>
        /// The method or constructor (<c>.ctor</c>) <paramref name="name"/> of the type whose
        /// parameter types' full names (<c>System.Int32</c>, <c>System.Int32&amp;</c>) joined by
        /// newlines are <paramref name="parameters"/>.
        /// </summary>
        static IntPtr FindMethod(IntPtr type, byte* name, byte* parameters, IntPtr* error)
        {
            try
            {
                var t = (Type)Target(type);
                var n = Utf8(name);
                var wanted = Utf8(parameters);
                const BindingFlags all = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static |
                    BindingFlags.Instance | BindingFlags.DeclaredOnly;
                var candidates = new List<MethodBase>();
                if (n == ".ctor")
                    candidates.AddRange(t.GetConstructors(all));
                else
                    foreach (var m in t.GetMethods(all))
                        if (m.Name == n)
                            candidates.Add(m);
                foreach (var m in candidates)
                    if (ParameterList(m) == wanted)
                        return Intern(m);
                throw new MissingMethodException(t.FullName + "::" + n + "(" + wanted.Replace('\n', ',') + ") does not exist");
            }
            catch (Exception e)
            {
                *error = Message(e);
                return IntPtr.Zero;
            }
        }

        static string ParameterList(MethodBase m)
        {
            var ps = m.GetParameters();
            var names = new string[ps.Length];
            for (int i = 0; i < ps.Length; i++)
                names[i] = Metadata.CilName(ps[i].ParameterType);
            return string.Join("\n", names);
        }

        /// <summary>
        /// A function pointer native code calls as <c>R f(args…, IntPtr* exception)</c> for the
        /// method: it calls the method (through a pointer trampoline when <paramref name="mask"/>
        /// or <paramref name="spans"/> asks for one, see <see cref="Trampolines.Build(MethodBase, long, long)"/>),
        /// and an exception the method throws is caught and its GC handle written through the
        /// last parameter (the result is then the type's default). Native forms: <c>bool</c>
        /// crosses as one byte and <c>char</c> as two (a delegate's default marshalling would
        /// make them a 4-byte BOOL and a 1-byte ANSI char); objects (<c>this</c> included) cross
        /// as slot words (<see cref="SlotTable"/>), resolved and class-checked here, and an
        /// object result comes back in a thread slot.
        /// </summary>
        /// <summary>The static <c>Invoke</c> of the pointer trampoline of the method (see
        /// <see cref="Trampolines.Build(MethodBase, long, long)"/>): for a constructor, a method
        /// that makes the object and returns it, which the reflective path calls.</summary>
        static IntPtr Trampoline(IntPtr method, long mask, long spans, IntPtr* error)
        {
            try
            {
                return Intern(Trampolines.Build((MethodBase)Target(method), mask, spans).GetMethod("Invoke"));
            }
            catch (Exception e)
            {
                *error = Message(e);
                return IntPtr.Zero;
            }
        }

        static IntPtr MakeEntry(IntPtr method, long mask, long spans, IntPtr* thisProved, IntPtr* error)
        {
            try
            {
                return Entries.Make((MethodBase)Target(method), mask, spans, thisProved);
            }
            catch (Exception e)
            {
                *error = Message(e);
                return IntPtr.Zero;
            }
        }

        /// <summary>
        /// The exception's chain, outermost first, at most 64 deep: for each, its type's full
        /// name, <c>Message</c> and <c>StackTrace</c> separated by U+001F, the exceptions
        /// separated by U+001E. For an object that is not an exception, its <c>ToString()</c>.
        /// </summary>
        static IntPtr Describe(IntPtr handle)
        {
            try
            {
                var o = Target(handle);
                var e = o as Exception;
                if (e == null)
                    return Utf8Alloc(o == null ? "null" : o.ToString());
                var text = new StringBuilder();
                for (int depth = 0; e != null && depth < 65; e = e.InnerException, depth++)
                {
                    if (depth > 0)
                        text.Append('\u001e');
                    text.Append(e.GetType().FullName).Append('\u001f').Append(e.Message).Append('\u001f').Append(e.StackTrace);
                }
                return Utf8Alloc(text.ToString());
            }
            catch (Exception e)
            {
                return Message(e);
            }
        }

        static void Free(IntPtr memory)
        {
            Marshal.FreeHGlobal(memory);
        }

        static void FreeHandle(IntPtr handle)
        {
            try
            {
                GCHandle.FromIntPtr(handle).Free();
            }
            catch
            {
                // A handle Rust frees twice is Rust's bug; it must not abort the process.
            }
        }

        /// <summary>A new store segment of <paramref name="length"/> slots, whose versions and
        /// classes native code keeps in the arrays at <paramref name="versions"/> and
        /// <paramref name="classes"/>; its id (≥ 1).</summary>
        static int NewSegment(int length, IntPtr versions, IntPtr classes, IntPtr* error)
        {
            try
            {
                return SlotTable.NewSegment(length, versions, classes);
            }
            catch (Exception e)
            {
                *error = Message(e);
                return 0;
            }
        }

        /// <summary>Empties the <paramref name="count"/> store slots <paramref name="words"/>
        /// names (slots Rust released: their keys are stale already); how many it emptied,
        /// fewer when a word names no store slot (Rust's bug, which must not abort the
        /// process).</summary>
        static int ClearSlots(long* words, int count)
        {
            try
            {
                return SlotTable.Clear(words, count);
            }
            catch
            {
                return 0;
            }
        }

        /// <summary>Stores the object in slot <paramref name="from"/> into slot
        /// <paramref name="to"/>: a thread slot is consumed as an argument is, a store slot
        /// keeps its object (a second handle to it); <paramref name="from"/> 0 (null) clears
        /// <paramref name="to"/>. Returns 1 when done, 0 when <paramref name="from"/> names
        /// a store slot released since its key was checked, or a thread slot reused since
        /// (nothing is stored then), -1 for a word outside every slot (Rust's bug, which must
        /// not abort the process).</summary>
        static int Move(long from, long to)
        {
            try
            {
                if (from != to)
                    SlotTable.Store(to, SlotTable.Argument(from));
                return 1;
            }
            catch (StaleSlotException)
            {
                return 0;
            }
            catch (InvalidOperationException)
            {
                // A thread slot the ring reused since.
                return 0;
            }
            catch
            {
                return -1;
            }
        }

        /// <summary>The object in slot <paramref name="word"/> put in a new thread slot: its word,
        /// 0 for null or a word no slot has. What native code passes for a store's object from
        /// then on names that object, whatever later happens to the store slot (another thread
        /// may free and reuse it at once).</summary>
        static long Hold(long word)
        {
            try
            {
                return SlotTable.Temporary(SlotTable.Load(word));
            }
            catch
            {
                return 0;
            }
        }

        /// <summary>A string of the UTF-16 units at <paramref name="data"/>, in a thread slot;
        /// its word (0 when it cannot be made).</summary>
        static long NewString(char* data, int length)
        {
            try
            {
                return SlotTable.Temporary(new string(data, 0, length));
            }
            catch
            {
                return 0;
            }
        }

        /// <summary>Copies the string in the slot into <paramref name="buffer"/> when it fits
        /// and returns its length in UTF-16 units; -1 for null, -2 for an object that is not a
        /// string.</summary>
        static int ReadString(long word, char* buffer, int capacity)
        {
            try
            {
                var o = SlotTable.Load(word);
                if (o == null)
                    return -1;
                var s = o as string;
                if (s == null)
                    return -2;
                if (s.Length <= capacity)
                    for (int i = 0; i < s.Length; i++)
                        buffer[i] = s[i];
                return s.Length;
            }
            catch
            {
                return -2;
            }
        }

        /// <summary>The full name of the type of the object in the slot (<c>null</c> for null).</summary>
        static IntPtr TypeName(long word)
        {
            try
            {
                var o = SlotTable.Load(word);
                return Utf8Alloc(o == null ? "null" : o.GetType().FullName);
            }
            catch (Exception e)
            {
                return Message(e);
            }
        }

        /// <summary>
        /// What native code asks about a type, method or field, as one record of fields
        /// separated by U+001F (handles as decimal numbers, 0 for none); see
        /// <see cref="Metadata"/> for each <paramref name="what"/>.
        /// </summary>
        static IntPtr Facts(IntPtr handle, int what, IntPtr* error)
        {
            try
            {
                return Utf8Alloc(Metadata.Facts(Target(handle), what));
            }
            catch (Exception e)
            {
                *error = Message(e);
                return IntPtr.Zero;
            }
        }

        /// <summary><paramref name="definition"/> closed over the <paramref name="count"/> type
        /// handles at <paramref name="args"/> (a generic type or method), or, with count -1,
        /// the one-dimensional array type of the type <paramref name="definition"/>.</summary>
        static IntPtr MakeType(IntPtr definition, IntPtr* args, int count, IntPtr* error)
        {
            try
            {
                var d = Target(definition);
                if (count < 0)
                    return Intern(((Type)d).MakeArrayType());
                var types = new Type[count];
                for (int i = 0; i < count; i++)
                    types[i] = (Type)Target(args[i]);
                var method = d as MethodInfo;
                if (method != null)
                    return Intern(method.MakeGenericMethod(types));
                return Intern(((Type)d).MakeGenericType(types));
            }
            catch (Exception e)
            {
                *error = Message(e);
                return IntPtr.Zero;
            }
        }

        /// <summary>1 when a value of type <paramref name="from"/> may be stored in a location of
        /// type <paramref name="to"/>, else 0.</summary>
        static int IsAssignable(IntPtr to, IntPtr from)
        {
            try
            {
                return ((Type)Target(to)).IsAssignableFrom((Type)Target(from)) ? 1 : 0;
            }
            catch
            {
                return 0;
            }
        }

        static readonly System.Collections.Concurrent.ConcurrentDictionary<object, IntPtr> interned =

            new System.Collections.Concurrent.ConcurrentDictionary<object, IntPtr>();

        /// <summary>The one GC handle of a metadata object (an assembly, type, method or field):
        /// the same object always gets the same handle, so native code compares handles to
        /// compare types. Freed only with a unit (<see cref="ReleaseUnit"/>): other metadata
        /// lives as long as the runtime.</summary>
        public static IntPtr Intern(object o)
        {
            // Read without a lock: every call that passes an object asks for its type's handle.
            IntPtr h;
            if (interned.TryGetValue(o, out h))
                return h;
            lock (interned)
            {
                if (!interned.TryGetValue(o, out h))
                {
                    h = Handle(o);
                    interned[o] = h;
                }
                return h;
            }
        }

        /// <summary>A normal GC handle to <paramref name="o"/>, as one word.</summary>
        public static IntPtr Handle(object o)
        {
            return GCHandle.ToIntPtr(GCHandle.Alloc(o));
        }

        internal static object Target(IntPtr handle)
        {
            if (handle == IntPtr.Zero)
                throw new ArgumentNullException("handle");
            return GCHandle.FromIntPtr(handle).Target;
        }

        static string Utf8(byte* p)
        {
            if (p == null)
                return "";
            int n = 0;
            while (p[n] != 0)
                n++;
            return Encoding.UTF8.GetString(p, n);
        }

        static IntPtr Utf8Alloc(string s)
        {
            var bytes = Encoding.UTF8.GetBytes(s);
            var p = Marshal.AllocHGlobal(bytes.Length + 1);
            Marshal.Copy(bytes, 0, p, bytes.Length);
            ((byte*)p)[bytes.Length] = 0;
            return p;
        }

        internal static IntPtr Message(Exception e)
        {
            if (e is TargetInvocationException && e.InnerException != null)
                e = e.InnerException;
            return Utf8Alloc(e.GetType().FullName + ": " + e.Message);
        }
    }
}
