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

bash scripts/ensure-icount.sh

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
