#!/usr/bin/env bash
# Runs every check and test: formatting, clippy with warnings as errors, and the whole
# workspace's tests (including the C# fixtures, compiled with mcs during the build).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --quiet -- -D warnings
cargo test --workspace
