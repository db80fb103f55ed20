// Guest mode on Mono: telling Rust that the host is unloading the domain cilbind attached in.
using System;
using System.Runtime.CompilerServices;

namespace Cilbind
{
    /// <summary>
    /// A host that runs its game in a child AppDomain may unload it and start the game again in
    /// a new one (Unity reloads its scripts this way). Everything cilbind keeps in that domain
    /// (its store slots, its cached classes, methods and compiled entries, the objects behind
    /// Rust's handles) goes with it, so Rust must let go of all of it while the domain still
    /// exists: <see cref="Watch"/> asks to be told, and the domain's unload event calls Rust's
    /// <see cref="Unloading"/> (an internal call Rust registers first) on the thread that unloads,
    /// inside the domain, before Mono frees anything. Only cilbind's Mono guest mode calls this.
    /// </summary>
    public static class DomainWatch
    {
        [MethodImpl(MethodImplOptions.InternalCall)]
        static extern void Unloading();

        static bool watching;

        /// <summary>Asks for <see cref="Unloading"/> when the current domain is unloaded (once
        /// per domain: each domain has its own copy of this class).</summary>
        public static void Watch()
        {
            if (watching)
                return;
            watching = true;
            AppDomain.CurrentDomain.DomainUnload += OnUnload;
        }

        static void OnUnload(object sender, EventArgs e)
        {
            Unloading();
        }
    }
}
