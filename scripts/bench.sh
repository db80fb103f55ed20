#!/usr/bin/env bash
# Runs the benchmark suite in its short form (criterion: 0.3 s warm-up, 1 s measurement, 30
# samples per figure; 10 samples of one generation each for the generator benchmark; a few
# minutes on 2 cores) and writes BENCHMARKS.md at the repository root: every figure beside its
# floor (Mono's C API), the ratio, the goals, and the machine.
# Criterion's HTML reports stay in $CARGO_TARGET_DIR/criterion (default target/criterion).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
target="${CARGO_TARGET_DIR:-target}"
cargo bench -p cilbind-benches --bench calls --bench boxing --bench handles --bench incoming -- --warm-up-time 0.3 --measurement-time 1 --sample-size 30
# Generating all of mscorlib takes about a second per run: criterion's minimum of 10 samples.
cargo bench -p cilbind-benches --bench generate -- --warm-up-time 0.3 --measurement-time 1 --sample-size 10
cargo run --release -q -p cilbind-benches --bin report -- "$target/criterion" BENCHMARKS.md
