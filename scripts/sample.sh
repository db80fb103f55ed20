#!/usr/bin/env bash
# Runs the sample (the README's main command); extra arguments go to the sample.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
cargo run --release --quiet -p cilbind-samples -- "$@"
