// The CoreCLR bridge's heap operations: objects by slot word (see Cilbind.SlotTable.cs).
using System;
using System.Collections.Generic;
using System.Reflection;
using System.Reflection.Emit;
using System.Runtime.InteropServices;
using System.Text;
using System.Threading;

namespace Cilbind
{
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

        /// <summary>Forgets the boxers of the unit's types (a reload: see <see cref="Unit"/>).</summary>
        internal static void ReleaseUnit()
        {
            lock (boxers)
                Unit.Forget(boxers);
            lock (unboxers)
                Unit.Forget(unboxers);
            // Native code resolves every boxer again in the next unit (its caches are per
            // unit), and a boxer of one of the unit's types would keep the unit alive.
            lock (boxersAlive)
                boxersAlive.Clear();
        }

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

        /// <summary>What <see cref="MakeBoxer"/> hands out: boxes the value at
        /// <paramref name="data"/> into the slot <paramref name="to"/> names; 1 when done, 0
        /// when the runtime could not (out of memory, or a word naming no slot).</summary>
        delegate int BoxIntoFn(byte* data, long to);

        static readonly List<Delegate> boxersAlive = new List<Delegate>();
        static readonly MethodInfo storeBox = typeof(SlotTable).GetMethod("StoreBox", BindingFlags.NonPublic | BindingFlags.Static);

        /// <summary>A native entry point that boxes values of the value type
        /// <paramref name="type"/> (<paramref name="size"/> bytes, no references: checked here,
        /// once) straight into a slot: one call per box, with no lookup.</summary>
        internal static IntPtr MakeBoxer(IntPtr type, int size, IntPtr* error)
        {
            try
            {
                var t = (Type)Bridge.Target(type);
                CheckPlain(t, size);
                var dm = new DynamicMethod("BoxInto", typeof(int), new[] { typeof(byte*), typeof(long) }, typeof(Heap).Module, true);
                var il = dm.GetILGenerator();
                var done = il.DeclareLocal(typeof(int));
                il.BeginExceptionBlock();
                il.Emit(OpCodes.Ldarg_1);
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldobj, t);
                il.Emit(OpCodes.Box, t);
                // The class the store's readers see, interned once here rather than looked up
                // for each box.
                il.Emit(OpCodes.Ldc_I8, (long)Bridge.Intern(t));
                il.Emit(OpCodes.Conv_I);
                il.Emit(OpCodes.Call, storeBox);
                il.Emit(OpCodes.Ldc_I4_1);
                il.Emit(OpCodes.Stloc, done);
                il.BeginCatchBlock(typeof(Exception));
                // An exception must not reach native code (it would abort the process).
                il.Emit(OpCodes.Pop);
                il.Emit(OpCodes.Ldc_I4_0);
                il.Emit(OpCodes.Stloc, done);
                il.EndExceptionBlock();
                il.Emit(OpCodes.Ldloc, done);
                il.Emit(OpCodes.Ret);
                var d = dm.CreateDelegate(typeof(BoxIntoFn));
                lock (boxersAlive)
                    boxersAlive.Add(d);
                return Marshal.GetFunctionPointerForDelegate(d);
            }
            catch (Exception e)
            {
                *error = Bridge.Message(e);
                return IntPtr.Zero;
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

        /// <summary>Runs the type's initializer unless it ran; the exception it threw (a
        /// <c>TypeInitializationException</c>, with the initializer's inside) through
        /// <paramref name="exception"/>.</summary>
        internal static void RunClassConstructor(IntPtr type, IntPtr* exception, IntPtr* error)
        {
            try
            {
                var t = (Type)Bridge.Target(type);
                try
                {
                    System.Runtime.CompilerServices.RuntimeHelpers.RunClassConstructor(t.TypeHandle);
                }
                catch (TypeInitializationException e)
                {
                    *exception = Bridge.Handle(e);
                }
            }
            catch (Exception e)
            {
                *error = Bridge.Message(e);
            }
        }

        /// <summary>1 when the two words name one object (or are both null), else 0.</summary>
        internal static int Same(long a, long b)
        {
            try
            {
                return ReferenceEquals(SlotTable.Load(a), SlotTable.Load(b)) ? 1 : 0;
            }
            catch
            {
                return 0;
            }
        }

        /// <summary>The address a boxed <c>System.Reflection.Pointer</c>, <c>IntPtr</c> or
        /// <c>UIntPtr</c> holds (what a reflective call returns for an unmanaged pointer).</summary>
        internal static long PointerAddress(long word, IntPtr* error)
        {
            try
            {
                var o = SlotTable.Load(word);
                if (o == null)
                    return 0;
                if (o is IntPtr)
                    return (long)(IntPtr)o;
                if (o is UIntPtr)
                    return (long)(ulong)(UIntPtr)o;
                return (long)Pointer.Unbox(o);
            }
            catch (Exception e)
            {
                *error = Bridge.Message(e);
                return 0;
            }
        }

        /// <summary>A box of the value type's default value (C#'s <c>default(T)</c>), in a
        /// thread slot.</summary>
        internal static long BoxDefault(IntPtr type, IntPtr* error)
        {
            try
            {
                var t = (Type)Bridge.Target(type);
                if (!t.IsValueType)
                    throw new ArgumentException(t + " is not a value type");
                return SlotTable.Temporary(Activator.CreateInstance(t));
            }
            catch (Exception e)
            {
                *error = Bridge.Message(e);
                return 0;
            }
        }

        /// <summary>A new array of the element type with these lengths (rank 2 or more), in a
        /// thread slot.</summary>
        internal static long ArrayNewMd(IntPtr element, long* lengths, int rank, IntPtr* error)
        {
            try
            {
                var each = new int[rank];
                for (int i = 0; i < rank; i++)
                    each[i] = checked((int)lengths[i]);
                return SlotTable.Temporary(Array.CreateInstance((Type)Bridge.Target(element), each));
            }
            catch (Exception e)
            {
                *error = Bridge.Message(e);
                return 0;
            }
        }

        /// <summary>Copies the value in the box <paramref name="src"/> into the box
        /// <paramref name="dest"/>, both of one value type (field by field: reflection writes
        /// into a box in place).</summary>
        internal static void CopyBox(long dest, long src, IntPtr* error)
        {
            try
            {
                var d = SlotTable.Load(dest);
                var s = SlotTable.Load(src);
                if (d == null || s == null || d.GetType() != s.GetType() || !d.GetType().IsValueType)
                    throw new InvalidCastException("a box is copied into a box of its own value type");
                foreach (var f in d.GetType().GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic))
                    f.SetValue(d, f.GetValue(s));
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
}
