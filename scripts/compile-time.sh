#!/usr/bin/env bash
# Compile time of generated bindings: what every user pays on every clean build. For each
# case it generates the bindings with the release generator, counts their lines, and builds
# them as a library crate that depends on the runtime, in debug (the dev profile, without
# incremental compilation, as a clean build or CI compiles), after building the runtime
# alone so that only the bindings are timed. Each build runs `runs` times (default 3); the
# table shows the fastest wall time and its CPU time (user + system).
#
#   bash scripts/compile-time.sh [--write] [runs]
#
# Cases: all of mscorlib, one class of mscorlib (System.Text.StringBuilder) and one class
# of Json.NET (Newtonsoft.Json.Linq.JObject), each with what their signatures reach; all of
# mscorlib and System.Numerics.Vectors also with `--no-translate` (every struct method a
# managed call), the cost or gain of translating struct methods into Rust. With
# --write the table goes into BENCHMARKS.md between the compile-time markers. Timings move
# with the machine's load: run it on a quiet machine (the load average is in the table).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh

write=0
runs=3
for arg in "$@"; do
  case "$arg" in
    --write) write=1 ;;
    -h | --help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) runs="$arg" ;;
  esac
done

root="$(pwd)"
cargo build --release -q -p cilbind-codegen --features cli
cilbind="$(realpath "${CARGO_TARGET_DIR:-target}")/release/cilbind"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# One throwaway crate; its target folder is shared by the cases so the runtime builds once.
mkdir -p "$work/crate/src"
cat >"$work/crate/Cargo.toml" <<EOF
[package]
name = "bindings-compile-time"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
cilbind = { path = "$root/runtime" }

[workspace]
EOF
echo 'include!("bindings.rs");' >"$work/crate/src/lib.rs"
export CARGO_TARGET_DIR="$work/target" CARGO_INCREMENTAL=0

table="$work/table.md"
{
  echo "| bindings | generated lines | debug build (s, fastest of $runs) | CPU (s) |"
  echo "|---|---:|---:|---:|"
} >"$table"

measure() {
  local label="$1"
  shift
  "$cilbind" generate "$@" --out "$work/crate/src/bindings.rs" >/dev/null
  local lines
  lines=$(wc -l <"$work/crate/src/bindings.rs")
  cargo build -q --manifest-path "$work/crate/Cargo.toml"
  local best="" cpu=""
  for _ in $(seq "$runs"); do
    cargo clean -q -p bindings-compile-time --manifest-path "$work/crate/Cargo.toml"
    /usr/bin/time -f "%e %U %S" -o "$work/time" cargo build -q --manifest-path "$work/crate/Cargo.toml"
    read -r wall user sys <"$work/time"
    if [ -z "$best" ] || awk -v a="$wall" -v b="$best" 'BEGIN { exit !(a < b) }'; then
      best="$wall"
      cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f", u + s }')
    fi
  done
  echo "| $label | $lines | $best | $cpu |" >>"$table"
  echo "$label: $lines lines, $best s (CPU $cpu s)" >&2
}

mscorlib=/usr/lib/mono/4.5/mscorlib.dll
json=/usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll
vectors=/usr/lib/mono/4.5/System.Numerics.Vectors.dll
measure "all of mscorlib" "$mscorlib"
measure "all of mscorlib, \`--no-translate\`" "$mscorlib" --no-translate
measure "System.Numerics.Vectors (struct math translated into Rust)" "$vectors"
measure "System.Numerics.Vectors, \`--no-translate\`" "$vectors" --no-translate
measure "one class: \`System.Text.StringBuilder\` (mscorlib)" "$mscorlib" --type System.Text.StringBuilder
measure "one class: \`Newtonsoft.Json.Linq.JObject\` (Json.NET)" "$json" --type Newtonsoft.Json.Linq.JObject

{
  echo
  echo "Measured by \`bash scripts/compile-time.sh --write\` on $(date -u '+%Y-%m-%d %H:%M') UTC, git $(git rev-parse --short HEAD), $(nproc) cores, load average before the last case $(cut -d' ' -f1-3 /proc/loadavg), $(rustc --version)."
} >>"$table"
cat "$table"

if [ "$write" = 1 ]; then
  awk -v block="$table" '
    /<!-- compile-time:begin -->/ { print; while ((getline line < block) > 0) print line; skip = 1; next }
    /<!-- compile-time:end -->/ { skip = 0 }
    !skip { print }
  ' BENCHMARKS.md >"$work/BENCHMARKS.md"
  grep -q '<!-- compile-time:end -->' "$work/BENCHMARKS.md" && cp "$work/BENCHMARKS.md" BENCHMARKS.md
fi
