// The runtime's managed half: builds pointer-based trampolines with Reflection.Emit so that
// blittable ("full") structs cross the native boundary by address instead of being boxed.
//
// Mono's unmanaged thunks box every struct argument and return (63 ns per call on Mono 6.8, preemptive suspend),
// while a `V3*` parameter costs ~7 ns. A trampoline is a static method whose struct
// parameters are unmanaged pointers; it loads the values and calls the target, so the
// native side hands over addresses of its own `#[repr(C)]` copies.
using System;
using System.Linq;
using System.Reflection;
using System.Reflection.Emit;
using System.Runtime.InteropServices;
using System.Threading;

namespace Cilbind
{
    public static class Types
    {
        /// <summary>The closed generic type <paramref name="definition"/>&lt;<paramref name="args"/>&gt;.</summary>
        public static Type MakeGeneric(Type definition, Type[] args) { return definition.MakeGenericType(args); }

        /// <summary>The generic method <paramref name="definition"/>&lt;<paramref name="args"/>&gt;, as
        /// its runtime handle (Mono's MonoMethod pointer).</summary>
        public static IntPtr MakeGenericMethod(MethodInfo definition, Type[] args) { return definition.MakeGenericMethod(args).MethodHandle.Value; }
    }

    /// <summary>
    /// Fills the slots of the native stores. Every object Rust holds is an element of an
    /// <c>object[]</c> segment that the native side pinned; it reads elements directly and
    /// writes them with Mono's write barrier. Boxing happens here so that a box costs one
    /// call into managed code and the JIT's allocation (runtime/src/host/mono/slots.rs).
    /// </summary>
    public static class Slots
    {
        static ModuleBuilder module;
        static int counter;
        static readonly object gate = new object();

        /// <summary>
        /// Builds <c>static void Box(IntPtr value, object[] segment, int offset)</c> for the value
        /// type <paramref name="type"/>: <c>segment[offset] = (object)*(T*)value</c>, and returns
        /// its runtime handle (Mono's MonoMethod pointer). Emitted rather than generic: Mono's
        /// unmanaged thunk of a generic <c>Box&lt;T&gt;(ref T, …)</c> takes a struct's
        /// <c>ref</c> boxed, which is the very cost this avoids.
        /// </summary>
        public static IntPtr BuildBox(Type type)
        {
            if (!type.IsValueType)
                throw new ArgumentException(type.FullName + " is not a value type");
            lock (gate)
            {
                if (module == null)
                {
                    var asm = AssemblyBuilder.DefineDynamicAssembly(new AssemblyName("Cilbind.Slots"), AssemblyBuilderAccess.Run);
                    module = asm.DefineDynamicModule("Cilbind.Slots");
                }
                counter++;
                var tb = module.DefineType("Box" + counter, TypeAttributes.Public | TypeAttributes.Sealed | TypeAttributes.Abstract);
                var mb = tb.DefineMethod("Box", MethodAttributes.Public | MethodAttributes.Static, typeof(void),
                    new[] { typeof(IntPtr), typeof(object[]), typeof(int) });
                var il = mb.GetILGenerator();
                il.Emit(OpCodes.Ldarg_1);
                il.Emit(OpCodes.Ldarg_2);
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldobj, type);
                il.Emit(OpCodes.Box, type);
                il.Emit(OpCodes.Stelem_Ref);
                il.Emit(OpCodes.Ret);
                return tb.CreateType().GetMethod("Box").MethodHandle.Value;
            }
        }
    }

    public static partial class Trampolines
    {
        /// <summary>Bit of <c>mask</c>: the instance (`this`) is a value type passed by pointer.</summary>
        public const long ThisByPointer = 1L << 62;
        /// <summary>Bit of <c>mask</c>: the return value is written through a trailing pointer parameter.</summary>
        public const long ReturnByPointer = 1L << 61;
        /// <summary>Bit of <c>mask</c>: a struct constructor returns the new value boxed (for
        /// structs with references, which must not be written to native memory).</summary>
        public const long ReturnBoxed = 1L << 60;
        /// <summary>Bit of <c>mask</c>: a <c>ref T</c> result is copied out (<c>ldobj T</c>) and
        /// returned as a <c>T</c>: no interior pointer leaves the trampoline.</summary>
        public const long ReturnDeref = 1L << 59;

        static ModuleBuilder module;
        static int counter;
        static readonly object gate = new object();

        /// <summary>
        /// Builds a static method `Invoke` that forwards to <paramref name="target"/>. Bit i of
        /// <paramref name="mask"/> (i &lt; 59) makes parameter i an unmanaged pointer to its value
        /// type (by value: the pointee is copied in; by ref: the pointer serves as the reference).
        /// Instance methods take `this` first: the declaring class itself, or a pointer to the
        /// value type when <see cref="ThisByPointer"/> is set. Returns the type holding `Invoke`.
        /// </summary>
        public static Type Build(MethodBase target, long mask)
        {
            return Build(target, mask, 0);
        }

        /// <summary>
        /// <see cref="Build(MethodBase, long)"/>, where bit i of <paramref name="spans"/> makes
        /// parameter i, a <c>Span&lt;T&gt;</c> or <c>ReadOnlySpan&lt;T&gt;</c> of an unmanaged
        /// <c>T</c>, a pointer to a native (data pointer, int length) pair, from which the
        /// trampoline makes the span (<c>new Span&lt;T&gt;(void*, int)</c>). A span cannot be
        /// boxed, so Mono's thunks cannot take one; and it cannot outlive the call, so native
        /// memory lent for the call is all it ever sees.
        /// </summary>
        public static Type Build(MethodBase target, long mask, long spans)
        {
            lock (gate)
            {
                // In a reloadable unit on CoreCLR, the unit's collectible module (see
                // Unit.Module): a non-collectible assembly may not reference a collectible one.
                Unit.Follow(target);
                if (Unit.IsCollectible)
                    module = Unit.Module("Cilbind.Trampolines");
                else if (module == null)
                {
                    var name = new AssemblyName("Cilbind.Trampolines");
                    var asm = AssemblyBuilder.DefineDynamicAssembly(name, AssemblyBuilderAccess.Run);
                    module = asm.DefineDynamicModule("Cilbind.Trampolines");
                }
                int id = Interlocked.Increment(ref counter);
                var tb = module.DefineType("Trampoline" + id, TypeAttributes.Public | TypeAttributes.Sealed | TypeAttributes.Abstract);
                var ps = target.GetParameters();
                var method = target as MethodInfo;
                var ret = method != null ? method.ReturnType : typeof(void);
                bool deref = (mask & ReturnDeref) != 0;
                if (deref)
                {
                    if (!ret.IsByRef)
                        throw new NotSupportedException(target + " does not return by reference");
                    ret = ret.GetElementType();
                }
                bool retByPtr = (mask & ReturnByPointer) != 0 && ret != typeof(void);
                bool isCtor = target is ConstructorInfo;
                bool hasThis = !target.IsStatic && !isCtor;
                var types = new System.Collections.Generic.List<Type>();
                var declaring = target.DeclaringType;
                if (hasThis)
                    types.Add(declaring.IsValueType ? declaring.MakePointerType() : declaring);
                for (int i = 0; i < ps.Length; i++)
                {
                    var t = ps[i].ParameterType;
                    bool byPtr = (mask & (1L << i)) != 0;
                    if ((spans & (1L << i)) != 0)
                    {
                        if (byPtr || SpanConstructor(t) == null)
                            throw new NotSupportedException("parameter " + i + " (" + t + ") is not a span of an unmanaged type");
                        types.Add(typeof(void).MakePointerType());
                    }
                    else if (byPtr)
                        types.Add(t.IsByRef ? t.GetElementType().MakePointerType() : t.MakePointerType());
                    else
                        types.Add(t);
                }
                // A struct constructor writes the new value through the trailing pointer; a
                // class constructor returns the new object.
                Type result = isCtor ? declaring : ret;
                bool boxed = isCtor && declaring.IsValueType && (mask & ReturnBoxed) != 0;
                bool outPtr = retByPtr || (isCtor && declaring.IsValueType && !boxed);
                if (boxed)
                    result = typeof(object);
                if (outPtr)
                    types.Add(result.MakePointerType());
                var mb = tb.DefineMethod("Invoke", MethodAttributes.Public | MethodAttributes.Static,
                    outPtr ? typeof(void) : result, types.ToArray());
                var il = mb.GetILGenerator();
                int arg = 0;
                if (outPtr)
                    il.Emit(OpCodes.Ldarg, (short)(types.Count - 1));
                if (hasThis)
                    il.Emit(OpCodes.Ldarg, (short)arg++);
                for (int i = 0; i < ps.Length; i++, arg++)
                {
                    il.Emit(OpCodes.Ldarg, (short)arg);
                    var t = ps[i].ParameterType;
                    if ((spans & (1L << i)) != 0)
                    {
                        // new Span<T>(*(void**)p, *(int*)(p + IntPtr.Size))
                        il.Emit(OpCodes.Ldind_I);
                        il.Emit(OpCodes.Ldarg, (short)arg);
                        il.Emit(OpCodes.Ldc_I4, IntPtr.Size);
                        il.Emit(OpCodes.Add);
                        il.Emit(OpCodes.Ldind_I4);
                        il.Emit(OpCodes.Newobj, SpanConstructor(t));
                    }
                    else if ((mask & (1L << i)) != 0 && !t.IsByRef)
                        il.Emit(OpCodes.Ldobj, t);
                }
                if (isCtor)
                {
                    il.Emit(OpCodes.Newobj, (ConstructorInfo)target);
                    if (boxed)
                        il.Emit(OpCodes.Box, declaring);
                }
                else if (hasThis && target.IsVirtual && !declaring.IsValueType)
                    il.Emit(OpCodes.Callvirt, method);
                else
                    il.Emit(OpCodes.Call, method);
                if (deref)
                    il.Emit(OpCodes.Ldobj, ret);
                if (outPtr)
                    il.Emit(OpCodes.Stobj, result);
                il.Emit(OpCodes.Ret);
                return tb.CreateType();
            }
        }
    }

    public static partial class Trampolines
    {
        /// <summary>Lets go of the trampolines emitted for the current unit (a reload on
        /// CoreCLR, where the module is collectible: see <see cref="Unit"/>).</summary>
        internal static void ReleaseUnit()
        {
            lock (gate)
                module = null;
        }

        // The span types of the core library that runs, found by name there: this helper is
        // compiled against Mono's mscorlib, where `typeof(Span<>)` names [mscorlib]System.Span`1,
        // which CoreCLR's mscorlib facade does not forward (System.Private.CoreLib has it).
        static readonly Type SpanType = typeof(object).Assembly.GetType("System.Span`1", true);
        static readonly Type ReadOnlySpanType = typeof(object).Assembly.GetType("System.ReadOnlySpan`1", true);

        /// <summary>The <c>(void*, int)</c> constructor of <paramref name="t"/> when it is a
        /// <c>Span&lt;T&gt;</c> or <c>ReadOnlySpan&lt;T&gt;</c> whose <c>T</c> holds no
        /// references; otherwise null.</summary>
        static ConstructorInfo SpanConstructor(Type t)
        {
            if (!t.IsGenericType || t.IsByRef)
                return null;
            var def = t.GetGenericTypeDefinition();
            if (def != SpanType && def != ReadOnlySpanType)
                return null;
            if (!IsUnmanaged(t.GetGenericArguments()[0], 0))
                return null;
            return t.GetConstructor(new[] { typeof(void*), typeof(int) });
        }

        /// <summary>True for primitives, enums, pointers and structs made only of them: the
        /// types whose every bit pattern native memory may hold without the GC caring.</summary>
        static bool IsUnmanaged(Type t, int depth)
        {
            if (t.IsPrimitive || t.IsEnum || t.IsPointer)
                return true;
            if (!t.IsValueType || depth > 32)
                return false;
            foreach (var f in t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic))
                if (!IsUnmanaged(f.FieldType, depth + 1))
                    return false;
            return true;
        }
    }

    /// <summary>
    /// Delegates whose invocation runs a Rust closure. The delegate packs its arguments into an
    /// object[] and calls the runtime's native dispatcher with the closure's key; a dropped
    /// closure's key is refused there, so a stale delegate throws instead of running freed code.
    ///
    /// Code is made once per delegate type: a <see cref="DynamicMethod"/> whose first parameter
    /// is a <see cref="Target"/>, bound to each delegate's own target with
    /// <see cref="DynamicMethod.CreateDelegate(Type, object)"/>. A delegate is then two small
    /// objects that the collector frees like any other; compiling code per delegate (an
    /// expression tree each) cost ~55 us and ~1.4 KB that was never freed.
    /// (DynamicMethod exists on Mono and CoreCLR alike.)
    /// </summary>
    public static class Callbacks
    {
        /// <summary>int dispatch(long key, IntPtr argsHandle, out IntPtr resultHandle): 0 done,
        /// 1 the closure returned an error (result: its message), 2 it panicked, 3 it was dropped,
        /// 4 too little stack was left to enter Rust safely (result: the message).</summary>
        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        public delegate int Dispatch(long key, IntPtr args, out IntPtr result);

        /// <summary>The closure a delegate (or a relay's method, <see cref="Relays"/>) runs:
        /// the dispatcher and the closure's key. Public for the relay classes, emitted in
        /// another assembly.</summary>
        public sealed class Target
        {
            readonly Dispatch dispatch;
            readonly long key;
            /// <summary>Arguments and result cross as slot words (CoreCLR, whose collector
            /// moves objects under native code), else as GC handles (Mono).</summary>
            readonly bool slotWords;
            /// <summary>What runs the closure, for messages: "delegate", or a relay's method.</summary>
            readonly string what;

            public Target(Dispatch dispatch, long key, bool slotWords, string what = "delegate")
            {
                this.what = what;
                this.dispatch = dispatch;
                this.key = key;
                this.slotWords = slotWords;
            }

            /// <summary>Runs the closure with the delegate's arguments; its result, boxed.</summary>
            public object Invoke(object[] args)
            {
                IntPtr result;
                int status;
                object value = null;
                if (slotWords)
                {
                    status = dispatch(key, (IntPtr)SlotTable.Temporary(args), out result);
                    value = SlotTable.Load((long)result);
                }
                else
                {
                    var handle = GCHandle.Alloc(args);
                    try { status = dispatch(key, GCHandle.ToIntPtr(handle), out result); }
                    finally { handle.Free(); }
                    if (result != IntPtr.Zero)
                    {
                        var r = GCHandle.FromIntPtr(result);
                        value = r.Target;
                        r.Free();
                    }
                }
                switch (status)
                {
                    case 0: return value;
                    case 3: throw new ObjectDisposedException("cilbind callback", "the Rust closure behind this " + what + " was dropped");
                    case 2: throw new InvalidOperationException("the Rust closure behind this " + what + " panicked");
                    case 4: throw new InsufficientExecutionStackException((string)value);
                    default: throw new InvalidOperationException("the Rust closure behind this " + what + " failed: " + value);
                }
            }
        }

        static readonly object gate = new object();
        static readonly System.Collections.Generic.Dictionary<Type, DynamicMethod> thunks =
            new System.Collections.Generic.Dictionary<Type, DynamicMethod>();
        static IntPtr dispatchAddress;
        static Dispatch dispatchDelegate;

        /// <summary>Forgets the thunks of the unit's delegate types (a reload on CoreCLR: see
        /// <see cref="Unit"/>).</summary>
        internal static void ReleaseUnit()
        {
            lock (gate)
                Unit.Forget(thunks);
        }

        /// <summary>A delegate of <paramref name="delegateType"/> that calls the native
        /// <paramref name="dispatch"/> with <paramref name="key"/>.</summary>
        public static Delegate Create(Type delegateType, IntPtr dispatch, long key)
        {
            return Make(delegateType, dispatch, key, false);
        }

        /// <summary><see cref="Create"/> whose arguments and result cross as slot words (see
        /// <see cref="SlotTable"/>): CoreCLR's.</summary>
        public static Delegate CreateWithSlots(Type delegateType, IntPtr dispatch, long key)
        {
            return Make(delegateType, dispatch, key, true);
        }

        /// <summary>The native dispatcher at <paramref name="dispatch"/>, as a delegate made once.</summary>
        internal static Dispatch Dispatcher(IntPtr dispatch)
        {
            lock (gate)
            {
                if (dispatchDelegate == null || dispatchAddress != dispatch)
                {
                    dispatchDelegate = (Dispatch)Marshal.GetDelegateForFunctionPointer(dispatch, typeof(Dispatch));
                    dispatchAddress = dispatch;
                }
                return dispatchDelegate;
            }
        }

        static Delegate Make(Type delegateType, IntPtr dispatch, long key, bool slotWords)
        {
            DynamicMethod thunk;
            Dispatch native = Dispatcher(dispatch);
            lock (gate)
            {
                if (!thunks.TryGetValue(delegateType, out thunk))
                {
                    thunk = Build(delegateType);
                    thunks.Add(delegateType, thunk);
                }
            }
            return thunk.CreateDelegate(delegateType, new Target(native, key, slotWords));
        }

        /// <summary>
        /// <c>static R Thunk(Target target, P0 a0, …)</c> for the delegate type's <c>Invoke</c>:
        /// boxes the arguments into an <c>object[]</c> (a <c>ref</c>/<c>out</c> argument's current
        /// value; a pointer as an <c>IntPtr</c>), calls <see cref="Target.Invoke"/> and converts
        /// its result to <c>R</c> (unboxed for a value type, checked by a cast otherwise).
        /// </summary>
        static DynamicMethod Build(Type delegateType)
        {
            if (!typeof(MulticastDelegate).IsAssignableFrom(delegateType) || delegateType.ContainsGenericParameters)
                throw new ArgumentException(delegateType + " is not a closed delegate type");
            var invoke = delegateType.GetMethod("Invoke");
            var ps = invoke.GetParameters();
            var ret = invoke.ReturnType;
            if (ret.IsByRef)
                throw new NotSupportedException(delegateType + " returns by reference");
            var types = new Type[ps.Length + 1];
            types[0] = typeof(Target);
            for (int i = 0; i < ps.Length; i++)
                types[i + 1] = ps[i].ParameterType;
            // Skipping visibility checks: the delegate's types may be internal to their assembly.
            var method = new DynamicMethod("Callback", ret, types, typeof(Target).Module, true);
            var il = method.GetILGenerator();
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldc_I4, ps.Length);
            il.Emit(OpCodes.Newarr, typeof(object));
            for (int i = 0; i < ps.Length; i++)
            {
                il.Emit(OpCodes.Dup);
                il.Emit(OpCodes.Ldc_I4, i);
                il.Emit(OpCodes.Ldarg, (short)(i + 1));
                var t = ps[i].ParameterType;
                if (t.IsByRef)
                {
                    t = t.GetElementType();
                    il.Emit(OpCodes.Ldobj, t);
                }
                if (t.IsPointer)
                    t = typeof(IntPtr);
                if (t.IsValueType)
                    il.Emit(OpCodes.Box, t);
                il.Emit(OpCodes.Stelem_Ref);
            }
            il.Emit(OpCodes.Callvirt, typeof(Target).GetMethod("Invoke"));
            if (ret == typeof(void))
                il.Emit(OpCodes.Pop);
            else if (ret.IsPointer)
                il.Emit(OpCodes.Unbox_Any, typeof(IntPtr));
            else if (ret.IsValueType)
                il.Emit(OpCodes.Unbox_Any, ret);
            else
                il.Emit(OpCodes.Castclass, ret);
            il.Emit(OpCodes.Ret);
            return method;
        }
    }
}

namespace Cilbind
{
    /// <summary>Thrown at the C# call site of a native (an internal call implemented in Rust)
    /// whose Rust body panicked; the message is the panic's.</summary>
    public sealed class RustPanicException : Exception
    {
        /// <summary>A panic with this message.</summary>
        public RustPanicException(string message) : base(message) { }
    }
}
