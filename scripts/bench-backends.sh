#!/usr/bin/env bash
# The same generated calls on Mono, then on CoreCLR (one runtime per process: the bench runs
# once per backend), each figure with its ratio to that backend's bare entry point, and the
# CoreCLR/Mono ratio of the same figure.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
for backend in mono coreclr; do
    CILBIND_RUNTIME=$backend cargo bench --quiet -p cilbind-benches --bench backends -- --noplot >/dev/null
    CILBIND_RUNTIME=$backend cargo bench --quiet -p cilbind-benches --bench natives -- --noplot >/dev/null
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
PY
