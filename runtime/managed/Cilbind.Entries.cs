// The CoreCLR bridge's native-callable entry points of managed methods, under Mono's thunk rules.
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
    /// Builds the native-callable entries of <see cref="Bridge"/>: for each method, an emitted
    /// static wrapper <c>Entry</c> that catches exceptions, a delegate type of the wrapper's
    /// exact signature (Marshal refuses generic delegates), and a delegate kept alive here.
    /// </summary>
    static class Entries
    {
        static ModuleBuilder module;
        /// <summary>Where the delegate types go: never collectible, since the runtime refuses
        /// to marshal a delegate of a collectible type. Their signatures name only primitive
        /// types (enums as their underlying type), so they never reference the unit, and they
        /// are made once per signature (<see cref="delegateTypes"/>), not once per unit.</summary>
        static ModuleBuilder typesModule;
        static readonly Dictionary<string, Type> delegateTypes = new Dictionary<string, Type>();
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
        /// <remarks>With <paramref name="thisProved"/> non-null and an object <c>this</c>, a second
        /// entry of the same signature is written there: one that does not test the class of
        /// <c>this</c>, for native code that proved it before the call (a receiver whose
        /// wrapper's relations were checked when its class was resolved). Every other argument is
        /// tested as in the first. Both are made in one emitted type, so the second costs one
        /// method more, not a type.</remarks>
        internal static unsafe IntPtr Make(MethodBase method, long mask, long spans, IntPtr* thisProved)
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
                // In a reloadable unit on CoreCLR, the unit's collectible module (see
                // Unit.Module): a non-collectible assembly may not reference a collectible one.
                Unit.Follow(method);
                if (Unit.IsCollectible)
                    module = Unit.Module("Cilbind.Entries");
                else if (module == null)
                {
                    var asm = AssemblyBuilder.DefineDynamicAssembly(new AssemblyName("Cilbind.Entries"), AssemblyBuilderAccess.Run);
                    module = asm.DefineDynamicModule("Cilbind.Entries");
                }
                int id = Interlocked.Increment(ref counter);
                var delegateType = DelegateType("EntryDelegate" + id, ret, native);
                var tb = module.DefineType("Entry" + id, TypeAttributes.Public | TypeAttributes.Sealed | TypeAttributes.Abstract);
                var shape = new Shape
                {
                    Method = method,
                    Call = call,
                    Managed = managed,
                    Forms = forms,
                    Native = native,
                    Ret = ret,
                    ManagedRet = managedRet,
                    RetPlain = retPlain,
                    HasThis = hasThis,
                    FirstIsThis = hasThis || (viaTrampoline && ctor == null && !method.IsStatic),
                };
                Emit(tb, "Entry", shape, true);
                bool objectThis = shape.FirstIsThis && !declaring.IsValueType;
                if (thisProved != null && objectThis)
                    Emit(tb, "EntryThisProved", shape, false);
                var type = tb.CreateType();
                if (thisProved != null)
                    *thisProved = objectThis ? Publish(type.GetMethod("EntryThisProved"), delegateType) : IntPtr.Zero;
                return Publish(type.GetMethod("Entry"), delegateType);
            }
        }

        /// <summary>What <see cref="Make"/> found out about a method, for each entry it emits.</summary>
        sealed class Shape
        {
            internal MethodBase Method;
            internal MethodInfo Call;
            internal List<Type> Managed;
            internal Form[] Forms;
            internal Type[] Native;
            internal Type Ret;
            internal Type ManagedRet;
            internal bool RetPlain;
            internal bool HasThis;
            /// <summary>The first native parameter is <c>this</c> (of the method, or of a
            /// trampoline's instance method).</summary>
            internal bool FirstIsThis;
        }

        /// <summary>Compiles <paramref name="entry"/> now and hands out a native-callable
        /// pointer of it, its delegate kept alive until the unit is released.</summary>
        static IntPtr Publish(MethodInfo entry, Type delegateType)
        {
            // Compiled now, where a type it names that cannot be loaded is this call's
            // exception: compiled on the first native call instead, the failure would escape
            // into native code, which aborts the process.
            System.Runtime.CompilerServices.RuntimeHelpers.PrepareMethod(entry.MethodHandle);
            var d = Delegate.CreateDelegate(delegateType, entry);
            alive.Add(d);
            return Marshal.GetFunctionPointerForDelegate(d);
        }

        /// <summary>Emits static method <paramref name="name"/> of <paramref name="tb"/>: the
        /// entry of <paramref name="shape"/>'s method, testing the class of <c>this</c> only
        /// when <paramref name="checkThis"/> (see <see cref="Make"/>).</summary>
        static void Emit(TypeBuilder tb, string name, Shape shape, bool checkThis)
        {
            var method = shape.Method;
            var call = shape.Call;
            var managed = shape.Managed;
            var forms = shape.Forms;
            var native = shape.Native;
            var ret = shape.Ret;
            var managedRet = shape.ManagedRet;
            bool retPlain = shape.RetPlain;
            bool hasThis = shape.HasThis;
            var declaring = method.DeclaringType;
            var mb = tb.DefineMethod(name, MethodAttributes.Public | MethodAttributes.Static, ret, native);
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
                        // The entry for a proved receiver leaves `this` as the object it is.
                        if (t != typeof(object) && (checkThis || !(shape.FirstIsThis && i == 0)))
                            EmitClassCheck(il, t, PositionOf(i, shape.FirstIsThis));
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
        }

        /// <summary>Turns the object on the stack into a <paramref name="t"/>, or throws
        /// <see cref="ArgumentTypeException"/> naming <paramref name="position"/> when it is
        /// another class's (null passes: native code checks null where it is refused). The
        /// native side does not read an argument's class before the call: this check, which a
        /// cast would make anyway, is the one that keeps a wrong object out of the callee.</summary>
        static void EmitClassCheck(ILGenerator il, Type t, string position)
        {
            var obj = il.DeclareLocal(typeof(object));
            var done = il.DefineLabel();
            var isNull = il.DefineLabel();
            il.Emit(OpCodes.Stloc, obj);
            il.Emit(OpCodes.Ldloc, obj);
            il.Emit(OpCodes.Isinst, t);
            il.Emit(OpCodes.Dup);
            il.Emit(OpCodes.Brtrue, done);
            il.Emit(OpCodes.Pop);
            il.Emit(OpCodes.Ldloc, obj);
            il.Emit(OpCodes.Brfalse, isNull);
            // Names as strings: with a RuntimeTypeHandle parameter, the JIT resolving the
            // call's signature crashed CoreCLR 3.1 (a segmentation fault walking its assembly
            // list, AppDomain::FindAssembly) in a process that had unloaded units before
            // (tests/reload.rs); object and string parameters need no token resolved.
            il.Emit(OpCodes.Ldloc, obj);
            il.Emit(OpCodes.Ldstr, t.FullName ?? t.ToString());
            il.Emit(OpCodes.Ldstr, position);
            // Throws; the null it would leave keeps the stack's type the same on every path.
            il.Emit(OpCodes.Call, wrongClass);
            il.Emit(OpCodes.Pop);
            il.MarkLabel(isNull);
            il.Emit(OpCodes.Ldnull);
            // Every path leaves a `t` (what isinst gave) or null: no second cast.
            il.MarkLabel(done);
        }

        /// <summary>How Rust names native parameter <paramref name="i"/> in messages ("this",
        /// "argument N" counted without <c>this</c>).</summary>
        static string PositionOf(int i, bool firstIsThis)
        {
            if (firstIsThis)
                return i == 0 ? "this" : "argument " + (i - 1);
            return "argument " + i;
        }

        static readonly MethodInfo wrongClass = typeof(ArgumentTypeException).GetMethod("Throw");
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
            // Every address as a native int: the delegate's marshalling refuses a pointer to a
            // struct it would marshal (one with a bool or char, a generic one) and aborts the
            // process when native code calls in; the wrapper hands the address on unchanged.
            if (t.IsByRef || t.IsPointer)
                return typeof(IntPtr);
            if (t == typeof(bool))
                return typeof(byte);
            if (t == typeof(char))
                return typeof(ushort);
            if (t.IsEnum)
                return Enum.GetUnderlyingType(t);
            if (t.IsPrimitive)
                return t;
            throw new NotSupportedException(Name(method) + ": " + t + " has no plain native form");
        }

        /// <summary>Lets go of the entries of the current unit (a reload: native code made
        /// every entry point it holds stale) and of the module they were emitted into.</summary>
        internal static void ReleaseUnit()
        {
            lock (gate)
            {
                alive.Clear();
                module = null;
            }
        }

        static Type DelegateType(string name, Type ret, Type[] parameters)
        {
            var key = new StringBuilder(ret.FullName);
            foreach (var p in parameters)
                key.Append(',').Append(p.FullName);
            Type known;
            if (delegateTypes.TryGetValue(key.ToString(), out known))
                return known;
            if (typesModule == null)
            {
                var asm = AssemblyBuilder.DefineDynamicAssembly(new AssemblyName("Cilbind.EntryTypes"), AssemblyBuilderAccess.Run);
                typesModule = asm.DefineDynamicModule("Cilbind.EntryTypes");
            }
            var tb = typesModule.DefineType(name, TypeAttributes.Public | TypeAttributes.Sealed, typeof(MulticastDelegate));
            var ctor = tb.DefineConstructor(MethodAttributes.Public | MethodAttributes.HideBySig | MethodAttributes.SpecialName |
                MethodAttributes.RTSpecialName, CallingConventions.Standard, new[] { typeof(object), typeof(IntPtr) });
            ctor.SetImplementationFlags(MethodImplAttributes.Runtime | MethodImplAttributes.Managed);
            var invoke = tb.DefineMethod("Invoke", MethodAttributes.Public | MethodAttributes.HideBySig | MethodAttributes.NewSlot |
                MethodAttributes.Virtual, ret, parameters);
            invoke.SetImplementationFlags(MethodImplAttributes.Runtime | MethodImplAttributes.Managed);
            var made = tb.CreateType();
            delegateTypes.Add(key.ToString(), made);
            return made;
        }
    }

    /// <summary>An entry point's argument was an object of a class the parameter does not
    /// accept (native code maps it to its invalid-argument error, with this message).</summary>
    public sealed class ArgumentTypeException : ArgumentException
    {
        internal ArgumentTypeException(string message) : base(message)
        {
        }

        /// <summary>Throws the error of an argument of another class (never returns; public,
        /// for the emitted entries in their own assemblies).</summary>
        public static object Throw(object o, string declared, string position)
        {
            throw new ArgumentTypeException(position + ": an object of type " + o.GetType().FullName
                + " is not a " + declared);
        }
    }
}
