#!/usr/bin/env bash
# Build cost of a user's crate: what a new user waits for on a clean build. Makes a fresh crate
# outside the workspace, as the README's example crate does (cilbind and cilbind-codegen as path
# dependencies, a build.rs binding System.Numerics.Vectors and Json.NET's Linq, its two largest
# parts: the Newtonsoft.Json.Linq namespace and JsonConvert), then builds it from clean in the dev profile
# (debug, Cargo's defaults: no CARGO_PROFILE_* or CARGO_INCREMENTAL from the caller's
# environment) and prints the wall and CPU (user + system) seconds, the load average before the
# build, and the slowest units of Cargo's --timings report. Twice: with Cargo's defaults (what
# the README advises), and with the README's optional `[profile.dev.package.cilbind]
# opt-level = 3` (faster calls into C# from a debug build, for one optimised build of cilbind).
#
#   bash scripts/user-build-time.sh [--write] [runs]
#
# Each build starts from an empty target folder (the crates' sources are already downloaded:
# no network is timed); with several runs (default 1) the fastest counts. With --write the
# figure goes into BENCHMARKS.md between the user-build-time markers. The machine's load moves
# the figure: run it on a quiet machine (the load average is printed with it).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh

write=0
runs=1
for arg in "$@"; do
  case "$arg" in
    --write) write=1 ;;
    -h | --help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) runs="$arg" ;;
  esac
done

root="$(pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
crate="$work/user-crate"
mkdir -p "$crate/src"

# The README's Cargo.toml for a crate outside the workspace (and its [profile] advice).
cat >"$crate/Cargo.toml" <<EOF
[package]
name = "user-crate"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
cilbind = { path = "$root/runtime" }

[build-dependencies]
cilbind-codegen = { path = "$root/codegen" }

[workspace]
EOF
cat >"$crate/build.rs" <<'EOF'
use std::path::PathBuf;

fn main() -> Result<(), cilbind_codegen::Error> {
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    cilbind_codegen::Builder::new()
        .assembly("/usr/lib/mono/4.5/System.Numerics.Vectors.dll")
        .generate()?
        .write_to_file(out.join("vectors.rs"))?;
    cilbind_codegen::Builder::new()
        .assembly("/usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll")
        .namespace("Newtonsoft.Json.Linq")
        .type_name("Newtonsoft.Json.JsonConvert")
        .generate()?
        .write_to_file(out.join("json.rs"))
}
EOF
cat >"$crate/src/lib.rs" <<'EOF'
pub mod vectors {
    include!(concat!(env!("OUT_DIR"), "/vectors.rs"));
}
pub mod json {
    include!(concat!(env!("OUT_DIR"), "/json.rs"));
}
EOF
# The workspace's lock file: the same versions, resolved without the network.
cp Cargo.lock "$crate/Cargo.lock"

# A user's environment: Cargo's defaults for the dev profile.
clean_env=(env -u CARGO_TARGET_DIR -u CARGO_INCREMENTAL -u RUSTFLAGS -u CARGO_BUILD_JOBS)
while IFS='=' read -r name _; do
  case "$name" in CARGO_PROFILE_*) clean_env+=(-u "$name") ;; esac
done < <(env)

rows="$work/rows.md"
: >"$rows"
# measure LABEL PROFILE: builds the crate from clean `runs` times with PROFILE appended to its
# Cargo.toml, and adds a row for the fastest.
measure() {
  local label="$1" profile="$2"
  cp "$crate/Cargo.toml" "$work/Cargo.toml.base"
  printf '%s\n' "$profile" >>"$crate/Cargo.toml"
  local best="" cpu="" load=""
  for _ in $(seq "$runs"); do
    rm -rf "$crate/target"
    local before
    before="$(cut -d' ' -f1-3 /proc/loadavg)"
    (cd "$crate" && "${clean_env[@]}" /usr/bin/time -f "%e %U %S" -o "$work/time" cargo build -q --offline --timings)
    read -r wall user sys <"$work/time"
    echo "$label: ${wall} s wall, $(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f", u + s }') s CPU (load before: $before)" >&2
    if [ -z "$best" ] || awk -v a="$wall" -v b="$best" 'BEGIN { exit !(a < b) }'; then
      best="$wall"
      cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f", u + s }')
      load="$before"
    fi
  done
  cp "$work/Cargo.toml.base" "$crate/Cargo.toml"
  # The slowest units, from Cargo's timing report (the JSON array UNIT_DATA in its HTML).
  local slowest=""
  if command -v jq >/dev/null 2>&1; then
    slowest=$(sed -n '/^const UNIT_DATA = \[/,/^\];/p' "$crate"/target/cargo-timings/cargo-timing.html |
      sed -e '1s/^const UNIT_DATA = //' -e '$s/;$//' |
      jq -r 'sort_by(-.duration) | .[:6] | map("\(.name)\(if .target == "" then "" else " " + .target end) \(.duration * 10 | round / 10)") | join(", ")' || true)
  fi
  echo "| $label | $best | $cpu | $load | ${slowest:-not available} |" >>"$rows"
}

measure "Cargo's defaults (the README's advice)" ""
lines_v=$(wc -l <"$(ls "$crate"/target/debug/build/user-crate-*/out/vectors.rs | head -1)")
lines_j=$(wc -l <"$(ls "$crate"/target/debug/build/user-crate-*/out/json.rs | head -1)")
measure "with \`[profile.dev.package.cilbind] opt-level = 3\`" $'\n[profile.dev.package.cilbind]\nopt-level = 3'

report="$work/report.md"
{
  echo "The crate's bindings: System.Numerics.Vectors ($lines_v lines) and Json.NET's Linq with JsonConvert ($lines_j lines)."
  echo
  echo "| profile | debug build from clean (s, wall) | CPU (s) | load average before | slowest units (Cargo's \`--timings\`, s each) |"
  echo "|---|---:|---:|---|---|"
  cat "$rows"
  echo
  echo "Measured by \`bash scripts/user-build-time.sh --write\` on $(date -u '+%Y-%m-%d %H:%M') UTC, git $(git rev-parse --short HEAD), $(nproc) cores, $(rustc --version); fastest of $runs."
} >"$report"
cat "$report"

if [ "$write" = 1 ]; then
  # (`bash scripts/bench.sh` writes the section's heading and markers, and keeps the table.)
  if ! grep -q '<!-- user-build-time:end -->' BENCHMARKS.md; then
    printf '\n## Build cost of a user'"'"'s crate (issue 25)\n\n<!-- user-build-time:begin -->\n<!-- user-build-time:end -->\n' >>BENCHMARKS.md
  fi
  awk -v block="$report" '
    /<!-- user-build-time:begin -->/ { print; while ((getline line < block) > 0) print line; skip = 1; next }
    /<!-- user-build-time:end -->/ { skip = 0 }
    !skip { print }
  ' BENCHMARKS.md >"$work/BENCHMARKS.md"
  cp "$work/BENCHMARKS.md" BENCHMARKS.md
fi
