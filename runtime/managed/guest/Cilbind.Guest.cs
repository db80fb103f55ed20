// cilbind's guest-mode bootstrap: compile this file into the game (the C# program that loads a
// Rust plugin built with cilbind::guest_plugin!), unchanged, and pass Handover() to the
// plugin's entry once, before any other call into the plugin:
//
//     [DllImport("my_plugin")] static extern IntPtr cilbind_guest_init(IntPtr handover);
//
//     IntPtr error = cilbind_guest_init(Cilbind.Guest.Handover());
//     if (error != IntPtr.Zero) throw new Exception(Marshal.PtrToStringAnsi(error));
//
// The same on Mono (where the plugin finds Mono's embedding API in the process and does not use
// the handover) and on CoreCLR (.NET Core 3.1 to .NET 8, which has no such API: the handover is
// how the plugin reaches the runtime). The handover is a block of three 64-bit words that lives
// as long as the process: a magic number, the version of this file's protocol (the plugin
// refuses another), and a native-callable pointer to Load, which loads the plugin's C# helper
// from the bytes the plugin passes and returns the helper's own entry point. Nothing here
// depends on the plugin; the class is internal, so bindings generated from the game do not
// list it.
using System;
using System.Reflection;
using System.Runtime.InteropServices;
using System.Text;

namespace Cilbind
{
    internal static class Guest
    {
        /// <summary>The protocol's version; the plugin's cilbind expects the same.</summary>
        const long Version = 1;
        /// <summary>"CILBIND" in ASCII, little-endian: marks the block as a handover.</summary>
        const long Magic = 0x444E49424C4943;

        delegate IntPtr LoadFn(IntPtr image, int length, IntPtr message, int capacity);

        // Kept alive for the life of the process: native code holds the pointer made from it.
        static readonly LoadFn load = Load;
        static readonly object gate = new object();
        static IntPtr block;

        /// <summary>The handover to pass to the plugin's <c>cilbind_guest_init</c>.</summary>
        public static IntPtr Handover()
        {
            lock (gate)
            {
                if (block == IntPtr.Zero)
                {
                    var b = Marshal.AllocHGlobal(24);
                    Marshal.WriteInt64(b, 0, Magic);
                    Marshal.WriteInt64(b, 8, Version);
                    Marshal.WriteInt64(b, 16, (long)Marshal.GetFunctionPointerForDelegate(load));
                    block = b;
                }
                return block;
            }
        }

        // Called by the plugin: loads the helper assembly whose `length` bytes are at `image`
        // and returns what its `Cilbind.Bridge.Guest()` returns; on failure writes why (UTF-8,
        // NUL-terminated, at most `capacity` bytes) to `message` and returns zero. It must not
        // throw: an exception escaping into native code ends the process.
        static IntPtr Load(IntPtr image, int length, IntPtr message, int capacity)
        {
            try
            {
                var bytes = new byte[length];
                Marshal.Copy(image, bytes, 0, length);
                var bridge = Assembly.Load(bytes).GetType("Cilbind.Bridge", true);
                return (IntPtr)bridge.GetMethod("Guest").Invoke(null, null);
            }
            catch (Exception e)
            {
                var inner = e is TargetInvocationException && e.InnerException != null ? e.InnerException : e;
                var text = Encoding.UTF8.GetBytes(inner.GetType().FullName + ": " + inner.Message);
                int n = Math.Max(0, Math.Min(text.Length, capacity - 1));
                Marshal.Copy(text, 0, message, n);
                Marshal.WriteByte(message, n, 0);
                return IntPtr.Zero;
            }
        }
    }
}
