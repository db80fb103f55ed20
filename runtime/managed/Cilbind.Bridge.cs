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
        public const int Version = 2;

        delegate IntPtr LoadAssemblyFn(byte* path, IntPtr* error);
        delegate IntPtr FindTypeFn(IntPtr assembly, byte* fullName, IntPtr* error);
        delegate IntPtr FindMethodFn(IntPtr type, byte* name, byte* parameters, IntPtr* error);
        delegate IntPtr MakeEntryFn(IntPtr method, long mask, long spans, IntPtr* error);
        delegate IntPtr DescribeFn(IntPtr handle);
        delegate void FreeFn(IntPtr memory);
        delegate void FreeHandleFn(IntPtr handle);
        delegate int NewSegmentFn(int length, IntPtr* error);
        delegate void MoveFn(long from, long to);
        delegate long NewStringFn(char* data, int length);
        delegate int ReadStringFn(long word, char* buffer, int capacity);
        delegate IntPtr TypeNameFn(long word);

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
            new NewStringFn(NewString),
            new ReadStringFn(ReadString),
            new TypeNameFn(TypeName),
        };

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

        static IntPtr LoadAssembly(byte* path, IntPtr* error)
        {
            try
            {
                return Handle(Assembly.LoadFrom(Utf8(path)));
            }
            catch (Exception e)
            {
                *error = Message(e);
                return IntPtr.Zero;
            }
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
                return Handle(type);
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
                        return Handle(m);
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
                names[i] = ps[i].ParameterType.FullName ?? ps[i].ParameterType.Name;
            return string.Join("\n", names);
        }

        /// <summary>
        /// A function pointer native code calls as <c>R f(args…, IntPtr* exception)</c> for the
        /// method: it calls the method (through a pointer trampoline when <paramref name="mask"/>
        /// or <paramref name="spans"/> asks for one, see <see cref="Trampolines.Build(MethodBase, long, long)"/>),
        /// and an exception the method throws is caught and its GC handle written through the
        /// last parameter (the result is then the type's default). Native forms: <c>bool</c>
        /// crosses as one byte and <c>char</c> as two (a delegate's default marshalling would
        /// make them a 4-byte BOOL and a 1-byte ANSI char). Methods with object parameters,
        /// results or instances are refused until objects cross as store slots.
        /// </summary>
        static IntPtr MakeEntry(IntPtr method, long mask, long spans, IntPtr* error)
        {
            try
            {
                return Entries.Make((MethodBase)Target(method), mask, spans);
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

        /// <summary>A new store segment of <paramref name="length"/> slots; its id (≥ 1).</summary>
        static int NewSegment(int length, IntPtr* error)
        {
            try
            {
                return SlotTable.NewSegment(length);
            }
            catch (Exception e)
            {
                *error = Message(e);
                return 0;
            }
        }

        /// <summary>Stores the object in slot <paramref name="from"/> into slot
        /// <paramref name="to"/> and clears <paramref name="from"/>; <paramref name="from"/> 0
        /// (null) clears <paramref name="to"/>. Words are Rust's, checked when it made them.</summary>
        static void Move(long from, long to)
        {
            try
            {
                var o = SlotTable.Load(from);
                SlotTable.Store(to, o);
                if (from != 0 && from != to)
                    SlotTable.Store(from, null);
            }
            catch
            {
                // A word outside every segment is Rust's bug; it must not abort the process.
            }
        }

        /// <summary>A string of the UTF-16 units at <paramref name="data"/>, in a thread slot;
        /// its word (the slot is reused by the thread's next string argument after a call).</summary>
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

        /// <summary>A normal GC handle to <paramref name="o"/>, as one word.</summary>
        public static IntPtr Handle(object o)
        {
            return GCHandle.ToIntPtr(GCHandle.Alloc(o));
        }

        static object Target(IntPtr handle)
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

        static IntPtr Message(Exception e)
        {
            return Utf8Alloc(e.GetType().FullName + ": " + e.Message);
        }
    }

    /// <summary>
    /// Where objects live while native code refers to them on CoreCLR, whose collector is precise
    /// and moves objects: managed slots, named by one 64-bit word that native code holds and
    /// managed code resolves; native code never sees an object's address.
    /// <list type="bullet">
    /// <item>Word 0 is null.</item>
    /// <item>A store slot: segment id (≥ 1) in the high 32 bits, index in the low ones. The
    /// segments are <c>object[]</c>s reachable from a static, so their objects are roots.</item>
    /// <item>A thread slot (bit 63 set): index into the calling thread's own array, for the
    /// strings native code makes for one call's arguments (each released when the call reads
    /// it; the array is reused from index 0 once all are), and index <see cref="ReturnIndex"/> for the object a call
    /// returns, which native code moves into a store slot before its next call.</item>
    /// </list>
    /// </summary>
    public static class SlotTable
    {
        const long ThreadBit = long.MinValue;
        const int ReturnIndex = 0x3fffffff;
        static object[][] segments = new object[16][];
        static int count = 1;
        static readonly object gate = new object();
        [ThreadStatic] static object[] temporaries;
        [ThreadStatic] static int used;
        [ThreadStatic] static int live;
        [ThreadStatic] static object returnedObject;

        internal static int NewSegment(int length)
        {
            if (length <= 0)
                throw new ArgumentOutOfRangeException("length");
            lock (gate)
            {
                if (count == segments.Length)
                {
                    var grown = new object[segments.Length * 2][];
                    Array.Copy(segments, grown, segments.Length);
                    segments = grown;
                }
                segments[count] = new object[length];
                return count++;
            }
        }

        /// <summary>The object a word names.</summary>
        public static object Load(long word)
        {
            if (word == 0)
                return null;
            if (word < 0)
            {
                int i = (int)(word & 0x7fffffff);
                if (i == ReturnIndex)
                    return returnedObject;
                return temporaries[i];
            }
            return segments[(int)(word >> 32)][(int)word];
        }

        internal static void Store(long word, object o)
        {
            if (word == 0)
                return;
            if (word < 0)
            {
                int i = (int)(word & 0x7fffffff);
                if (i == ReturnIndex)
                    returnedObject = o;
                else
                    temporaries[i] = o;
                return;
            }
            segments[(int)(word >> 32)][(int)word] = o;
        }

        /// <summary>Puts <paramref name="o"/> in the thread's next free slot.</summary>
        internal static long Temporary(object o)
        {
            if (temporaries == null)
                temporaries = new object[16];
            if (used == temporaries.Length)
                Array.Resize(ref temporaries, used * 2);
            temporaries[used] = o;
            live++;
            return ThreadBit | (long)(uint)used++;
        }

        /// <summary>The object an argument's word names; a thread slot is released as it is
        /// read (a call consumes the strings made for it), and the thread's slots are reused
        /// from index 0 once none is held.</summary>
        public static object Argument(long word)
        {
            if (word >= 0 || (int)(word & 0x7fffffff) == ReturnIndex)
                return Load(word);
            int i = (int)(word & 0x7fffffff);
            var o = temporaries[i];
            if (o != null)
            {
                temporaries[i] = null;
                if (--live == 0)
                    used = 0;
            }
            return o;
        }

        /// <summary>The word of a call's result: the thread's return slot, or 0 for null.</summary>
        public static long Returned(object o)
        {
            if (o == null)
                return 0;
            returnedObject = o;
            return ThreadBit | ReturnIndex;
        }

    }

    /// <summary>
    /// Builds the native-callable entries of <see cref="Bridge"/>: for each method, an emitted
    /// static wrapper <c>Entry</c> that catches exceptions, a delegate type of the wrapper's
    /// exact signature (Marshal refuses generic delegates), and a delegate kept alive here.
    /// </summary>
    static class Entries
    {
        static ModuleBuilder module;
        static int counter;
        static readonly object gate = new object();
        static readonly List<Delegate> alive = new List<Delegate>();
        static readonly MethodInfo capture = typeof(Bridge).GetMethod("Handle");

        internal static IntPtr Make(MethodBase method, long mask, long spans)
        {
            // Instance methods and constructors go through a pointer trampoline too (with an
            // empty mask): a static method taking `this` first, or returning the new object.
            MethodInfo target = (!method.IsStatic || method is ConstructorInfo || mask != 0 || spans != 0)
                ? Trampolines.Build(method, mask, spans).GetMethod("Invoke")
                : (MethodInfo)method;
            var ps = target.GetParameters();
            var native = new Type[ps.Length + 1];
            for (int i = 0; i < ps.Length; i++)
                native[i] = NativeForm(ps[i].ParameterType, method);
            native[ps.Length] = typeof(IntPtr).MakePointerType();
            var ret = target.ReturnType == typeof(void) ? typeof(void) : NativeForm(target.ReturnType, method);
            lock (gate)
            {
                if (module == null)
                {
                    var asm = AssemblyBuilder.DefineDynamicAssembly(new AssemblyName("Cilbind.Entries"), AssemblyBuilderAccess.Run);
                    module = asm.DefineDynamicModule("Cilbind.Entries");
                }
                int id = Interlocked.Increment(ref counter);
                var delegateType = DelegateType("EntryDelegate" + id, ret, native);
                var tb = module.DefineType("Entry" + id, TypeAttributes.Public | TypeAttributes.Sealed | TypeAttributes.Abstract);
                var mb = tb.DefineMethod("Entry", MethodAttributes.Public | MethodAttributes.Static, ret, native);
                var il = mb.GetILGenerator();
                LocalBuilder result = ret == typeof(void) ? null : il.DeclareLocal(ret);
                var error = il.DeclareLocal(typeof(Exception));
                il.BeginExceptionBlock();
                for (int i = 0; i < ps.Length; i++)
                {
                    var t = ps[i].ParameterType;
                    il.Emit(OpCodes.Ldarg, (short)i);
                    if (t == typeof(bool))
                    {
                        // byte -> bool: any nonzero byte is true.
                        il.Emit(OpCodes.Ldc_I4_0);
                        il.Emit(OpCodes.Cgt_Un);
                    }
                    else if (IsReference(t))
                    {
                        // A slot word -> the object in that slot, checked against the parameter's
                        // type (an InvalidCastException comes back like any other exception).
                        il.Emit(OpCodes.Call, load);
                        if (t != typeof(object))
                            il.Emit(OpCodes.Castclass, t);
                    }
                }
                il.Emit(OpCodes.Call, target);
                if (IsReference(target.ReturnType))
                    il.Emit(OpCodes.Call, returned);
                if (result != null)
                    il.Emit(OpCodes.Stloc, result);
                il.BeginCatchBlock(typeof(Exception));
                il.Emit(OpCodes.Stloc, error);
                il.Emit(OpCodes.Ldarg, (short)ps.Length);
                il.Emit(OpCodes.Ldloc, error);
                il.Emit(OpCodes.Call, capture);
                il.Emit(OpCodes.Stind_I);
                il.EndExceptionBlock();
                if (result != null)
                    il.Emit(OpCodes.Ldloc, result);
                il.Emit(OpCodes.Ret);
                var entry = tb.CreateType().GetMethod("Entry");
                var d = Delegate.CreateDelegate(delegateType, entry);
                alive.Add(d);
                return Marshal.GetFunctionPointerForDelegate(d);
            }
        }

        static readonly MethodInfo load = typeof(SlotTable).GetMethod("Argument");
        static readonly MethodInfo returned = typeof(SlotTable).GetMethod("Returned");

        /// <summary>True for what crosses as an object (a slot word): classes, interfaces,
        /// arrays, strings, delegates.</summary>
        static bool IsReference(Type t)
        {
            return !t.IsValueType && !t.IsPointer && !t.IsByRef && t != typeof(void);
        }

        /// <summary>The type a parameter or result has at the native boundary.</summary>
        static Type NativeForm(Type t, MethodBase method)
        {
            if (t == typeof(bool))
                return typeof(byte);
            if (t == typeof(char))
                return typeof(ushort);
            if (t.IsPrimitive || t.IsPointer || t.IsEnum)
                return t;
            if (IsReference(t))
                return typeof(long);
            if (t.IsByRef && t.GetElementType().IsValueType)
                return t.GetElementType().MakePointerType();
            throw new NotSupportedException(method.DeclaringType.FullName + "::" + method.Name + ": " + t.FullName +
                (t.IsValueType ? " is a struct passed by value: pass it by pointer (a trampoline mask bit)"
                : " is not passed across the CoreCLR boundary yet"));
        }

        static Type DelegateType(string name, Type ret, Type[] parameters)
        {
            var tb = module.DefineType(name, TypeAttributes.Public | TypeAttributes.Sealed, typeof(MulticastDelegate));
            var ctor = tb.DefineConstructor(MethodAttributes.Public | MethodAttributes.HideBySig | MethodAttributes.SpecialName |
                MethodAttributes.RTSpecialName, CallingConventions.Standard, new[] { typeof(object), typeof(IntPtr) });
            ctor.SetImplementationFlags(MethodImplAttributes.Runtime | MethodImplAttributes.Managed);
            var invoke = tb.DefineMethod("Invoke", MethodAttributes.Public | MethodAttributes.HideBySig | MethodAttributes.NewSlot |
                MethodAttributes.Virtual, ret, parameters);
            invoke.SetImplementationFlags(MethodImplAttributes.Runtime | MethodImplAttributes.Managed);
            return tb.CreateType();
        }
    }
}
