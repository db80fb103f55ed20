#!/usr/bin/env bash
# Runs the benchmark suite in its short form (criterion: 0.3 s warm-up, 1 s measurement, 30
# samples per figure; 10 samples of one generation each for the generator benchmark; a few
# minutes on 2 cores), then the instruction counts of the call, boxing and handle figures
# (benches/icount.rs: gungraun under valgrind's callgrind, one process per figure, 31 figures;
# about three minutes more), and writes BENCHMARKS.md at the repository root: every figure
# beside its floor (Mono's C API), the ratio, the goals, and the machine; then prints the
# figures of both runtimes (scripts/bench-backends.sh).
# Criterion's HTML reports stay in $CARGO_TARGET_DIR/criterion (default target/criterion),
# callgrind's output files in $CARGO_TARGET_DIR/gungraun.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
target="${CARGO_TARGET_DIR:-target}"

# The instruction counts need valgrind, and gungraun's runner binary of exactly the version of
# the gungraun library in Cargo.lock (gungraun requires the two to match).
if ! command -v valgrind >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "Installing valgrind..." >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind >/dev/null
  else
    echo "The instruction counts need valgrind: apt-get install -y valgrind" >&2
    exit 1
  fi
fi
gungraun_version=$(awk '/^name = "gungraun"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ "$(gungraun-runner --version 2>/dev/null | awk '{ print $2 }')" != "$gungraun_version" ]; then
  # About 3.5 minutes on 2 cores (measured 2026-11-25), once per machine.
  echo "Installing gungraun-runner $gungraun_version..." >&2
  cargo install gungraun-runner --version "$gungraun_version" --locked
fi

cargo bench -p cilbind-benches --bench calls --bench boxing --bench handles --bench incoming -- --warm-up-time 0.3 --measurement-time 1 --sample-size 30
# Generating all of mscorlib takes about a second per run: criterion's minimum of 10 samples.
cargo bench -p cilbind-benches --bench generate -- --warm-up-time 0.3 --measurement-time 1 --sample-size 10
# Hot reload (about 10 ms a reload): 10 samples, then RSS over 100 more reloads.
# (The bench runs in benches/: the file's path is made absolute.)
CILBIND_RELOAD_RSS="$(realpath -m "$target/criterion/reload-rss.txt")" cargo bench -p cilbind-benches --bench reload -- --warm-up-time 0.3 --measurement-time 1 --sample-size 10
cargo bench -p cilbind-benches --bench icount
cargo run --release -q -p cilbind-benches --bin report -- "$target/criterion" BENCHMARKS.md
# The same bindings on both runtimes, C# → Rust included (natives and interface calls on Rust
# implementations): printed, each figure beside its own runtime's floor.
bash scripts/bench-backends.sh
