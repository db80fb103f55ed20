//! The `incoming` benchmark measures a C# P/Invoke of `cilbind_bench_add`, a C function its own
//! binary exports: C# finds it through `DllImport("__Internal")`, which Mono resolves in the main
//! program (`dlopen(NULL)`), so the bench binaries export their symbols dynamically.

fn main() {
    println!("cargo:rustc-link-arg-benches=-Wl,--export-dynamic");
}
