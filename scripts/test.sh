#!/usr/bin/env bash
# Runs every check and test: formatting, clippy with warnings as errors, and the whole
# workspace's tests (including the C# fixtures, compiled with mcs during the build), the
# runtime's suite on both backends (Mono, then CoreCLR).
set -euo pipefail
cd "$(dirname "$0")/.."
# A clean build of everything here (two backends' test binaries, the example crate, the
# generated class-library crate) must fit a small CI disk: no incremental caches, which a
# one-off build never reads back, and line tables instead of full debug info (backtraces keep
# file and line). Exported, so every cargo below builds with the same flags and shares crates.
export CARGO_INCREMENTAL=0
export CARGO_PROFILE_DEV_DEBUG=line-tables-only
bash scripts/ensure-deps.sh
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --quiet -- -D warnings
# The runtime as a guest plugin built without linking Mono (it finds Mono's API in the host
# process): checked to build here; scripts/guest-unlinked.sh runs it.
cargo clippy -p cilbind --features mono-from-process --quiet -- -D warnings
# The remote runtime's TLS (an optional feature, off in the workspace's build).
cargo clippy -p cilbind-remote --features tls --all-targets --quiet -- -D warnings
cargo test --workspace
cargo test -p cilbind-remote --features tls --test tls --quiet
# The runtime's suite again on CoreCLR (the same bindings, the other backend).
bash scripts/coreclr-tests.sh
# The runtime alone, without the `quickcheck` feature the workspace's tests turn on: its doc
# test of the compile error that bindings generated with `Builder::quickcheck(true)` give then.
cargo test -p cilbind --doc --quiet
# The README's example crate, outside the workspace: built and run as a user would
# (`cargo run` in its folder; the workspace's target folder only to share compiled crates).
# Then its property tests (`cargo test`: cilbind's `quickcheck` feature, a dev-dependency).
(cd examples/quickstart && cargo fmt -- --check && CARGO_TARGET_DIR="$(pwd)/../../target" cargo run --quiet --offline &&
    CARGO_TARGET_DIR="$(pwd)/../../target" cargo test --quiet --offline)
