#!/usr/bin/env bash
# Runs the sample (the README's main command); extra arguments go to the sample:
#   bash scripts/sample.sh                          Rust's main starts Mono and drives the C# game
#   bash scripts/sample.sh --runtime coreclr        the same on CoreCLR
#   bash scripts/sample.sh --guest                  turned around: `mono Arena.exe` owns the process,
#                                                   its C# Main loads the Rust game logic as a plugin
#   bash scripts/sample.sh --guest --runtime coreclr  the same under `dotnet Arena.exe`
#   CILBIND_TOKEN=t bash scripts/sample.sh --serve 127.0.0.1:7040    host the game's runtime for clients
#   CILBIND_TOKEN=t bash scripts/sample.sh --connect 127.0.0.1:7040  play it from another process
#   bash scripts/sample.sh --help                   every flag (--reload, --record, --replay, --off, ...)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
cargo run --release --quiet -p cilbind-samples -- "$@"
