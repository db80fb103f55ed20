// Managed half of Rust implementations of .NET types: builds, with Reflection.Emit, a class
// that implements an interface or extends a class and forwards the chosen members to Rust (or
// whose Invoke a delegate type's instances are bound to: a delegate on a Rust closure).
//
// Every forwarded member calls a `static extern` InternalCall method of the emitted type (named
// M0, M1, …), which the Rust side registers with mono_dangerous_add_raw_internal_call under
// "Namespace.Type::Mi" before the type's first instance exists: each call is one raw icall
// whose target was resolved once, never a name lookup. The icall receives the object itself
// and its key (a 64-bit generation-checked key into the Rust side's slab) first.
//
// CoreCLR lets no host add internal calls: there (after UsePointers) M{n} and Created are
// ordinary static methods that call Rust through a function pointer given to the build (a
// constant in their code), with objects as slot words (SlotTable). No exception may leave managed code that native code
// called, so Rust reports a failure in a thread-local flag and M{n} throws it itself.
using System;
using System.Collections.Generic;
using System.Reflection;
using System.Reflection.Emit;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Cilbind
{
    public static class Proxies
    {
        /// <summary>Role of a member given to <see cref="Build"/>.</summary>
        public const int Implement = 0, Constructor = 1, Override = 2, BaseCall = 3, Protected = 4, ProtectedField = 5;

        /// <summary>Tells Rust that the proxy with <paramref name="key"/> was finalized, so its
        /// slot may be released once the object is really gone. Harmless with any key: Rust
        /// releases a slot only when its weak (track-resurrection) handle reads null.</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        public static extern void Finalized(long key);

        /// <summary>Drops the Rust values of proxies that were collected (see Rust's sweep).</summary>
        [MethodImpl(MethodImplOptions.InternalCall)]
        public static extern void Sweep();

        static ModuleBuilder module;
        static int counter;
        static bool sweeping;

        // CoreCLR: Rust's entry points, as delegates (mcs has no function pointers).
        static bool pointers;
        delegate void KeyFn(long key);
        delegate void VoidFn();
        delegate IntPtr FlagFn();
        delegate int PendingFn(out IntPtr type, out IntPtr text);
        static KeyFn finalizedFn;
        static VoidFn sweepFn;
        static FlagFn flagFn;
        static PendingFn pendingFn;
        /// <summary>While <see cref="BuildFromHandles"/> builds a type (under the lock): the
        /// Rust entry points of its M{n}, and of Created.</summary>
        static long[] entryPointers;
        static long createdPointer;

        static bool resolving;

        /// <summary>Forgets the unit's proxy module (a reload on CoreCLR: see <see cref="Unit"/>):
        /// the next unit's proxies go into a module of its own.</summary>
        internal static void ReleaseUnit()
        {
            lock (gate)
                module = null;
        }

        static Assembly ResolveSelf(object sender, ResolveEventArgs args)
        {
            var m = module;
            return m != null && new AssemblyName(args.Name).Name == "Cilbind.Proxies" ? m.Assembly : null;
        }

        /// <summary>Makes proxies call Rust through function pointers (CoreCLR): the finalizer
        /// report, the sweep, Rust's failure flag of a thread, and the taking of its pending
        /// failure (the exception's interned type handle and its UTF-16 message).</summary>
        public static void UsePointers(IntPtr finalized, IntPtr sweep, IntPtr flag, IntPtr pending)
        {
            lock (gate)
            {
                finalizedFn = (KeyFn)Marshal.GetDelegateForFunctionPointer(finalized, typeof(KeyFn));
                sweepFn = (VoidFn)Marshal.GetDelegateForFunctionPointer(sweep, typeof(VoidFn));
                flagFn = (FlagFn)Marshal.GetDelegateForFunctionPointer(flag, typeof(FlagFn));
                pendingFn = (PendingFn)Marshal.GetDelegateForFunctionPointer(pending, typeof(PendingFn));
                pointers = true;
            }
        }

        /// <summary>True when the proxy call into Rust that just returned on this thread (whose
        /// slots are <paramref name="t"/>) failed (then <see cref="ThrowPending"/> throws its
        /// exception).</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public static unsafe bool FailedIn(SlotTable.PerThread t)
        {
            var p = t.FailedFlag;
            if (p == IntPtr.Zero)
                t.FailedFlag = p = flagFn();
            return *(int*)p != 0;
        }

        /// <summary>Throws the failure Rust reported for this thread's last proxy call.</summary>
        [MethodImpl(MethodImplOptions.NoInlining)]
        public static unsafe void ThrowPending()
        {
            IntPtr type, text;
            int n = pendingFn(out type, out text);
            var message = n > 0 ? new string((char*)text, 0, n) : "";
            var t = type == IntPtr.Zero ? null : Bridge.Target(type) as Type;
            throw MakeException(t, message);
        }

        static Exception MakeException(Type t, string message)
        {
            // These take the parameter or object name first: the message is the second argument.
            if (t == typeof(ObjectDisposedException))
                return new ObjectDisposedException(null, message);
            if (t == typeof(ArgumentNullException))
                return new ArgumentNullException(null, message);
            if (t == typeof(ArgumentOutOfRangeException))
                return new ArgumentOutOfRangeException(null, message);
            if (t != null && typeof(Exception).IsAssignableFrom(t) && !t.IsAbstract)
            {
                var ctor = t.GetConstructor(new[] { typeof(string) });
                if (ctor != null)
                {
                    try
                    {
                        return (Exception)ctor.Invoke(new object[] { message });
                    }
                    catch (Exception)
                    {
                    }
                }
            }
            return new InvalidOperationException("cannot throw " + (t == null ? "an unknown type" : t.FullName) + " from Rust: " + message);
        }

        /// <summary>The finalizer's report on CoreCLR.</summary>
        public static void ReportFinalized(long key)
        {
            finalizedFn(key);
        }

        // Apart, so that CoreCLR never compiles a call of an internal call it cannot bind.
        [MethodImpl(MethodImplOptions.NoInlining)]
        static void SweepInternal()
        {
            Sweep();
        }

        /// <summary><see cref="Build"/> with the members as interned handles (CoreCLR's
        /// metadata) and the Rust entry points of the forwarders (<paramref name="entries"/>[n]
        /// for M{n}) and of Created, which the emitted code calls as constants; the new type's
        /// interned handle.</summary>
        public static long BuildFromHandles(Type target, long[] members, int[] roles, long[] entries, long created)
        {
            var infos = new MemberInfo[members.Length];
            for (int i = 0; i < members.Length; i++)
                infos[i] = (MemberInfo)Bridge.Target(new IntPtr(members[i]));
            lock (gate)
            {
                if (!pointers)
                    throw new InvalidOperationException("UsePointers first");
                entryPointers = entries;
                createdPointer = created;
                try
                {
                    return (long)Bridge.Intern(Build(target, infos, roles));
                }
                finally
                {
                    entryPointers = null;
                    createdPointer = 0;
                }
            }
        }

        /// <summary>The parameter list of the method behind the interned handle
        /// <paramref name="method"/>, as Mono's <c>mono_signature_get_desc</c> prints it.</summary>
        public static string Describe(long method)
        {
            return Natives.ParameterDesc((MethodBase)Bridge.Target(new IntPtr(method)));
        }

        /// <summary>A weak handle (tracking resurrection) to <paramref name="o"/>.</summary>
        public static long WeakHandle(object o)
        {
            return (long)GCHandle.ToIntPtr(GCHandle.Alloc(o, GCHandleType.WeakTrackResurrection));
        }

        /// <summary>True once the object of the weak handle was reclaimed.</summary>
        public static bool IsReclaimed(long handle)
        {
            return GCHandle.FromIntPtr(new IntPtr(handle)).Target == null;
        }

        /// <summary>Frees a handle <see cref="WeakHandle"/> made.</summary>
        public static void FreeHandle(long handle)
        {
            GCHandle.FromIntPtr(new IntPtr(handle)).Free();
        }
        static readonly object gate = new object();

        /// <summary>Runs the sweep once per garbage collection that finds it unreachable: it
        /// re-registers itself for finalization each time (the pattern of .NET's
        /// Gen2GcCallback), so Rust values of collected proxies are dropped without any call
        /// from Rust.</summary>
        sealed class Sweeper
        {
            ~Sweeper()
            {
                if (pointers)
                    sweepFn();
                else
                    SweepInternal();
                if (!Environment.HasShutdownStarted && !AppDomain.CurrentDomain.IsFinalizingForUnload())
                    GC.ReRegisterForFinalize(this);
            }
        }

        /// <summary>Starts the sweeper (once); Rust calls it after registering the icalls.</summary>
        public static void StartSweeper()
        {
            lock (gate)
            {
                if (sweeping)
                    return;
                sweeping = true;
                new Sweeper();
            }
        }

        /// <summary>
        /// Builds a public sealed class implementing the interface <paramref name="target"/>, or
        /// deriving from the class <paramref name="target"/>, with a private readonly
        /// <c>long</c> key field. <paramref name="roles"/>[i] says what <paramref name="members"/>[i] is:
        /// <list type="bullet">
        /// <item><see cref="Implement"/>, <see cref="Override"/>: a method forwarded to Rust
        /// through the icall <c>M{n}(object self, long key, params…)</c> (n counts these members).</item>
        /// <item><see cref="Constructor"/>: a base constructor; the class gets a constructor
        /// <c>(long key, params…)</c> that sets the key BEFORE calling it (the base constructor may
        /// call virtual members), and a static factory <c>New{n}(long key, params…)</c>.</item>
        /// <item><see cref="BaseCall"/>: a public forwarder <c>Base{n}(params…)</c> that calls the base
        /// implementation non-virtually (<c>call</c>, as C#'s <c>base.M()</c>).</item>
        /// <item><see cref="Protected"/>: a public forwarder <c>Protected{n}</c> to a protected method.</item>
        /// <item><see cref="ProtectedField"/>: public <c>Get{n}()</c> and <c>Set{n}(value)</c> of a protected field.</item>
        /// </list>
        /// An interface proxy also gets <c>New0(long key)</c>. For a delegate type, the class derives
        /// from object, its one <see cref="Implement"/> member is the type's <c>Invoke</c>
        /// (forwarded by a public non-virtual <c>Invoke</c>, <see cref="DefineDelegateInvoke"/>),
        /// <c>New0(long key)</c> returns a delegate of the type bound to a new instance (a
        /// delegate on a Rust closure, called as directly as an interface member), and neither
        /// <c>Created</c> nor a finalizer reports the instance: the key names a closure in a
        /// table of Rust's, which the Rust side revokes. Every constructor first calls the
        /// icall <c>Created(object self, long key)</c>. Every proxy's finalizer reports
        /// its key through <see cref="Finalized"/> (then runs the base finalizer).
        /// </summary>
        public static Type Build(Type target, MemberInfo[] members, int[] roles)
        {
            if (members.Length != roles.Length)
                throw new ArgumentException("one role per member");
            lock (gate)
            {
                var emitted = ModuleFor(target);
                int id = ++counter;
                bool isInterface = target.IsInterface;
                // A delegate type: the class derives from object, and its factory returns a
                // delegate of the type bound to a new instance's Invoke.
                bool isDelegate = typeof(MulticastDelegate).IsAssignableFrom(target) && target != typeof(MulticastDelegate)
                    && !target.ContainsGenericParameters;
                if (!isInterface && !isDelegate && (target.IsSealed || target.IsValueType || !target.IsClass))
                    throw new NotSupportedException(target + " is not an interface, a delegate type or a class that can be extended");
                var baseType = isInterface || isDelegate ? typeof(object) : target;
                var tb = emitted.DefineType("Cilbind.Proxies.Proxy" + id,
                    TypeAttributes.Public | TypeAttributes.Sealed | TypeAttributes.Class, baseType);
                if (isInterface)
                {
                    tb.AddInterfaceImplementation(target);
                    foreach (var i in target.GetInterfaces())
                        tb.AddInterfaceImplementation(i);
                }
                var key = tb.DefineField("key", typeof(long), FieldAttributes.Private | FieldAttributes.InitOnly);
                // static extern void Created(object self, long key): the constructor reports the
                // new object to Rust (its long weak handle) before the base constructor runs.
                var created = DefineNative(tb, "Created", typeof(void), new[] { typeof(object), typeof(long) }, createdPointer);
                int forwarded = 0, ctors = 0, bases = 0, protecteds = 0, fields = 0;
                var implemented = new HashSet<MethodInfo>();
                MethodBuilder delegateInvoke = null;
                if (isInterface)
                    DefineConstructor(tb, key, created, typeof(object).GetConstructor(Type.EmptyTypes), ctors++);
                for (int i = 0; i < members.Length; i++)
                {
                    switch (roles[i])
                    {
                        case Implement:
                        case Override:
                            var m = (MethodInfo)members[i];
                            if (isDelegate)
                            {
                                if (m != target.GetMethod("Invoke") || delegateInvoke != null)
                                    throw new NotSupportedException(target + ": a delegate type's proxy implements its Invoke, once");
                                delegateInvoke = DefineDelegateInvoke(tb, key, m, forwarded++);
                            }
                            else
                                DefineForwarded(tb, key, m, isInterface, forwarded++);
                            implemented.Add(m);
                            break;
                        case Constructor:
                            if (isInterface || isDelegate)
                                throw new NotSupportedException("the proxy of " + target + " has no base constructor to call");
                            DefineConstructor(tb, key, created, (ConstructorInfo)members[i], ctors++);
                            break;
                        case BaseCall:
                            DefineBaseCall(tb, (MethodInfo)members[i], bases++);
                            break;
                        case Protected:
                            DefineProtected(tb, (MethodInfo)members[i], protecteds++);
                            break;
                        case ProtectedField:
                            DefineFieldAccess(tb, (FieldInfo)members[i], fields++);
                            break;
                        default:
                            throw new ArgumentException("unknown role " + roles[i]);
                    }
                }
                if (isDelegate)
                {
                    if (delegateInvoke == null)
                        throw new NotSupportedException(target + ".Invoke needs an implementation");
                    DefineConstructor(tb, key, created, typeof(object).GetConstructor(Type.EmptyTypes), ctors++, delegateInvoke, target);
                }
                if (ctors == 0)
                    throw new NotSupportedException(target + ": no constructor to build instances with");
                if (!isDelegate)
                {
                    CheckComplete(target, isInterface, implemented);
                    DefineFinalizer(tb, key, baseType);
                }
                return tb.CreateType();
            }
        }

        /// <summary>The module a class emitted to implement or extend <paramref name="target"/>
        /// goes into (a proxy, or a relay: <see cref="Relays"/>).</summary>
        internal static ModuleBuilder ModuleFor(Type target)
        {
            lock (gate)
            {
                // In a reloadable unit on CoreCLR, the unit's collectible module (see
                // Unit.Module): a non-collectible assembly may not reference a collectible one,
                // and a proxy extends or implements the unit's types. The entry points' module:
                // they name the proxy types (New{n} returns one), and a unit's context cannot
                // be handed one of its dynamic assemblies by a resolver (FileLoadException).
                Unit.Follow(target);
                if (Unit.IsCollectible)
                    module = Unit.Module("Cilbind.Entries");
                else if (module == null)
                {
                    var name = new AssemblyName("Cilbind.Proxies");
                    var asm = AssemblyBuilder.DefineDynamicAssembly(name, AssemblyBuilderAccess.Run);
                    module = asm.DefineDynamicModule("Cilbind.Proxies");
                }
                if (!resolving)
                {
                    // Code emitted elsewhere (the entry points of New{n}, which return a proxy
                    // type) names this assembly; CoreCLR finds a dynamic assembly by name only
                    // through a resolver.
                    AppDomain.CurrentDomain.AssemblyResolve += ResolveSelf;
                    resolving = true;
                }
                return module;
            }
        }

        /// <summary>Refuses a type that would leave an interface method or an abstract method
        /// without implementation (the type load would fail later, less clearly).</summary>
        static void CheckComplete(Type target, bool isInterface, HashSet<MethodInfo> implemented)
        {
            var required = new List<MethodInfo>();
            if (isInterface)
            {
                required.AddRange(target.GetMethods());
                foreach (var i in target.GetInterfaces())
                    required.AddRange(i.GetMethods());
            }
            else
            {
                for (var t = target; t != null; t = t.BaseType)
                    foreach (var m in t.GetMethods(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly))
                        if (m.IsAbstract && !IsOverriddenBelow(m, target))
                            required.Add(m);
            }
            foreach (var m in required)
                if (!implemented.Contains(m))
                    throw new NotSupportedException(m.DeclaringType + "." + m.Name + " needs an implementation");
        }

        /// <summary>True when a class between <paramref name="target"/> and the declaring type
        /// of the abstract <paramref name="m"/> overrides it.</summary>
        static bool IsOverriddenBelow(MethodInfo m, Type target)
        {
            for (var t = target; t != null && t != m.DeclaringType; t = t.BaseType)
                foreach (var o in t.GetMethods(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly))
                    if (!o.IsAbstract && o.GetBaseDefinition() == m.GetBaseDefinition())
                        return true;
            return false;
        }

        static Type[] ParameterTypes(MethodBase m)
        {
            var ps = m.GetParameters();
            var types = new Type[ps.Length];
            for (int i = 0; i < ps.Length; i++)
                types[i] = ps[i].ParameterType;
            return types;
        }

        /// <summary>Constructor <c>(long key, params…)</c>: stores the key, reports the object
        /// (<c>Created</c>), then calls the base constructor; plus the static factory <c>New{n}</c>.</summary>
        /// <remarks>For a delegate type's proxy (<paramref name="delegateType"/> given), the
        /// factory returns a delegate of that type bound to the new instance's
        /// <paramref name="invoke"/> instead of the instance.</remarks>
        static void DefineConstructor(TypeBuilder tb, FieldInfo key, MethodInfo created, ConstructorInfo baseCtor, int n,
            MethodInfo invoke = null, Type delegateType = null)
        {
            if (baseCtor.IsPrivate || baseCtor.IsAssembly || baseCtor.IsFamilyAndAssembly)
                throw new NotSupportedException(baseCtor + " is not accessible to a derived class");
            var ps = ParameterTypes(baseCtor);
            var types = new Type[ps.Length + 1];
            types[0] = typeof(long);
            Array.Copy(ps, 0, types, 1, ps.Length);
            var ctor = tb.DefineConstructor(MethodAttributes.Public | MethodAttributes.HideBySig, CallingConventions.Standard, types);
            var il = ctor.GetILGenerator();
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldarg_1);
            il.Emit(OpCodes.Stfld, key);
            // A delegate's proxy is not reported: its key's closure lives in a table of Rust's,
            // not for as long as the object.
            if (delegateType == null)
            {
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldarg_1);
                il.Emit(OpCodes.Call, created);
            }
            il.Emit(OpCodes.Ldarg_0);
            for (int i = 0; i < ps.Length; i++)
                il.Emit(OpCodes.Ldarg, (short)(i + 2));
            il.Emit(OpCodes.Call, baseCtor);
            il.Emit(OpCodes.Ret);
            var factory = tb.DefineMethod("New" + n, MethodAttributes.Public | MethodAttributes.Static, delegateType ?? tb, types);
            il = factory.GetILGenerator();
            for (int i = 0; i < types.Length; i++)
                il.Emit(OpCodes.Ldarg, (short)i);
            il.Emit(OpCodes.Newobj, ctor);
            if (delegateType != null)
            {
                // As C# compiles `new D(instance.Invoke)`.
                il.Emit(OpCodes.Ldftn, invoke);
                il.Emit(OpCodes.Newobj, delegateType.GetConstructor(new[] { typeof(object), typeof(IntPtr) }));
            }
            il.Emit(OpCodes.Ret);
        }

        /// <summary>The icall <c>M{n}</c> and the method that implements or overrides
        /// <paramref name="m"/> by calling it with <c>this</c>, the key and the arguments.</summary>
        static void DefineForwarded(TypeBuilder tb, FieldInfo key, MethodInfo m, bool explicitImpl, int n)
        {
            if (m.IsGenericMethodDefinition)
                throw new NotSupportedException(m + " is generic");
            if (!m.IsVirtual || m.IsFinal)
                throw new NotSupportedException(m + " cannot be overridden");
            var ps = ParameterTypes(m);
            var icall = DefineForwarder(tb, m, n);
            MethodAttributes attrs;
            string name;
            if (explicitImpl)
            {
                attrs = MethodAttributes.Private | MethodAttributes.Virtual | MethodAttributes.Final
                    | MethodAttributes.HideBySig | MethodAttributes.NewSlot;
                name = m.DeclaringType.FullName + "." + m.Name;
            }
            else
            {
                // protected internal seen from another assembly is protected (ECMA-335 §II.10.3.3).
                var access = m.Attributes & MethodAttributes.MemberAccessMask;
                if (access == MethodAttributes.FamORAssem)
                    access = MethodAttributes.Family;
                attrs = access | MethodAttributes.Virtual | MethodAttributes.HideBySig;
                name = m.Name;
            }
            var impl = tb.DefineMethod(name, attrs, m.ReturnType, ps);
            EmitForward(impl, key, icall, ps.Length);
            tb.DefineMethodOverride(impl, m);
        }

        /// <summary>The forwarder <c>M{n}</c> and the public method <c>Invoke</c>, with the
        /// signature of the delegate type's <paramref name="invoke"/>, that calls it: what the
        /// delegate is bound to. Its parameters and result are values (the generator takes this
        /// path for no other delegate), and Rust writes the result to a local whose address
        /// it gets last: <c>int M{n}(long key, params…[, IntPtr result])</c>
        /// returns 0 when the call failed. On Mono M{n} is an internal call (the failure is
        /// thrown when it returns); on CoreCLR it calls Rust through a function pointer and
        /// Invoke throws the failure Rust reported.</summary>
        static MethodBuilder DefineDelegateInvoke(TypeBuilder tb, FieldInfo key, MethodInfo invoke, int n)
        {
            var ps = ParameterTypes(invoke);
            var ret = invoke.ReturnType;
            foreach (var t in ps)
                if (!t.IsValueType || t.IsByRef || t.IsPointer)
                    throw new NotSupportedException(invoke.DeclaringType + ": a typed delegate takes values only");
            if (ret != typeof(void) && !ret.IsValueType)
                throw new NotSupportedException(invoke.DeclaringType + ": a typed delegate returns a value");
            bool hasResult = ret != typeof(void);
            var types = new List<Type> { typeof(long) };
            types.AddRange(ps);
            if (hasResult)
                types.Add(typeof(IntPtr));
            var attrs = MethodAttributes.Private | MethodAttributes.Static | MethodAttributes.HideBySig;
            MethodBuilder forwarder;
            if (!pointers)
            {
                forwarder = tb.DefineMethod("M" + n, attrs | MethodAttributes.PinvokeImpl, typeof(int), types.ToArray());
                forwarder.SetImplementationFlags(MethodImplAttributes.InternalCall);
            }
            else
                forwarder = DefineDelegateForwarder(tb, "M" + n, types.ToArray(), EntryPointer(n));
            var impl = tb.DefineMethod("Invoke", MethodAttributes.Public | MethodAttributes.HideBySig, ret, ps);
            var il = impl.GetILGenerator();
            var result = hasResult ? il.DeclareLocal(NativeType(ret)) : null;
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldfld, key);
            for (int i = 0; i < ps.Length; i++)
                il.Emit(OpCodes.Ldarg, (short)(i + 1));
            if (hasResult)
            {
                il.Emit(OpCodes.Ldloca, result);
                il.Emit(OpCodes.Conv_U);
            }
            il.Emit(OpCodes.Call, forwarder);
            if (pointers)
            {
                var done = il.DefineLabel();
                il.Emit(OpCodes.Brtrue, done);
                il.Emit(OpCodes.Call, typeof(Proxies).GetMethod("ThrowPending"));
                il.MarkLabel(done);
            }
            else
                il.Emit(OpCodes.Pop);
            if (hasResult)
            {
                il.Emit(OpCodes.Ldloc, result);
                if (ret == typeof(bool))
                {
                    il.Emit(OpCodes.Ldc_I4_0);
                    il.Emit(OpCodes.Cgt_Un);
                }
            }
            il.Emit(OpCodes.Ret);
            return impl;
        }

        /// <summary>CoreCLR's <c>static int M{n}(long key, values…[, IntPtr result])</c> of a
        /// typed delegate: calls the Rust function at <paramref name="address"/> with the same
        /// arguments in native form. No object crosses: the key names the closure in a table
        /// of Rust's that keeps it for as long as a call may run it.</summary>
        static MethodBuilder DefineDelegateForwarder(TypeBuilder tb, string name, Type[] ps, long address)
        {
            var m = tb.DefineMethod(name, MethodAttributes.Private | MethodAttributes.Static | MethodAttributes.HideBySig,
                typeof(int), ps);
            var il = m.GetILGenerator();
            var native = new Type[ps.Length];
            for (int i = 0; i < ps.Length; i++)
            {
                il.Emit(OpCodes.Ldarg, (short)i);
                native[i] = NativeType(ps[i]);
            }
            il.Emit(OpCodes.Ldc_I8, address);
            il.Emit(OpCodes.Conv_I);
            il.EmitCalli(OpCodes.Calli, CallingConvention.Cdecl, typeof(int), native);
            il.Emit(OpCodes.Ret);
            return m;
        }

        /// <summary>The icall <c>M{n}(object self, long key, params…)</c> of <paramref name="m"/>'s
        /// parameters and result.</summary>
        static MethodBuilder DefineForwarder(TypeBuilder tb, MethodInfo m, int n)
        {
            var ps = ParameterTypes(m);
            var icallTypes = new Type[ps.Length + 2];
            icallTypes[0] = typeof(object);
            icallTypes[1] = typeof(long);
            Array.Copy(ps, 0, icallTypes, 2, ps.Length);
            return DefineNative(tb, "M" + n, m.ReturnType, icallTypes, pointers ? EntryPointer(n) : 0);
        }

        /// <summary><paramref name="impl"/>'s body: <c>return icall(this, this.key, args…)</c>.</summary>
        static void EmitForward(MethodBuilder impl, FieldInfo key, MethodInfo icall, int count)
        {
            var il = impl.GetILGenerator();
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldfld, key);
            for (int i = 0; i < count; i++)
                il.Emit(OpCodes.Ldarg, (short)(i + 1));
            il.Emit(OpCodes.Call, icall);
            il.Emit(OpCodes.Ret);
        }

        /// <summary>The static method <paramref name="name"/> whose body is Rust's: an internal
        /// call on Mono; on CoreCLR a method that calls the Rust function at
        /// <paramref name="address"/> with the same arguments in native form, then throws the
        /// failure Rust reported, if any.</summary>
        static long EntryPointer(int n)
        {
            if (entryPointers == null || n >= entryPointers.Length || entryPointers[n] == 0)
                throw new ArgumentException("no Rust entry point for forwarder " + n);
            return entryPointers[n];
        }

        static MethodBuilder DefineNative(TypeBuilder tb, string name, Type ret, Type[] ps, long address)
        {
            var attrs = MethodAttributes.Private | MethodAttributes.Static | MethodAttributes.HideBySig;
            if (!pointers)
            {
                var icall = tb.DefineMethod(name, attrs | MethodAttributes.PinvokeImpl, ret, ps);
                icall.SetImplementationFlags(MethodImplAttributes.InternalCall);
                return icall;
            }
            if (address == 0)
                throw new ArgumentException("no Rust entry point for " + name);
            var m = tb.DefineMethod(name, attrs, ret, ps);
            var il = m.GetILGenerator();
            // The calling thread's slots, read once: the thread slots of the reference arguments
            // and the failure flag.
            var slots = il.DeclareLocal(typeof(SlotTable.PerThread));
            il.Emit(OpCodes.Call, typeof(SlotTable).GetMethod("Current"));
            il.Emit(OpCodes.Stloc, slots);
            var temporary = typeof(SlotTable).GetMethod("TemporaryIn");
            var native = new Type[ps.Length];
            var copies = new LocalBuilder[ps.Length];
            for (int i = 0; i < ps.Length; i++)
            {
                var t = ps[i];
                if (t.IsByRef)
                {
                    // The location may be a field of an object the collector moves during the
                    // call: Rust gets the address of a local copy, written back after.
                    var e = t.GetElementType();
                    var local = il.DeclareLocal(NativeType(e));
                    copies[i] = local;
                    if (!e.IsValueType)
                        il.Emit(OpCodes.Ldloc, slots);
                    il.Emit(OpCodes.Ldarg, (short)i);
                    LoadIndirect(il, e);
                    if (!e.IsValueType)
                        il.Emit(OpCodes.Call, temporary);
                    il.Emit(OpCodes.Stloc, local);
                    il.Emit(OpCodes.Ldloca, local);
                    il.Emit(OpCodes.Conv_U);
                    native[i] = typeof(IntPtr);
                    continue;
                }
                if (!t.IsValueType)
                    il.Emit(OpCodes.Ldloc, slots);
                il.Emit(OpCodes.Ldarg, (short)i);
                if (!t.IsValueType)
                    il.Emit(OpCodes.Call, temporary);
                native[i] = NativeType(t);
            }
            il.Emit(OpCodes.Ldc_I8, address);
            il.Emit(OpCodes.Conv_I);
            il.EmitCalli(OpCodes.Calli, CallingConvention.Cdecl, NativeType(ret), native);
            // The proxy (argument 0) stays reachable until Rust returns: its Rust value is dropped
            // once the object is collected, and the thread slot its word names is reused after
            // enough newer ones.
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Call, typeof(GC).GetMethod("KeepAlive"));
            var done = il.DefineLabel();
            il.Emit(OpCodes.Ldloc, slots);
            il.Emit(OpCodes.Call, typeof(Proxies).GetMethod("FailedIn"));
            il.Emit(OpCodes.Brfalse, done);
            il.Emit(OpCodes.Call, typeof(Proxies).GetMethod("ThrowPending"));
            il.MarkLabel(done);
            for (int i = 0; i < ps.Length; i++)
            {
                if (copies[i] == null)
                    continue;
                var e = ps[i].GetElementType();
                il.Emit(OpCodes.Ldarg, (short)i);
                il.Emit(OpCodes.Ldloc, copies[i]);
                if (!e.IsValueType)
                {
                    il.Emit(OpCodes.Call, typeof(SlotTable).GetMethod("Load"));
                    il.Emit(OpCodes.Castclass, e);
                    il.Emit(OpCodes.Stind_Ref);
                    continue;
                }
                if (e == typeof(bool))
                {
                    il.Emit(OpCodes.Ldc_I4_0);
                    il.Emit(OpCodes.Cgt_Un);
                }
                il.Emit(OpCodes.Stobj, e);
            }
            if (ret == typeof(bool))
            {
                il.Emit(OpCodes.Ldc_I4_0);
                il.Emit(OpCodes.Cgt_Un);
            }
            else if (ret != typeof(void) && !ret.IsValueType)
            {
                il.Emit(OpCodes.Call, typeof(SlotTable).GetMethod("Load"));
                il.Emit(OpCodes.Castclass, ret);
            }
            il.Emit(OpCodes.Ret);
            return m;
        }

        /// <summary>How a type crosses to Rust: references as slot words, <c>bool</c> as a byte,
        /// <c>char</c> as a UTF-16 unit, everything else as it is.</summary>
        static Type NativeType(Type t)
        {
            if (t == typeof(void))
                return t;
            if (!t.IsValueType)
                return typeof(long);
            if (t == typeof(bool))
                return typeof(byte);
            if (t == typeof(char))
                return typeof(ushort);
            return t;
        }

        static void LoadIndirect(ILGenerator il, Type e)
        {
            if (!e.IsValueType)
            {
                il.Emit(OpCodes.Ldind_Ref);
                return;
            }
            il.Emit(OpCodes.Ldobj, e);
            if (e == typeof(bool))
                il.Emit(OpCodes.Conv_U1);
            else if (e == typeof(char))
                il.Emit(OpCodes.Conv_U2);
        }

        /// <summary><c>public R Base{n}(params…)</c>: the base implementation of the virtual
        /// <paramref name="m"/>, called non-virtually.</summary>
        static void DefineBaseCall(TypeBuilder tb, MethodInfo m, int n)
        {
            if (m.IsAbstract || m.IsStatic || m.IsGenericMethodDefinition)
                throw new NotSupportedException(m + " has no base implementation to call");
            var ps = ParameterTypes(m);
            var fwd = tb.DefineMethod("Base" + n, MethodAttributes.Public | MethodAttributes.HideBySig, m.ReturnType, ps);
            var il = fwd.GetILGenerator();
            il.Emit(OpCodes.Ldarg_0);
            for (int i = 0; i < ps.Length; i++)
                il.Emit(OpCodes.Ldarg, (short)(i + 1));
            il.Emit(OpCodes.Call, m);
            il.Emit(OpCodes.Ret);
        }

        /// <summary><c>public [static] R Protected{n}(params…)</c>: the protected method
        /// <paramref name="m"/>, dispatched as C# would from the derived class.</summary>
        static void DefineProtected(TypeBuilder tb, MethodInfo m, int n)
        {
            if (m.IsGenericMethodDefinition)
                throw new NotSupportedException(m + " is generic");
            var ps = ParameterTypes(m);
            var attrs = MethodAttributes.Public | MethodAttributes.HideBySig | (m.IsStatic ? MethodAttributes.Static : 0);
            var fwd = tb.DefineMethod("Protected" + n, attrs, m.ReturnType, ps);
            var il = fwd.GetILGenerator();
            int first = m.IsStatic ? 0 : 1;
            if (!m.IsStatic)
                il.Emit(OpCodes.Ldarg_0);
            for (int i = 0; i < ps.Length; i++)
                il.Emit(OpCodes.Ldarg, (short)(i + first));
            il.Emit(m.IsVirtual ? OpCodes.Callvirt : OpCodes.Call, m);
            il.Emit(OpCodes.Ret);
        }

        /// <summary><c>public [static] T Get{n}()</c> and <c>void Set{n}(T)</c> for the protected
        /// field <paramref name="f"/> (no setter for a readonly field).</summary>
        static void DefineFieldAccess(TypeBuilder tb, FieldInfo f, int n)
        {
            var attrs = MethodAttributes.Public | MethodAttributes.HideBySig | (f.IsStatic ? MethodAttributes.Static : 0);
            var get = tb.DefineMethod("Get" + n, attrs, f.FieldType, Type.EmptyTypes);
            var il = get.GetILGenerator();
            if (f.IsStatic)
                il.Emit(OpCodes.Ldsfld, f);
            else
            {
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldfld, f);
            }
            il.Emit(OpCodes.Ret);
            if (f.IsInitOnly || f.IsLiteral)
                return;
            var set = tb.DefineMethod("Set" + n, attrs, typeof(void), new[] { f.FieldType });
            il = set.GetILGenerator();
            if (f.IsStatic)
            {
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Stsfld, f);
            }
            else
            {
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldarg_1);
                il.Emit(OpCodes.Stfld, f);
            }
            il.Emit(OpCodes.Ret);
        }

        /// <summary><c>~Proxy() { Proxies.Finalized(key); base.Finalize(); }</c> (the base
        /// finalizer runs even if reporting throws).</summary>
        static void DefineFinalizer(TypeBuilder tb, FieldInfo key, Type baseType)
        {
            var fin = tb.DefineMethod("Finalize", MethodAttributes.Family | MethodAttributes.Virtual | MethodAttributes.HideBySig,
                typeof(void), Type.EmptyTypes);
            var il = fin.GetILGenerator();
            il.BeginExceptionBlock();
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldfld, key);
            il.Emit(OpCodes.Call, typeof(Proxies).GetMethod(pointers ? "ReportFinalized" : "Finalized"));
            il.BeginFinallyBlock();
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Call, baseType.GetMethod("Finalize", BindingFlags.Instance | BindingFlags.NonPublic));
            il.EndExceptionBlock();
            il.Emit(OpCodes.Ret);
        }
    }
}
