//! The CoreCLR backend against the real runtime (the .NET root `scripts/ensure-deps.sh`
//! installs). A process runs one CoreCLR, once, and never beside Mono, whose tests share this
//! binary: each check runs in a child process, this test binary again filtered to one ignored
//! test, and the parent asserts that the child passed.

use std::ffi::c_void;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU64, AtomicUsize};

use super::bridge::{ManagedHandle, SlotWord};
use super::CoreClr;
use crate::error::Error;

/// Set in the child's environment; the ignored tests refuse to run without it.
const CHILD_ENV: &str = "CILBIND_CORECLR_TEST_CHILD";

const PROBE: &str = r#"
using System;
namespace Probe {
    public static class Calls {
        public static int Add(int a, int b) { return a + b; }
        public static double Mix(long a, float b, double c) { return a + b * c; }
        public static bool Not(bool b) { return !b; }
        public static char Next(char c) { return (char)(c + 1); }
        public static void Bump(ref int x) { x += 41; }
        public static int Fail(int n) { throw new InvalidOperationException("outer " + n, new FormatException("inner")); }
        public static int TakePoint(Point p) { return p.X; }
        // System.Numerics.Vector is in Mono's mscorlib; CoreCLR's mscorlib facade does not
        // forward it: the method cannot be compiled there.
        public static bool Accelerated() { return System.Numerics.Vector.IsHardwareAccelerated; }
        public static Point MakePoint(int x, int y) { return new Point { X = x, Y = y }; }
        public static void Shout(ref string s) { s = s + "!"; }
        public static void Grow(ref Point p) { p.X += 100; }
        public static int OrZero(int? v) { return v ?? 0; }
        public static class Nested { public static int Seven() { return 7; } }
        public static string Greet(string who) { return "hello " + who; }
        public static int Churn() {
            for (int i = 0; i < 200; i++) { var garbage = new byte[50000]; garbage[0] = 1; }
            GC.Collect(); GC.Collect();
            return GC.CollectionCount(0);
        }
    }
    public struct Point { public int X, Y; public int Bump() { return ++X; } }
    public struct Mixed { public byte Tag; public double Value; public short Small; }
    public enum Color : byte { Red = 1, Green = 2 }
    public interface IShape { double Area(); }
    public interface INamed { string Name { get; } }
    public class Square : IShape, INamed {
        public double Side;
        public static int Made;
        public const int Corners = 4;
        public double Area() { return Side * Side; }
        public string Name { get { return "square"; } }
        public static Square Of(double side) { return new Square { Side = side }; }
        public static Square Of(int side) { return new Square { Side = side }; }
    }
    public struct Named { public int Id; public string Name; }
    public static class Init { public static int Value; static Init() { Value = 42; } }
    public class Box<T> { public T Item; public T Get() { return Item; } }
    public static unsafe class Overloads {
        public static int Pick(System.Collections.Generic.List<int> xs, ref Point p, int[] a, int[,] b, byte* q) { return 0; }
        public static int? Maybe() { return null; }
    }
    public class Counter {
        public int Count;
        public Counter(int start) { Count = start; }
        public int Add(int n) { Count += n; return Count; }
        public virtual string Describe() { return "Counter " + Count; }
    }
    public sealed class Loud : Counter {
        public Loud() : base(100) {}
        public override string Describe() { return "LOUD " + Count; }
    }
}
"#;

/// Runs the ignored test `name` of this module in a child process and fails with its output
/// unless it passed.
fn in_child(name: &str) {
    let exe = std::env::current_exe().expect("the test binary");
    let out = Command::new(exe)
        .args([
            "--ignored",
            "--exact",
            &format!("host::coreclr::tests::{name}"),
            "--test-threads=1",
            "--nocapture",
        ])
        .env(CHILD_ENV, "1")
        .output()
        .expect("run the test binary again");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && stdout.contains("1 passed"),
        "the CoreCLR child {name} failed ({}):\nstdout:\n{stdout}\nstderr:\n{stderr}",
        out.status
    );
}

fn require_child() {
    assert!(
        std::env::var_os(CHILD_ENV).is_some(),
        "runs only in a child process (its parent test starts it): one CoreCLR per process, never beside Mono"
    );
}

/// A started CoreCLR with the probe assembly loaded; its scratch folder is removed on drop.
struct Probe {
    clr: CoreClr,
    asm: ManagedHandle,
    dll: PathBuf,
}

impl Probe {
    /// In a child process only (see [`in_child`]).
    fn start() -> Probe {
        require_child();
        let clr = CoreClr::start(None).unwrap();
        let dll = probe_assembly();
        let asm = clr.load_assembly(&dll).unwrap();
        Probe { clr, asm, dll }
    }

    /// The probe's type `Probe.name`.
    fn class(&self, name: &str) -> ManagedHandle {
        self.clr.class(self.asm, "Probe", "Probe", name).unwrap()
    }
}

impl Drop for Probe {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(self.dll.parent().unwrap());
    }
}

/// A new store segment of `len` slots with version and class arrays that live as long as the
/// process (as the stores' do): its id, the versions and the classes.
fn segment(clr: &CoreClr, len: usize) -> (i32, &'static [AtomicU64], &'static [AtomicUsize]) {
    let versions: &'static [AtomicU64] = Box::leak((0..len).map(|_| AtomicU64::new(0)).collect());
    let classes: &'static [AtomicUsize] = Box::leak((0..len).map(|_| AtomicUsize::new(0)).collect());
    let id = clr
        .bridge
        .new_segment(len as i32, versions.as_ptr().cast(), classes.as_ptr().cast())
        .unwrap();
    super::slots::register(id, versions, classes);
    (id, versions, classes)
}

/// Compiles the probe assembly with mcs into a scratch folder.
fn probe_assembly() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cilbind-coreclr-probe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join("Probe.cs");
    std::fs::write(&source, PROBE).unwrap();
    let dll = dir.join("Probe.dll");
    let status = Command::new("mcs")
        .args(["-nologo", "-target:library", "-unsafe"])
        .arg(format!("-out:{}", dll.display()))
        .arg(&source)
        .status()
        .expect("run mcs");
    assert!(status.success(), "mcs compiled the probe");
    dll
}

mod entries;
mod heap;
mod metadata;
mod objects;
mod start;
