// Where objects live while native code refers to them on CoreCLR: managed slots named by words.
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
    /// Where objects live while native code refers to them on CoreCLR, whose collector is precise
    /// and moves objects: managed slots, named by one 64-bit word that native code holds and
    /// managed code resolves; native code never sees an object's address.
    /// <list type="bullet">
    /// <item>Word 0 is null.</item>
    /// <item>A store slot: segment id (≥ 1) in the high 32 bits, index in the low ones. The
    /// segments are arrays of <see cref="Slot"/> reachable from a static, so their objects are roots.
    /// Native code uses this form for what it writes into a slot.</item>
    /// <item>A store slot as a key named it (bit 62 set; bits 31-61 the key's version without its
    /// low bit, which is always set in a live key; bits 24-30 the segment id, bits 0-23 the
    /// index): what native code passes for a store's object. Resolving it checks the slot's
    /// version in native code's version array after reading the object, so a slot that another
    /// thread freed and reused since the key was checked is an error
    /// (<see cref="StaleSlotException"/>), never the slot's new object. Its segment's native
    /// class array, which native code reads instead of asking for an object's type, is
    /// written with the object whenever a store slot is.</item>
    /// <item>A thread slot (bit 63 set; the slot's generation in bits 32-62, its index in the
    /// low ones): one of the calling thread's 256 slots, a ring, for what lives only while
    /// native code works with it: the strings, arrays and boxes made for a call's arguments,
    /// the object a call returned (until native code puts it in a store slot), an object
    /// loaded from a store slot for a call. A slot keeps its object until the ring comes back
    /// to it; a word whose slot the ring reused since is an error, never another object.</item>
    /// </list>
    /// </summary>
    public static class SlotTable
    {
        const long ThreadBit = long.MinValue;
        /// <summary>Thread slots per thread: a ring, each slot with a generation that its words
        /// carry, so a word whose slot was reused since is an error, never another object.</summary>
        const int ThreadSlots = 256; // a power of two (the ring wraps with a mask)
        internal const long CheckedBit = 1L << 62;
        /// <summary>One store slot: a struct around the reference, so that reading or writing
        /// an element of a segment is a plain access (an <c>object[]</c> element costs an
        /// array-covariance check in a runtime helper on each <c>ref</c> taken or write).</summary>
        internal struct Slot
        {
            internal object Value;
        }

        /// <summary>One segment: its slots, and native code's version array (one 64-bit word a
        /// slot, the version in the high half) and class array (one interned type handle a
        /// slot). In one struct so that resolving a checked word reads the table once and
        /// bounds-checks one index.</summary>
        internal struct Segment
        {
            internal Slot[] Slots;
            internal IntPtr Versions;
            internal IntPtr Classes;
        }
        /// <summary>The segments by id (0 unused). Readers index it without the lock: a grown
        /// table is filled before it replaces the old one, and an id is handed out only after
        /// its entry is written.</summary>
        static Segment[] table = new Segment[16];
        static int count = 1;
        static readonly object gate = new object();
        /// <summary>The calling thread's slots, in one object: one thread-static read reaches
        /// them all (each such read costs a few nanoseconds on CoreCLR).</summary>
        public sealed class PerThread
        {
            // Slots, not an object[]: a store into an object[] element goes through the
            // covariance-checking helper (JIT_Stelem_Ref), once per temporary.
            internal readonly Slot[] Temporaries = new Slot[ThreadSlots];
            /// <summary>The thread these slots are of: once it has exited, nothing reads them
            /// again (<see cref="CollectGarbage"/> empties them).</summary>
            internal readonly Thread Owner = Thread.CurrentThread;
            internal readonly int[] Generations = new int[ThreadSlots];
            internal int Next;
            /// <summary>The address of Rust's failure flag of this thread, once a proxy asked
            /// (<see cref="Proxies.FailedIn"/>).</summary>
            internal IntPtr FailedFlag;
        }

        [ThreadStatic] static PerThread perThread;
        /// <summary>Every thread's slots, so that a reload can empty them all; weakly, so that
        /// the slots of a thread that exited are collected with what they hold.</summary>
        static readonly List<WeakReference> rings = new List<WeakReference>();

        /// <summary>Empties every store slot and every thread's ring (a reload on CoreCLR: see
        /// <see cref="Unit"/>). Native code emptied the store slots it used already; what a ring
        /// still holds (the last 256 objects each thread passed or got back) would keep the
        /// unit alive. No thread calls in meanwhile (the reload's contract); a thread slot's
        /// word is then null, as no word outlives the call it was made for.</summary>
        internal static void ReleaseUnit()
        {
            // The last interned type may be one of the unit's (and its handle is freed with it).
            lastInterned = null;
            lock (gate)
            {
                for (int i = 1; i < count; i++)
                    Array.Clear(table[i].Slots, 0, table[i].Slots.Length);
                rings.RemoveAll(r => !r.IsAlive);
                foreach (var r in rings)
                {
                    var t = r.Target as PerThread;
                    if (t != null)
                        Array.Clear(t.Temporaries, 0, t.Temporaries.Length);
                }
            }
        }

        /// <summary>A full collection, after emptying the slots of threads that exited: until
        /// the runtime drops an exited thread's thread-static data, which it does at a time of
        /// its own, the last 256 objects that thread passed or got back would stay reachable
        /// (measured: a collection that then finds nothing to free, about one run in forty of
        /// tests/collect.rs).</summary>
        public static void CollectGarbage()
        {
            lock (gate)
            {
                rings.RemoveAll(r => !r.IsAlive);
                foreach (var r in rings)
                {
                    var t = r.Target as PerThread;
                    if (t != null && !t.Owner.IsAlive)
                        Array.Clear(t.Temporaries, 0, t.Temporaries.Length);
                }
            }
            GC.Collect();
        }

        /// <summary>Empties the calling thread's ring, between its calls: what the thread's
        /// last 256 calls passed or got back becomes collectable now (a server's session thread,
        /// idle between its client's batches, whose released objects must be). No word of the
        /// ring outlives the call it was made for, so none is read again.</summary>
        public static void ReleaseTemporaries()
        {
            var t = perThread;
            if (t != null)
                Array.Clear(t.Temporaries, 0, t.Temporaries.Length);
        }

        /// <summary>The calling thread's slots.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static PerThread Current()
        {
            var t = perThread;
            return t ?? NewPerThread();
        }

        static PerThread NewPerThread()
        {
            var t = new PerThread();
            lock (gate)
            {
                rings.RemoveAll(r => !r.IsAlive);
                rings.Add(new WeakReference(t));
            }
            return perThread = t;
        }

        /// <summary>A new segment of <paramref name="length"/> slots whose versions and classes
        /// native code keeps at <paramref name="versionArray"/> and <paramref name="classArray"/>
        /// (<paramref name="length"/> 64-bit words each, never freed); its id.</summary>
        internal static int NewSegment(int length, IntPtr versionArray, IntPtr classArray)
        {
            if (length <= 0)
                throw new ArgumentOutOfRangeException("length");
            if (versionArray == IntPtr.Zero || classArray == IntPtr.Zero)
                throw new ArgumentNullException("versionArray");
            lock (gate)
            {
                if (count == table.Length)
                {
                    var grown = new Segment[table.Length * 2];
                    Array.Copy(table, grown, table.Length);
                    table = grown;
                }
                table[count].Slots = new Slot[length];
                table[count].Versions = versionArray;
                table[count].Classes = classArray;
                return count++;
            }
        }

        /// <summary>The object a word names (a thread slot stays filled).</summary>
        // Inlined into each entry point: a store's object (a checked word) is what most calls
        // pass, and resolving it is a few loads.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static object Load(long word)
        {
            if (word > 0 && (word & CheckedBit) != 0)
                return LoadChecked(word);
            return LoadOther(word);
        }

        static object LoadOther(long word)
        {
            if (word == 0)
                return null;
            if (word < 0)
            {
                var t = perThread;
                return t.Temporaries[ThreadIndex(t, word)].Value;
            }
            return table[(int)(word >> 32)].Slots[(int)word].Value;
        }

        /// <summary>The object in the store slot a checked word names, if the slot still holds
        /// the key's version after the object was read.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        static unsafe object LoadChecked(long word)
        {
            int segment = (int)(word >> 24) & 0x7f;
            int index = (int)word & 0xffffff;
            // Native code bumps a slot's version before it clears the slot, and fills a slot
            // before it publishes the new version: read the object first (acquire), the version
            // second; if the version is still the key's, the object is the key's.
            var segments = table;
            var o = Volatile.Read(ref segments[segment].Slots[index].Value);
            long expected = ((word >> 30) & 0xffffffffL) | 1;
            long* slotVersions = (long*)segments[segment].Versions;
            if ((long)((ulong)Volatile.Read(ref slotVersions[index]) >> 32) != expected)
                Stale();
            return o;
        }

        // Out of line: a method that throws is not inlined.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        static void Stale()
        {
            throw new StaleSlotException();
        }

        /// <summary>The object an argument's word names. A thread slot keeps its object until
        /// the ring comes back to it: native code may pass one word to several calls (an array
        /// it made, passed, then reads back).</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static object Argument(long word)
        {
            return Load(word);
        }

        internal static unsafe void Store(long word, object o)
        {
            if (word == 0)
                return;
            if (word < 0)
            {
                var t = perThread;
                t.Temporaries[ThreadIndex(t, word)].Value = o;
                return;
            }
            if ((word & CheckedBit) != 0)
                throw new ArgumentException("a checked word names a store slot for reading only");
            int segment = (int)(word >> 32);
            int index = (int)word;
            // The class first: a reader that sees the object through a key sees its class.
            if (o != null)
                Volatile.Write(ref ((IntPtr*)table[segment].Classes)[index], ClassHandle(o.GetType()));
            table[segment].Slots[index].Value = o;
        }

        /// <summary>Puts a box a boxer just made, of the class interned as
        /// <paramref name="classHandle"/>, into store slot <paramref name="word"/>: what
        /// <see cref="Store"/> does, without looking the class up.</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        internal static unsafe void StoreBox(long word, object box, IntPtr classHandle)
        {
            if (word <= 0 || (word & CheckedBit) != 0)
                throw new ArgumentException("a boxer fills store slots only");
            int segment = (int)(word >> 32);
            int index = (int)word;
            // The class first, as in Store.
            Volatile.Write(ref ((IntPtr*)table[segment].Classes)[index], classHandle);
            table[segment].Slots[index].Value = box;
        }

        /// <summary>Empties the <paramref name="count"/> store slots <paramref name="words"/>
        /// names; how many, stopping at the first word that names no store slot.</summary>
        internal static unsafe int Clear(long* words, int count)
        {
            var all = table;
            for (int i = 0; i < count; i++)
            {
                long word = words[i];
                int segment = (int)(word >> 32);
                int index = (int)word;
                if (word <= 0 || (word & CheckedBit) != 0 || segment >= all.Length || all[segment].Slots == null
                    || (uint)index >= (uint)all[segment].Slots.Length)
                    return i;
                all[segment].Slots[index].Value = null;
            }
            return count;
        }

        /// <summary>The last type whose handle a store wrote: a store of many objects of one
        /// type (a loop making handles) skips the interning table's lookup.</summary>
        sealed class Interned
        {
            internal readonly Type Type;
            internal readonly IntPtr Handle;

            internal Interned(Type type, IntPtr handle)
            {
                Type = type;
                Handle = handle;
            }
        }

        static Interned lastInterned;

        static IntPtr ClassHandle(Type t)
        {
            var last = lastInterned;
            if (last != null && (object)last.Type == (object)t)
                return last.Handle;
            var h = Bridge.Intern(t);
            lastInterned = new Interned(t, h);
            return h;
        }

        static int ThreadIndex(PerThread t, long word)
        {
            int i = (int)(word & 0xffffffff);
            int generation = (int)((word >> 32) & 0x7fffffff);
            if (t == null || i >= ThreadSlots || t.Generations[i] != generation)
                throw new InvalidOperationException("a temporary reference of this thread was used after " + ThreadSlots +
                    " newer ones replaced it, or on another thread");
            return i;
        }

        /// <summary>Puts <paramref name="o"/> in the thread's next slot; its word (0 for null).</summary>
        public static long Temporary(object o)
        {
            return o == null ? 0 : TemporaryIn(Current(), o);
        }

        /// <summary><see cref="Temporary"/> in the slots <paramref name="t"/> of the calling
        /// thread (<see cref="Current"/>).</summary>
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        public static long TemporaryIn(PerThread t, object o)
        {
            if (o == null)
                return 0;
            int i = t.Next;
            t.Next = (i + 1) & (ThreadSlots - 1);
            int generation = (t.Generations[i] + 1) & 0x7fffffff;
            t.Generations[i] = generation;
            t.Temporaries[i].Value = o;
            return ThreadBit | ((long)generation << 32) | (long)(uint)i;
        }

        /// <summary>The word of a call's result (a thread slot), or 0 for null.</summary>
        public static long Returned(object o)
        {
            return Temporary(o);
        }
    }

    /// <summary>A store slot named by a key that was removed (and perhaps reused) after native
    /// code checked it: native code reports it as a stale handle.</summary>
    public sealed class StaleSlotException : InvalidOperationException
    {
        internal StaleSlotException()
            : base("a handle was released while a call was using it")
        {
        }
    }
}
