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
    /// segments are <c>object[]</c>s reachable from a static, so their objects are roots.</item>
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
        const int ThreadSlots = 256;
        static object[][] segments = new object[16][];
        static int count = 1;
        static readonly object gate = new object();
        [ThreadStatic] static object[] temporaries;
        [ThreadStatic] static int[] generations;
        [ThreadStatic] static int next;
        /// <summary>Every thread's ring, so that a reload can empty them all; weakly, so that
        /// the ring of a thread that exited is collected with what it holds, as it was before
        /// this list.</summary>
        static readonly List<WeakReference> rings = new List<WeakReference>();

        /// <summary>Empties every store slot and every thread's ring (a reload on CoreCLR: see
        /// <see cref="Unit"/>). Native code emptied the store slots it used already; what a ring
        /// still holds (the last 256 objects each thread passed or got back) would keep the
        /// unit alive. No thread calls in meanwhile (the reload's contract); a thread slot's
        /// word is then null, as no word outlives the call it was made for.</summary>
        internal static void ReleaseUnit()
        {
            lock (gate)
            {
                for (int i = 1; i < count; i++)
                    Array.Clear(segments[i], 0, segments[i].Length);
                rings.RemoveAll(r => !r.IsAlive);
                foreach (var r in rings)
                {
                    var ring = r.Target as object[];
                    if (ring != null)
                        Array.Clear(ring, 0, ring.Length);
                }
            }
        }

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

        /// <summary>The object an argument's word names. A thread slot keeps its object until
        /// the ring comes back to it: native code may pass one word to several calls (an array
        /// it made, passed, then reads back).</summary>
        public static object Argument(long word)
        {
            return Load(word);
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
                lock (gate)
                {
                    rings.RemoveAll(r => !r.IsAlive);
                    rings.Add(new WeakReference(temporaries));
                }
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
}
