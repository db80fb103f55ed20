// Relays: objects that implement an interface by running one Rust closure per method. A server
// makes one for a remote client's Rust implementation of a .NET interface: each closure sends
// the call to the client, which runs its Rust value's method there.
//
// A relay method boxes its arguments into an object[] (a ref/out argument's current value),
// runs its closure through the same Target a delegate on a Rust closure uses (Callbacks), then
// writes each ref/out argument back from the array, where the closure left its new value, and
// returns the closure's result unboxed or cast to the method's return type.
using System;
using System.Collections.Generic;
using System.Reflection;
using System.Reflection.Emit;
using System.Runtime.InteropServices;

namespace Cilbind
{
    public static class Relays
    {
        /// <summary>A relay class and the interface methods its targets run, in order.</summary>
        sealed class Built
        {
            public Type Type;
            public MethodInfo[] Methods;
        }

        static readonly object gate = new object();
        static readonly Dictionary<Type, Built> built = new Dictionary<Type, Built>();
        static int counter;

        /// <summary>Forgets the unit's relay classes (a reload on CoreCLR: see <see cref="Unit"/>).</summary>
        internal static void ReleaseUnit()
        {
            lock (gate)
                Unit.Forget(built);
        }

        /// <summary>A new relay implementing the interface <paramref name="target"/>:
        /// <paramref name="members"/> has one line per method, <c>key TAB Name(parameters)</c>
        /// (the parameters as <see cref="Natives.ParameterDesc"/> spells them), and the method
        /// runs the closure registered under that key with the native
        /// <paramref name="dispatch"/>. Every method of the interface and of the interfaces it
        /// extends needs a line; a line that names no such method is refused too.</summary>
        public static object Create(Type target, IntPtr dispatch, string members)
        {
            return Make(target, dispatch, members, false);
        }

        /// <summary><see cref="Create"/> whose arguments and result cross as slot words (see
        /// <see cref="SlotTable"/>): CoreCLR's.</summary>
        public static object CreateWithSlots(Type target, IntPtr dispatch, string members)
        {
            return Make(target, dispatch, members, true);
        }

        static object Make(Type target, IntPtr dispatch, string members, bool slotWords)
        {
            if (!target.IsInterface || target.ContainsGenericParameters)
                throw new NotSupportedException(target + " is not a closed interface type: only interfaces can be implemented through a relay");
            var keys = new Dictionary<string, long>();
            foreach (var line in members.Split('\n'))
            {
                if (line.Length == 0)
                    continue;
                int tab = line.IndexOf('\t');
                if (tab <= 0)
                    throw new ArgumentException("a relay member line is `key TAB Name(parameters)`: " + line);
                keys[line.Substring(tab + 1)] = long.Parse(line.Substring(0, tab));
            }
            Built b;
            lock (gate)
            {
                if (!built.TryGetValue(target, out b))
                {
                    b = Build(target);
                    built.Add(target, b);
                }
            }
            var native = Callbacks.Dispatcher(dispatch);
            var targets = new Callbacks.Target[b.Methods.Length];
            var used = new HashSet<string>();
            for (int i = 0; i < targets.Length; i++)
            {
                var m = b.Methods[i];
                var name = m.Name + "(" + Natives.ParameterDesc(m) + ")";
                long key;
                if (!keys.TryGetValue(name, out key))
                    throw new NotSupportedException(m.DeclaringType + "." + name + " needs an implementation");
                used.Add(name);
                targets[i] = new Callbacks.Target(native, key, slotWords, "relay's " + name);
            }
            foreach (var name in keys.Keys)
                if (!used.Contains(name))
                    throw new ArgumentException(name + " is no method of " + target + " or of the interfaces it extends");
            return Activator.CreateInstance(b.Type, new object[] { targets });
        }

        /// <summary>The interface's methods and those of the interfaces it extends, each once.</summary>
        static MethodInfo[] MethodsOf(Type target)
        {
            var methods = new List<MethodInfo>(target.GetMethods());
            foreach (var i in target.GetInterfaces())
                methods.AddRange(i.GetMethods());
            return methods.ToArray();
        }

        /// <summary><c>public sealed class RelayN : target { readonly Target[] targets; … }</c>
        /// with a public constructor taking the targets, and each method of
        /// <see cref="MethodsOf"/> implemented explicitly by running its target.</summary>
        static Built Build(Type target)
        {
            var methods = MethodsOf(target);
            foreach (var m in methods)
                if (m.IsGenericMethodDefinition)
                    throw new NotSupportedException(m.DeclaringType + "." + m.Name + " is generic: a relay cannot implement it");
            var module = Proxies.ModuleFor(target);
            var tb = module.DefineType("Cilbind.Relays.Relay" + (++counter),
                TypeAttributes.Public | TypeAttributes.Sealed | TypeAttributes.Class, typeof(object));
            tb.AddInterfaceImplementation(target);
            foreach (var i in target.GetInterfaces())
                tb.AddInterfaceImplementation(i);
            var targetsField = tb.DefineField("targets", typeof(Callbacks.Target[]), FieldAttributes.Private | FieldAttributes.InitOnly);
            var ctor = tb.DefineConstructor(MethodAttributes.Public | MethodAttributes.HideBySig, CallingConventions.Standard,
                new[] { typeof(Callbacks.Target[]) });
            var il = ctor.GetILGenerator();
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Call, typeof(object).GetConstructor(Type.EmptyTypes));
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldarg_1);
            il.Emit(OpCodes.Stfld, targetsField);
            il.Emit(OpCodes.Ret);
            for (int i = 0; i < methods.Length; i++)
                DefineRelayed(tb, targetsField, methods[i], i);
            return new Built { Type = tb.CreateType(), Methods = methods };
        }

        /// <summary>The explicit implementation of <paramref name="m"/> that runs target
        /// <paramref name="n"/> with the arguments boxed, writes the by-ref ones back from the
        /// array and converts the result.</summary>
        static void DefineRelayed(TypeBuilder tb, FieldInfo targets, MethodInfo m, int n)
        {
            var ps = m.GetParameters();
            var types = new Type[ps.Length];
            for (int i = 0; i < ps.Length; i++)
                types[i] = ps[i].ParameterType;
            var ret = m.ReturnType;
            if (ret.IsByRef)
                throw new NotSupportedException(m.DeclaringType + "." + m.Name + " returns by reference: a relay cannot implement it");
            var impl = tb.DefineMethod(m.DeclaringType.FullName + "." + m.Name,
                MethodAttributes.Private | MethodAttributes.Virtual | MethodAttributes.Final | MethodAttributes.HideBySig
                    | MethodAttributes.NewSlot, ret, types);
            var il = impl.GetILGenerator();
            var args = il.DeclareLocal(typeof(object[]));
            il.Emit(OpCodes.Ldc_I4, ps.Length);
            il.Emit(OpCodes.Newarr, typeof(object));
            il.Emit(OpCodes.Stloc, args);
            for (int i = 0; i < ps.Length; i++)
            {
                il.Emit(OpCodes.Ldloc, args);
                il.Emit(OpCodes.Ldc_I4, i);
                il.Emit(OpCodes.Ldarg, (short)(i + 1));
                var t = types[i];
                if (t.IsByRef)
                {
                    t = t.GetElementType();
                    il.Emit(OpCodes.Ldobj, t);
                }
                if (t.IsPointer)
                    throw new NotSupportedException(m.DeclaringType + "." + m.Name + " takes a pointer: a relay cannot implement it");
                if (t.IsValueType)
                    il.Emit(OpCodes.Box, t);
                il.Emit(OpCodes.Stelem_Ref);
            }
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldfld, targets);
            il.Emit(OpCodes.Ldc_I4, n);
            il.Emit(OpCodes.Ldelem_Ref);
            il.Emit(OpCodes.Ldloc, args);
            il.Emit(OpCodes.Callvirt, typeof(Callbacks.Target).GetMethod("Invoke"));
            for (int i = 0; i < ps.Length; i++)
            {
                if (!types[i].IsByRef || (ps[i].IsIn && !ps[i].IsOut))
                    continue;
                var e = types[i].GetElementType();
                il.Emit(OpCodes.Ldarg, (short)(i + 1));
                il.Emit(OpCodes.Ldloc, args);
                il.Emit(OpCodes.Ldc_I4, i);
                il.Emit(OpCodes.Ldelem_Ref);
                il.Emit(e.IsValueType ? OpCodes.Unbox_Any : OpCodes.Castclass, e);
                il.Emit(OpCodes.Stobj, e);
            }
            if (ret == typeof(void))
                il.Emit(OpCodes.Pop);
            else if (ret.IsPointer)
                throw new NotSupportedException(m.DeclaringType + "." + m.Name + " returns a pointer: a relay cannot implement it");
            else if (ret.IsValueType)
                il.Emit(OpCodes.Unbox_Any, ret);
            else
                il.Emit(OpCodes.Castclass, ret);
            il.Emit(OpCodes.Ret);
            tb.DefineMethodOverride(impl, m);
        }
    }
}
