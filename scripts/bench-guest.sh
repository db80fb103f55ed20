#!/usr/bin/env bash
# Guest mode's call figures beside host mode's, on Mono and CoreCLR: the same loops
# (benches/guest/src/lib.rs) over the same Basics bindings, run by guest-bench-host, which starts
# the runtime (host mode), and by Bench.exe under `mono` and `dotnet`, which loads the loops as
# a plugin (guest mode). Debian's `mono` is a statically linked build of Mono, not the
# libmonosgen-2.0.so host mode embeds, so Mono's guest mode also runs under a five-line C
# launcher of that library's `mono_main` ("guest, libmonosgen"): same plugin, same Bench.exe,
# host mode's Mono binary. ROUNDS rounds (default 5) of every mode, each a process of its own.
# The tables give each figure's median over the rounds in ns, then its ratio to the bare entry
# measured in the same process (with the spread over rounds: the noise of the machine).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
rounds=${ROUNDS:-5}
cargo build --release --quiet -p cilbind-guest-bench
release=${CARGO_TARGET_DIR:-target}/release
dotnet=${CILBIND_DOTNET_ROOT:-${XDG_CACHE_HOME:-$HOME/.cache}/cilbind/dotnet}/dotnet
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
mcs -nologo -target:exe -optimize+ -warnaserror+ -out:"$dir/Bench.exe" \
    benches/guest/managed/Bench.cs runtime/managed/guest/Cilbind.Guest.cs
cp "$release/libcilbind_guest_bench.so" "$dir/"
cp runtime/managed/guest/netcoreapp3.1.runtimeconfig.json "$dir/Bench.runtimeconfig.json"
printf 'int mono_main(int, char **);\nint main(int c, char **v) { return mono_main(c, v); }\n' >"$dir/launch.c"
# shellcheck disable=SC2046 # pkg-config's words are separate arguments
cc -O2 -o "$dir/mono-libmonosgen" "$dir/launch.c" $(pkg-config --libs mono-2)
host=$(realpath "$release/guest-bench-host")
for ((round = 1; round <= rounds; round++)); do
    echo "round $round of $rounds" >&2
    CILBIND_RUNTIME=mono "$host" >>"$dir/figures"
    (cd "$dir" && env -u CILBIND_RUNTIME MONO_THREADS_SUSPEND=preemptive mono Bench.exe) >>"$dir/figures"
    (cd "$dir" && env -u CILBIND_RUNTIME MONO_THREADS_SUSPEND=preemptive ./mono-libmonosgen Bench.exe) |
        sed 's/^guest /guest-libmonosgen /' >>"$dir/figures"
    CILBIND_RUNTIME=coreclr "$host" >>"$dir/figures"
    (cd "$dir" && env -u CILBIND_RUNTIME "$dotnet" Bench.exe) >>"$dir/figures"
done
python3 - "$dir/figures" <<'PY'
import statistics, sys
from collections import defaultdict
runs = defaultdict(list)  # (mode, runtime) -> [{figure: ns} of each process]
order = []
for line in open(sys.argv[1]):
    mode, runtime, figure, ns = line.split()
    if figure == "sum/rust_fn_pointer":  # the first figure of a process
        runs[(mode, runtime)].append({})
    runs[(mode, runtime)][-1][figure] = float(ns)
    if figure not in order:
        order.append(figure)
med = statistics.median
columns = [("host", "mono", "Mono host"), ("guest", "mono", "Mono guest"),
           ("guest-libmonosgen", "mono", "Mono guest, libmonosgen"),
           ("host", "coreclr", "CoreCLR host"), ("guest", "coreclr", "CoreCLR guest")]
def ns(col, f):
    return med(r[f] for r in runs[col[:2]])
def bare(col, f):
    return [r[f] / r["sum/bare_entry"] for r in runs[col[:2]]]
def host(col):
    return ("host", col[1])
print(f"{len(runs[('host', 'mono')])} rounds. ns per call, median over the rounds (÷ host mode's on the same runtime):")
print()
print("| figure | " + " | ".join(c[2] for c in columns) + " |")
print("|---|" + "---|" * len(columns))
for f in order:
    cells = []
    for c in columns:
        cell = f"{ns(c, f):.2f}"
        if c[0] != "host":
            cell += f" ({ns(c, f) / ns(host(c), f):.2f})"
        cells.append(cell)
    print(f"| `{f}` | " + " | ".join(cells) + " |")
print()
print("× the bare entry of the same process, median (÷ host mode's) and spread over the rounds:")
print()
print("| figure | " + " | ".join(c[2] for c in columns) + " |")
print("|---|" + "---|" * len(columns))
for f in order:
    if f == "sum/bare_entry":
        continue
    cells = []
    for c in columns:
        r = bare(c, f)
        cell = f"{med(r):.2f}"
        if c[0] != "host":
            cell += f" ({med(r) / med(bare(host(c), f)):.2f})"
        cells.append(cell + f" [{min(r):.2f}–{max(r):.2f}]")
    print(f"| `{f}` | " + " | ".join(cells) + " |")
PY
