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
        public const int Version = 4;

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
        delegate void RunClassConstructorFn(IntPtr type, IntPtr* error);
        delegate long InvokeFn(IntPtr method, long target, long args, IntPtr* exception, IntPtr* error);

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
                return Intern(Assembly.LoadFrom(Utf8(path)));
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
                if (from == to)
                    return;
                var o = SlotTable.Argument(from);
                SlotTable.Store(to, o);
                if (from > 0)
                    SlotTable.Store(from, null);
            }
            catch
            {
                // A word outside every segment is Rust's bug; it must not abort the process.
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

        static readonly Dictionary<object, IntPtr> interned = new Dictionary<object, IntPtr>();

        /// <summary>The one GC handle of a metadata object (an assembly, type, method or field):
        /// the same object always gets the same handle, so native code compares handles to
        /// compare types. Never freed: metadata lives as long as the runtime.</summary>
        public static IntPtr Intern(object o)
        {
            lock (interned)
            {
                IntPtr h;
                if (!interned.TryGetValue(o, out h))
                {
                    h = Handle(o);
                    interned.Add(o, h);
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

    /// <summary>
    /// Objects on CoreCLR, by slot word (<see cref="SlotTable"/>): boxes made from and read into
    /// native bytes, arrays, type objects, fields, type initializers, the reflective invoke.
    /// Every function catches every exception; those with an <c>error</c> parameter report it
    /// there (as <c>Type: message</c>).
    /// </summary>
    static unsafe class Heap
    {
        delegate object Boxer(byte* data);
        delegate void Unboxer(object box, byte* dest);

        static readonly Dictionary<Type, Boxer> boxers = new Dictionary<Type, Boxer>();
        static readonly Dictionary<Type, Unboxer> unboxers = new Dictionary<Type, Unboxer>();

        /// <summary>A box of the value type <paramref name="type"/> copied from the
        /// <paramref name="size"/> bytes at <paramref name="data"/> (its exact size; a type
        /// with reference fields is refused: native bytes cannot hold references).</summary>
        internal static long Box(IntPtr type, byte* data, int size, IntPtr* error)
        {
            try
            {
                var t = (Type)Bridge.Target(type);
                CheckPlain(t, size);
                Boxer box;
                lock (boxers)
                {
                    if (!boxers.TryGetValue(t, out box))
                    {
                        var dm = new DynamicMethod("Box", typeof(object), new[] { typeof(byte*) }, typeof(Heap).Module, true);
                        var il = dm.GetILGenerator();
                        il.Emit(OpCodes.Ldarg_0);
                        il.Emit(OpCodes.Ldobj, t);
                        il.Emit(OpCodes.Box, t);
                        il.Emit(OpCodes.Ret);
                        box = (Boxer)dm.CreateDelegate(typeof(Boxer));
                        boxers.Add(t, box);
                    }
                }
                return SlotTable.Temporary(box(data));
            }
            catch (Exception e)
            {
                *error = Bridge.Message(e);
                return 0;
            }
        }

        /// <summary>Copies the value in the box into <paramref name="dest"/> when it fits in
        /// <paramref name="capacity"/> bytes and holds no references; returns its size, or -1
        /// for null, -2 for an object that is not a box of such a value.</summary>
        internal static int Unbox(long word, byte* dest, int capacity)
        {
            try
            {
                var o = SlotTable.Load(word);
                if (o == null)
                    return -1;
                var t = o.GetType();
                if (!t.IsValueType || HasReferences(t))
                    return -2;
                int size = Metadata.SizeOf(t);
                if (size > capacity)
                    return size;
                Unboxer unbox;
                lock (unboxers)
                {
                    if (!unboxers.TryGetValue(t, out unbox))
                    {
                        var dm = new DynamicMethod("Unbox", typeof(void), new[] { typeof(object), typeof(byte*) }, typeof(Heap).Module, true);
                        var il = dm.GetILGenerator();
                        il.Emit(OpCodes.Ldarg_1);
                        il.Emit(OpCodes.Ldarg_0);
                        il.Emit(OpCodes.Unbox_Any, t);
                        il.Emit(OpCodes.Stobj, t);
                        il.Emit(OpCodes.Ret);
                        unbox = (Unboxer)dm.CreateDelegate(typeof(Unboxer));
                        unboxers.Add(t, unbox);
                    }
                }
                unbox(o, dest);
                return size;
            }
            catch
            {
                return -2;
            }
        }

        /// <summary>The interned handle of the object's type, 0 for null (or a bad word).</summary>
        internal static IntPtr ClassOf(long word)
        {
            try
            {
                var o = SlotTable.Load(word);
                return o == null ? IntPtr.Zero : Bridge.Intern(o.GetType());
            }
            catch
            {
                return IntPtr.Zero;
            }
        }

        internal static long ArrayNew(IntPtr element, long length, IntPtr* error)
        {
            try
            {
                return SlotTable.Temporary(Array.CreateInstance((Type)Bridge.Target(element), checked((int)length)));
            }
            catch (Exception e)
            {
                *error = Bridge.Message(e);
                return 0;
            }
        }

        /// <summary>The array's length; -1 for null, -2 for an object that is not an array.</summary>
        internal static long ArrayLength(long word)
        {
            try
            {
                var o = SlotTable.Load(word);
                if (o == null)
                    return -1;
                var a = o as Array;
                return a == null ? -2 : a.LongLength;
            }
            catch
            {
                return -2;
            }
        }

        /// <summary>Element <paramref name="index"/> (boxed for a value type) in a thread slot.</summary>
        internal static long ArrayGet(long array, long index, IntPtr* error)
        {
            try
            {
                return SlotTable.Temporary(((Array)SlotTable.Load(array)).GetValue(index));
            }
            catch (Exception e)
            {
                *error = Bridge.Message(e);
                return 0;
            }
        }

        /// <summary>Stores the object (a box, for a value-type element) at <paramref name="index"/>,
        /// checked against the element type.</summary>
        internal static void ArraySet(long array, long index, long value, IntPtr* error)
        {
            try
            {
                ((Array)SlotTable.Load(array)).SetValue(SlotTable.Argument(value), index);
            }
            catch (Exception e)
            {
                *error = Bridge.Message(e);
            }
        }

        /// <summary>Copies <paramref name="bytes"/> bytes between native memory and the start of
        /// an array of values without references (into the array when
        /// <paramref name="intoArray"/> is 1), checked against the array's size in bytes.</summary>
        internal static void ArrayCopy(long array, byte* data, long bytes, int intoArray, IntPtr* error)
        {
            try
            {
                var a = (Array)SlotTable.Load(array);
                var element = a.GetType().GetElementType();
                if (!element.IsValueType || HasReferences(element))
                    throw new ArgumentException(a.GetType() + " holds references: its elements cannot be copied as bytes");
                long total = a.LongLength * Metadata.SizeOf(element);
                if (bytes < 0 || bytes > total)
                    throw new ArgumentOutOfRangeException("bytes", bytes + " bytes for an array of " + total);
                var pin = GCHandle.Alloc(a, GCHandleType.Pinned);
                try
                {
                    var start = (byte*)pin.AddrOfPinnedObject();
                    if (intoArray != 0)
                        Buffer.MemoryCopy(data, start, total, bytes);
                    else
                        Buffer.MemoryCopy(start, data, bytes, bytes);
                }
                finally
                {
                    pin.Free();
                }
            }
            catch (Exception e)
            {
                *error = Bridge.Message(e);
            }
        }

        /// <summary>The <c>System.Type</c> object of the type, in a thread slot.</summary>
        internal static long TypeObject(IntPtr type)
        {
            try
            {
                return SlotTable.Temporary(Bridge.Target(type));
            }
            catch
            {
                return 0;
            }
        }

        /// <summary>The field's value (boxed for a value type) in a thread slot; a static field
        /// when <paramref name="target"/> is 0 (which runs the type initializer first).</summary>
        internal static long FieldGet(IntPtr field, long target, IntPtr* error)
        {
            try
            {
                var f = (FieldInfo)Bridge.Target(field);
                return SlotTable.Temporary(f.GetValue(f.IsStatic ? null : Instance(f, target)));
            }
            catch (Exception e)
            {
                *error = Bridge.Message(e);
                return 0;
            }
        }

        /// <summary>Sets the field to the object <paramref name="value"/> names (a box, for a
        /// value-type field), checked against the field's type.</summary>
        internal static void FieldSet(IntPtr field, long target, long value, IntPtr* error)
        {
            try
            {
                var f = (FieldInfo)Bridge.Target(field);
                if (f.IsLiteral || f.IsInitOnly)
                    throw new FieldAccessException(f.DeclaringType + "::" + f.Name + " is read-only");
                f.SetValue(f.IsStatic ? null : Instance(f, target), SlotTable.Argument(value));
            }
            catch (Exception e)
            {
                *error = Bridge.Message(e);
            }
        }

        static object Instance(FieldInfo f, long target)
        {
            var o = SlotTable.Load(target);
            if (o == null)
                throw new NullReferenceException("the instance whose field " + f.Name + " was asked for is null");
            if (!f.DeclaringType.IsInstanceOfType(o))
                throw new InvalidCastException(o.GetType() + " has no field " + f.DeclaringType + "::" + f.Name);
            return o;
        }

        internal static void RunClassConstructor(IntPtr type, IntPtr* error)
        {
            try
            {
                System.Runtime.CompilerServices.RuntimeHelpers.RunClassConstructor(((Type)Bridge.Target(type)).TypeHandle);
            }
            catch (Exception e)
            {
                *error = Bridge.Message(e);
            }
        }

        /// <summary>Calls the method reflectively (virtually for an instance method) with the
        /// arguments in the <c>object[]</c> <paramref name="args"/> names; its result (boxed for
        /// a value type) in a thread slot, or the exception it threw through
        /// <paramref name="exception"/>. <paramref name="error"/> reports a call that could not
        /// be made (wrong arguments).</summary>
        internal static long Invoke(IntPtr method, long target, long args, IntPtr* exception, IntPtr* error)
        {
            try
            {
                var m = (MethodBase)Bridge.Target(method);
                var arguments = (object[])SlotTable.Load(args);
                try
                {
                    var ctor = m as ConstructorInfo;
                    var result = ctor != null && target == 0 ? ctor.Invoke(arguments) : m.Invoke(SlotTable.Load(target), arguments);
                    return SlotTable.Temporary(result);
                }
                catch (TargetInvocationException e)
                {
                    *exception = Bridge.Handle(e.InnerException ?? e);
                    return 0;
                }
            }
            catch (Exception e)
            {
                *error = Bridge.Message(e);
                return 0;
            }
        }

        static void CheckPlain(Type t, int size)
        {
            if (!t.IsValueType || HasReferences(t))
                throw new ArgumentException(t + " is not a value type without references");
            if (Metadata.SizeOf(t) != size)
                throw new ArgumentException(t + " is " + Metadata.SizeOf(t) + " bytes, not " + size);
        }

        /// <summary>True when a value of the type holds a reference somewhere.</summary>
        internal static bool HasReferences(Type t)
        {
            if (!t.IsValueType)
                return true;
            if (t.IsPrimitive || t.IsEnum || t.IsPointer)
                return false;
            foreach (var f in t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic))
                if (HasReferences(f.FieldType))
                    return true;
            return false;
        }
    }

    /// <summary>The metadata records <see cref="Bridge"/> hands native code.</summary>
    static class Metadata
    {
        /// <summary>Facts of a type (what 0): name, namespace, assembly, cilbind name, flags
        /// (1 value type, 2 enum, 4 interface, 8 public at every level, 16 generic definition,
        /// 32 by-ref, 64 pointer, 128 array, 256 generic parameter), kind (the order of Rust's
        /// TypeKind), value size, alignment, base type, enum underlying type, Nullable's
        /// argument, nesting type, element type (of an array, a by-ref or a pointer).
        /// Related lists (what 1: declared interfaces; 2: declared methods and constructors;
        /// 3: declared fields; 4: nested types). A method (what 5): name, declaring type, flags
        /// (1 static, 2 virtual, 4 constructor, 8 generic definition, 16 internal call, 32
        /// public, 64 abstract), metadata token, return type, then each parameter's type. A
        /// field (what 6): name, declaring type, flags (1 static, 2 literal, 4 public), type,
        /// offset in the value (value types' instance fields; else -1).</summary>
        internal static string Facts(object o, int what)
        {
            const BindingFlags declared = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static |
                BindingFlags.Instance | BindingFlags.DeclaredOnly;
            switch (what)
            {
                case 0:
                    return TypeFacts((Type)o);
                case 1:
                    return List(((Type)o).GetInterfaces());
                case 2:
                {
                    var t = (Type)o;
                    var all = new List<object>(t.GetConstructors(declared));
                    all.AddRange(t.GetMethods(declared));
                    return List(all.ToArray());
                }
                case 3:
                    return List(((Type)o).GetFields(declared));
                case 4:
                    return List(((Type)o).GetNestedTypes(BindingFlags.Public | BindingFlags.NonPublic));
                case 5:
                    return MethodFacts((MethodBase)o);
                case 6:
                    return FieldFacts((FieldInfo)o);
                default:
                    throw new ArgumentOutOfRangeException("what");
            }
        }

        static string TypeFacts(Type t)
        {
            int flags = (t.IsValueType ? 1 : 0) | (t.IsEnum ? 2 : 0) | (t.IsInterface ? 4 : 0) |
                (IsPublic(t) ? 8 : 0) | (t.IsGenericTypeDefinition ? 16 : 0) | (t.IsByRef ? 32 : 0) |
                (t.IsPointer ? 64 : 0) | (t.IsArray ? 128 : 0) | (t.IsGenericParameter ? 256 : 0);
            int size = 0, align = 0;
            if (t.IsValueType && t != typeof(void) && !t.IsGenericTypeDefinition && !t.ContainsGenericParameters)
            {
                size = SizeOf(t);
                align = AlignOf(t);
            }
            Type nullable = t.IsGenericType && !t.IsGenericTypeDefinition && t.GetGenericTypeDefinition() == typeof(Nullable<>)
                ? t.GetGenericArguments()[0] : null;
            Type element = t.HasElementType ? t.GetElementType() : null;
            var fields = new string[]
            {
                t.Name, t.Namespace ?? "", t.Assembly.GetName().Name, CilName(t), flags.ToString(),
                Kind(t).ToString(), size.ToString(), align.ToString(), Id(t.BaseType),
                Id(t.IsEnum ? Enum.GetUnderlyingType(t) : null), Id(nullable),
                Id(t.IsNested && !t.IsGenericParameter ? t.DeclaringType : null), Id(element),
            };
            return string.Join("\u001f", fields);
        }

        static string MethodFacts(MethodBase m)
        {
            var info = m as MethodInfo;
            int flags = (m.IsStatic ? 1 : 0) | (m.IsVirtual ? 2 : 0) | (m is ConstructorInfo ? 4 : 0) |
                (m.IsGenericMethodDefinition ? 8 : 0) |
                ((m.GetMethodImplementationFlags() & MethodImplAttributes.InternalCall) != 0 ? 16 : 0) |
                (m.IsPublic ? 32 : 0) | (m.IsAbstract ? 64 : 0);
            var fields = new List<string>
            {
                m.Name, Id(m.DeclaringType), flags.ToString(), m.MetadataToken.ToString(),
                Id(info != null ? info.ReturnType : typeof(void)),
            };
            foreach (var p in m.GetParameters())
                fields.Add(Id(p.ParameterType));
            return string.Join("\u001f", fields.ToArray());
        }

        static string FieldFacts(FieldInfo f)
        {
            int flags = (f.IsStatic ? 1 : 0) | (f.IsLiteral ? 2 : 0) | (f.IsPublic ? 4 : 0);
            int offset = -1;
            var owner = f.DeclaringType;
            if (!f.IsStatic && owner.IsValueType && !owner.ContainsGenericParameters)
                offset = OffsetOf(f);
            return string.Join("\u001f", new[] { f.Name, Id(owner), flags.ToString(), Id(f.FieldType), offset.ToString() });
        }

        static bool IsPublic(Type t)
        {
            if (t.IsGenericParameter || t.HasElementType)
                return false;
            return t.IsNested ? t.IsNestedPublic && IsPublic(t.DeclaringType) : t.IsPublic;
        }

        /// <summary>Rust's TypeKind, as an index.</summary>
        static int Kind(Type t)
        {
            if (t.IsByRef)
                t = t.GetElementType();
            if (t == typeof(void)) return 0;
            if (t == typeof(bool)) return 1;
            if (t == typeof(char)) return 2;
            if (t == typeof(sbyte)) return 3;
            if (t == typeof(byte)) return 4;
            if (t == typeof(short)) return 5;
            if (t == typeof(ushort)) return 6;
            if (t == typeof(int)) return 7;
            if (t == typeof(uint)) return 8;
            if (t == typeof(long)) return 9;
            if (t == typeof(ulong)) return 10;
            if (t == typeof(float)) return 11;
            if (t == typeof(double)) return 12;
            if (t == typeof(IntPtr)) return 13;
            if (t == typeof(UIntPtr)) return 14;
            if (t == typeof(string)) return 15;
            if (t.IsGenericParameter) return 20;
            if (t.IsEnum) return 16;
            if (t.IsPointer) return 19;
            if (t.IsValueType) return 17;
            return 18;
        }

        static string Id(object o)
        {
            return o == null ? "0" : ((long)Bridge.Intern(o)).ToString();
        }

        static string List(object[] items)
        {
            var ids = new string[items.Length];
            for (int i = 0; i < items.Length; i++)
                ids[i] = Id(items[i]);
            return string.Join("\u001f", ids);
        }

        /// <summary>The type's name as cilbind spells it (the same as Mono's type names and the
        /// generator's): <c>Namespace.Outer.Inner</c> without arity suffixes,
        /// <c>System.Collections.Generic.List&lt;System.Int32&gt;</c>, <c>T</c>,
        /// <c>System.Int32[]</c>, <c>System.Int32[,]</c>, <c>System.Int32&amp;</c>,
        /// <c>System.Byte*</c>.</summary>
        internal static string CilName(Type t)
        {
            if (t.IsByRef)
                return CilName(t.GetElementType()) + "&";
            if (t.IsPointer)
                return CilName(t.GetElementType()) + "*";
            if (t.IsArray)
            {
                var e = t.GetElementType();
                return CilName(e) + (t == e.MakeArrayType() ? "[]" : "[" + new string(',', t.GetArrayRank() - 1) + "]");
            }
            if (t.IsGenericParameter)
                return t.Name;
            var chain = new List<Type>();
            for (var c = t; c != null; c = c.IsNested ? c.DeclaringType : null)
                chain.Insert(0, c);
            var text = new StringBuilder();
            if (!string.IsNullOrEmpty(chain[0].Namespace))
                text.Append(chain[0].Namespace).Append('.');
            for (int i = 0; i < chain.Count; i++)
            {
                if (i > 0)
                    text.Append('.');
                var n = chain[i].Name;
                int tick = n.IndexOf('`');
                text.Append(tick < 0 ? n : n.Substring(0, tick));
            }
            if (t.IsGenericType)
            {
                var args = t.GetGenericArguments();
                text.Append('<');
                for (int i = 0; i < args.Length; i++)
                {
                    if (i > 0)
                        text.Append(',');
                    text.Append(CilName(args[i]));
                }
                text.Append('>');
            }
            return text.ToString();
        }

        static readonly Dictionary<Type, int> sizes = new Dictionary<Type, int>();

        /// <summary>The value's size as the runtime lays it out (IL <c>sizeof</c>, not
        /// Marshal.SizeOf, which is the marshalled size).</summary>
        internal static int SizeOf(Type t)
        {
            lock (sizes)
            {
                int size;
                if (sizes.TryGetValue(t, out size))
                    return size;
                var dm = new DynamicMethod("SizeOf", typeof(int), Type.EmptyTypes, typeof(Metadata).Module, true);
                var il = dm.GetILGenerator();
                il.Emit(OpCodes.Sizeof, t);
                il.Emit(OpCodes.Ret);
                size = (int)dm.Invoke(null, null);
                sizes.Add(t, size);
                return size;
            }
        }

        /// <summary>Lays a byte before a <typeparamref name="T"/>: the value's offset is its
        /// alignment, when the runtime keeps the declared order (it does for structs without
        /// references).</summary>
        public struct AlignProbe<T>
        {
            public byte Before;
            public T Value;
        }

        /// <summary>The value's alignment: measured with <see cref="AlignProbe{T}"/>, else (a
        /// struct the runtime reordered) the largest of its fields' (at most 8).</summary>
        static int AlignOf(Type t)
        {
            try
            {
                int measured = OffsetOf(typeof(AlignProbe<>).MakeGenericType(t).GetField("Value"));
                if (measured > 0)
                    return measured;
            }
            catch (ArgumentException)
            {
                // A by-ref-like struct (a span) cannot be a type argument.
            }
            return FieldAlign(t);
        }

        static int FieldAlign(Type t)
        {
            if (t.IsPrimitive || t.IsPointer)
                return Math.Min(SizeOf(t), 8);
            if (t.IsEnum)
                return FieldAlign(Enum.GetUnderlyingType(t));
            int align = 1;
            foreach (var f in t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic))
            {
                var ft = f.FieldType;
                int a = ft.IsValueType ? FieldAlign(ft) : IntPtr.Size;
                if (a > align)
                    align = a;
            }
            return Math.Min(align, 8);
        }

        /// <summary>The field's offset in its (value type) owner, read off the runtime's layout:
        /// the distance from a local's address to the field's.</summary>
        static int OffsetOf(FieldInfo f)
        {
            var owner = f.DeclaringType;
            var dm = new DynamicMethod("OffsetOf", typeof(int), Type.EmptyTypes, typeof(Metadata).Module, true);
            var il = dm.GetILGenerator();
            var local = il.DeclareLocal(owner);
            il.Emit(OpCodes.Ldloca, local);
            il.Emit(OpCodes.Ldflda, f);
            il.Emit(OpCodes.Ldloca, local);
            il.Emit(OpCodes.Sub);
            il.Emit(OpCodes.Conv_I4);
            il.Emit(OpCodes.Ret);
            return (int)dm.Invoke(null, null);
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
    /// <item>A thread slot (bit 63 set; the slot's generation in bits 32-62, its index in the
    /// low ones): one of the calling thread's 256 slots, a ring, for what lives only until
    /// native code passes it on: the strings and boxes made for a call's arguments (released
    /// when the call reads them) and the object a call returned (released when native code
    /// moves it into a store slot). A word whose slot the ring reused since is an error.</item>
    /// </list>
    /// </summary>
    public static class SlotTable
    {
        const long ThreadBit = long.MinValue;
        /// <summary>Thread slots per thread: a ring, each slot with a generation that its words
        /// carry, so a word whose slot was reused since is an error, never another object.</summary>
        const int ThreadSlots = 256;
        static object[][] segments = new object[16][];
        static int count = 1;
        static readonly object gate = new object();
        [ThreadStatic] static object[] temporaries;
        [ThreadStatic] static int[] generations;
        [ThreadStatic] static int next;

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

        /// <summary>The object a word names (a thread slot stays filled).</summary>
        public static object Load(long word)
        {
            if (word == 0)
                return null;
            if (word < 0)
                return temporaries[ThreadIndex(word)];
            return segments[(int)(word >> 32)][(int)word];
        }

        /// <summary>The object an argument's word names; a thread slot is released as it is
        /// read (a call or a move consumes what was made for it).</summary>
        public static object Argument(long word)
        {
            if (word >= 0)
                return Load(word);
            int i = ThreadIndex(word);
            var o = temporaries[i];
            temporaries[i] = null;
            return o;
        }

        internal static void Store(long word, object o)
        {
            if (word == 0)
                return;
            if (word < 0)
            {
                temporaries[ThreadIndex(word)] = o;
                return;
            }
            segments[(int)(word >> 32)][(int)word] = o;
        }

        static int ThreadIndex(long word)
        {
            int i = (int)(word & 0xffffffff);
            int generation = (int)((word >> 32) & 0x7fffffff);
            if (temporaries == null || i >= ThreadSlots || generations[i] != generation)
                throw new InvalidOperationException("a temporary reference of this thread was used after " + ThreadSlots +
                    " newer ones replaced it, or on another thread");
            return i;
        }

        /// <summary>Puts <paramref name="o"/> in the thread's next slot; its word (0 for null).</summary>
        public static long Temporary(object o)
        {
            if (o == null)
                return 0;
            if (temporaries == null)
            {
                temporaries = new object[ThreadSlots];
                generations = new int[ThreadSlots];
            }
            int i = next;
            next = (next + 1) % ThreadSlots;
            int generation = (generations[i] + 1) & 0x7fffffff;
            generations[i] = generation;
            temporaries[i] = o;
            return ThreadBit | ((long)generation << 32) | (long)(uint)i;
        }

        /// <summary>The word of a call's result (a thread slot), or 0 for null.</summary>
        public static long Returned(object o)
        {
            return Temporary(o);
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

        /// <summary>What native code passes for one managed parameter (or `this`), and how
        /// the wrapper turns it into the managed value.</summary>
        enum Form
        {
            /// <summary>As is: primitives (bool as a byte, char as two), enums, pointers.</summary>
            Plain,
            /// <summary>A slot word of a reference, cast to the parameter's type.</summary>
            Reference,
            /// <summary>A slot word of a box (of <c>T</c>, or null or a box of <c>T</c> for a
            /// <c>Nullable&lt;T&gt;</c>), unboxed to a copy of the value.</summary>
            BoxedValue,
            /// <summary>A slot word of a box the callee works on in place (a by-ref struct, or
            /// a struct's <c>this</c>): the reference passed is into the box.</summary>
            BoxInPlace,
            /// <summary>A pointer to a slot word (<c>ref</c>/<c>out</c> object): the object
            /// is passed by reference through a local, and what the callee left there goes back
            /// into a thread slot whose word is written through the pointer.</summary>
            ReferenceByRef,
        }

        /// <summary>
        /// The entry point of <paramref name="method"/> under the rules Mono's unmanaged thunks
        /// follow, so that the native side passes the same things on both runtimes: a struct by
        /// value, a by-ref struct and a struct's <c>this</c> travel as boxes, <c>Nullable&lt;T&gt;</c>
        /// as null or a box of <c>T</c>, a struct result comes back boxed, and with a
        /// <paramref name="mask"/> or <paramref name="spans"/> (and for constructors) the call
        /// goes through the pointer trampoline that takes those by pointer.
        /// </summary>
        internal static IntPtr Make(MethodBase method, long mask, long spans)
        {
            var ctor = method as ConstructorInfo;
            bool viaTrampoline = ctor != null || mask != 0 || spans != 0;
            MethodInfo call = viaTrampoline ? Trampolines.Build(method, mask, spans).GetMethod("Invoke") : (MethodInfo)method;
            var managed = new List<Type>();
            bool hasThis = !viaTrampoline && !method.IsStatic;
            var declaring = method.DeclaringType;
            if (hasThis)
                managed.Add(declaring);
            foreach (var p in call.GetParameters())
                managed.Add(p.ParameterType);
            var forms = new Form[managed.Count];
            var native = new Type[managed.Count + 1];
            for (int i = 0; i < managed.Count; i++)
            {
                bool isThis = hasThis && i == 0;
                forms[i] = FormOf(managed[i], isThis, method);
                native[i] = forms[i] == Form.Plain ? PlainForm(managed[i], method)
                    : forms[i] == Form.ReferenceByRef ? typeof(long).MakePointerType() : typeof(long);
            }
            native[managed.Count] = typeof(IntPtr).MakePointerType();
            var managedRet = call.ReturnType;
            if (managedRet.IsByRef)
                throw new NotSupportedException(Name(method) + " returns by reference: copy it out (RETURN_DEREF)");
            bool retPlain = managedRet == typeof(void) || managedRet.IsPrimitive || managedRet.IsPointer || managedRet.IsEnum;
            var ret = managedRet == typeof(void) ? typeof(void) : retPlain ? PlainForm(managedRet, method) : typeof(long);
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
                var byRefLocals = new LocalBuilder[managed.Count];
                il.BeginExceptionBlock();
                for (int i = 0; i < managed.Count; i++)
                {
                    var t = managed[i];
                    switch (forms[i])
                    {
                        case Form.Plain:
                            il.Emit(OpCodes.Ldarg, (short)i);
                            if (t == typeof(bool))
                            {
                                // byte -> bool: any nonzero byte is true.
                                il.Emit(OpCodes.Ldc_I4_0);
                                il.Emit(OpCodes.Cgt_Un);
                            }
                            break;
                        case Form.Reference:
                            il.Emit(OpCodes.Ldarg, (short)i);
                            il.Emit(OpCodes.Call, argument);
                            if (t != typeof(object))
                                il.Emit(OpCodes.Castclass, t);
                            break;
                        case Form.BoxedValue:
                            il.Emit(OpCodes.Ldarg, (short)i);
                            il.Emit(OpCodes.Call, argument);
                            il.Emit(OpCodes.Unbox_Any, t);
                            break;
                        case Form.BoxInPlace:
                            // The box stays where native code keeps it: read, not consumed.
                            il.Emit(OpCodes.Ldarg, (short)i);
                            il.Emit(OpCodes.Call, loadSlot);
                            il.Emit(OpCodes.Unbox, t.IsByRef ? t.GetElementType() : t);
                            break;
                        case Form.ReferenceByRef:
                        {
                            var target = t.GetElementType();
                            byRefLocals[i] = il.DeclareLocal(target);
                            il.Emit(OpCodes.Ldarg, (short)i);
                            il.Emit(OpCodes.Ldind_I8);
                            il.Emit(OpCodes.Call, argument);
                            if (target != typeof(object))
                                il.Emit(OpCodes.Castclass, target);
                            il.Emit(OpCodes.Stloc, byRefLocals[i]);
                            il.Emit(OpCodes.Ldloca, byRefLocals[i]);
                            break;
                        }
                    }
                }
                bool virtualCall = hasThis && method.IsVirtual && !declaring.IsValueType;
                il.Emit(virtualCall ? OpCodes.Callvirt : OpCodes.Call, call);
                if (!retPlain)
                {
                    if (managedRet.IsValueType)
                        il.Emit(OpCodes.Box, managedRet);
                    il.Emit(OpCodes.Call, returned);
                }
                if (result != null)
                    il.Emit(OpCodes.Stloc, result);
                for (int i = 0; i < managed.Count; i++)
                {
                    if (forms[i] != Form.ReferenceByRef)
                        continue;
                    il.Emit(OpCodes.Ldarg, (short)i);
                    il.Emit(OpCodes.Ldloc, byRefLocals[i]);
                    il.Emit(OpCodes.Call, returned);
                    il.Emit(OpCodes.Stind_I8);
                }
                il.BeginCatchBlock(typeof(Exception));
                il.Emit(OpCodes.Stloc, error);
                il.Emit(OpCodes.Ldarg, (short)managed.Count);
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

        static readonly MethodInfo argument = typeof(SlotTable).GetMethod("Argument");
        static readonly MethodInfo loadSlot = typeof(SlotTable).GetMethod("Load");
        static readonly MethodInfo returned = typeof(SlotTable).GetMethod("Returned");

        static string Name(MethodBase m)
        {
            return m.DeclaringType.FullName + "::" + m.Name;
        }

        static Form FormOf(Type t, bool isThis, MethodBase method)
        {
            if (isThis)
                return t.IsValueType ? Form.BoxInPlace : Form.Reference;
            if (t.IsByRef)
            {
                // ref/out primitives, enums and pointers: a pointer to native memory; a by-ref
                // struct: its box, worked on in place; a by-ref object: a pointer to its word.
                var target = t.GetElementType();
                if (target.IsPrimitive || target.IsEnum || target.IsPointer)
                    return Form.Plain;
                if (target.IsValueType)
                    return Form.BoxInPlace;
                return Form.ReferenceByRef;
            }
            if (t == typeof(bool) || t == typeof(char) || t.IsPrimitive || t.IsPointer || t.IsEnum)
                return Form.Plain;
            if (t.IsValueType)
                return Form.BoxedValue;
            return Form.Reference;
        }

        /// <summary>The native type of a plain parameter or result.</summary>
        static Type PlainForm(Type t, MethodBase method)
        {
            if (t.IsByRef)
                return t.GetElementType().MakePointerType();
            if (t == typeof(bool))
                return typeof(byte);
            if (t == typeof(char))
                return typeof(ushort);
            if (t.IsPrimitive || t.IsPointer || t.IsEnum)
                return t;
            throw new NotSupportedException(Name(method) + ": " + t + " has no plain native form");
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
