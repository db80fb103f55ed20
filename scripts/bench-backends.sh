#!/usr/bin/env bash
# The same generated calls on Mono, then on CoreCLR (one runtime per process: the bench runs
# once per backend), each figure with its ratio to that backend's bare entry point, and the
# CoreCLR/Mono ratio of the same figure; then the instruction counts of the same calls
# (benches/icount_backends.rs, callgrind), which do not move with the machine's load; then the
# call ratios timed in paired rounds (benches/paired.rs), which a slowdown of the machine moves
# far less than criterion's separate runs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
bash scripts/ensure-icount.sh
target="${CARGO_TARGET_DIR:-target}"
counts="$target/gungraun/cilbind-benches/icount_backends"
for backend in mono coreclr; do
    CILBIND_RUNTIME=$backend cargo bench --quiet -p cilbind-benches --bench backends -- --noplot >/dev/null
    CILBIND_RUNTIME=$backend cargo bench --quiet -p cilbind-benches --bench natives -- --noplot >/dev/null
    CILBIND_RUNTIME=$backend cargo bench --quiet -p cilbind-benches --bench icount_backends >/dev/null
    CILBIND_RUNTIME=$backend cargo bench --quiet -p cilbind-benches --bench paired >"$target/paired-$backend.txt"
    # Each run replaces the last one's files: keep this backend's totals (one callgrind file
    # per thread, summed) before the next.
    for d in "$counts"/backend/*/ "$counts"/incoming_calls/*/; do
        name=$(basename "$d" .x)
        total=$(cat "$d"/callgrind.*.out 2>/dev/null | awk '/^totals:/ { n += $2 } END { print n + 0 }')
        echo "$name $total"
    done > "$target/icount-$backend.txt"
done
python3 - <<'PY'
import json, os
root = "target/criterion"
def ns(backend, name):
    path = os.path.join(root, backend, name.replace("/", "_"), "new", "estimates.json")
    with open(path) as f:
        return json.load(f)["median"]["point_estimate"]
names = ["sum/rust_fn_pointer", "sum/bare_entry", "sum/generated", "instance/generated", "virtual/generated",
         "interface/generated", "string_concat/generated", "int32_box_drop/generated",
         "int32_box_drop/gchandle_floor"]
print("| figure | Mono ns | × Mono's bare entry | CoreCLR ns | × CoreCLR's bare entry | CoreCLR / Mono |")
print("|---|---|---|---|---|---|")
floor = {b: ns(b, "sum/bare_entry") for b in ("mono", "coreclr")}
for n in names:
    m, c = ns("mono", n), ns("coreclr", n)
    print(f"| `{n}` | {m:.1f} | {m / floor['mono']:.2f} | {c:.1f} | {c / floor['coreclr']:.2f} | {c / m:.2f} |")
box = {b: ns(b, "int32_box_drop/generated") / ns(b, "int32_box_drop/gchandle_floor") for b in ("mono", "coreclr")}
print()
print(f"Int32 box + drop ÷ a box behind a GC handle made and freed by two calls: "
      f"Mono {box['mono']:.2f}×, CoreCLR {box['coreclr']:.2f}×")
calls = 1000  # cilbind_benches::INCOMING_CALLS: C# calls per iteration of the natives' loops
print()
print("C# → Rust natives (`[DllImport(\"__Internal\")]`) and interface calls on a Rust implementation (`interface_rust`; "
      "`interface_csharp` is C# → C#), per call, each runtime against its own P/Invoke of the same C function:")
print()
print("| figure | Mono ns | × Mono's P/Invoke | CoreCLR ns | × CoreCLR's P/Invoke |")
print("|---|---|---|---|---|")
figures = ("import", "import_bare", "pinvoke_libc", "interface_rust", "interface_csharp", "delegate_rust",
           "delegate_boxed", "delegate_csharp")
native = {b: {n: ns("natives_" + b, n) / calls for n in figures} for b in ("mono", "coreclr")}
for n in figures:
    m, c = native["mono"][n], native["coreclr"][n]
    print(f"| `{n}` | {m:.2f} | {m / native['mono']['import_bare']:.2f} | {c:.2f} | {c / native['coreclr']['import_bare']:.2f} |")
closure = {b: native[b]["delegate_rust"] / native[b]["import"] for b in ("mono", "coreclr")}
print()
print(f"A delegate on a Rust closure ÷ a native of the same body (goal ≤ 2×, issue 30): "
      f"Mono {closure['mono']:.1f}×, CoreCLR {closure['coreclr']:.1f}×")
target = os.environ.get("CARGO_TARGET_DIR", "target")
count = {}
for b in ("mono", "coreclr"):
    with open(os.path.join(target, f"icount-{b}.txt")) as f:
        count[b] = {name: int(n) for name, n in (line.split() for line in f)}
print()
print("Instructions per call (benches/icount_backends.rs, callgrind; the setup first makes every "
      "call 300 times, so CoreCLR runs its optimized code):")
print()
print("| figure | Mono instr. | × Mono's bare entry | CoreCLR instr. | × CoreCLR's bare entry |")
print("|---|---|---|---|---|")
for n in names:
    key = n.replace("/", "_")
    m, c = count["mono"][key], count["coreclr"][key]
    print(f"| `{n}` | {m} | {m / count['mono']['sum_bare_entry']:.2f} | {c} | {c / count['coreclr']['sum_bare_entry']:.2f} |")
print()
print("C# → Rust, instructions per call (one C# loop of 1000 calls counted, divided by 1000), each against "
      "its runtime's P/Invoke of a bare C function (`import_bare`):")
print()
print("| figure | Mono instr. | × Mono's P/Invoke | CoreCLR instr. | × CoreCLR's P/Invoke |")
print("|---|---|---|---|---|")
for n in ("import", "import_bare", "interface_rust", "delegate_rust"):
    m, c = count["mono"][n] / calls, count["coreclr"][n] / calls
    fm, fc = count["mono"]["import_bare"] / calls, count["coreclr"]["import_bare"] / calls
    print(f"| `{n}` | {m:.1f} | {m / fm:.2f} | {c:.1f} | {c / fc:.2f} |")
PY
for backend in mono coreclr; do
    echo
    cat "$target/paired-$backend.txt"
done
