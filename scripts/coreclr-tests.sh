#!/usr/bin/env bash
# Runs the runtime's test suite (managed-tests), the remote runtime's tests and the example
# crate's property tests on CoreCLR (CILBIND_RUNTIME=coreclr; one runtime per process, so each
# test binary starts its own), then says how many tests ran, how many do not apply there yet, and why.
# A test that does not apply says so on stderr (`cilbind-test: not on coreclr: TEST: REASON`,
# managed_tests::not_on_coreclr) and returns; this script counts those lines.
set -euo pipefail
cd "$(dirname "$0")/.."
log="$(mktemp)"
trap 'rm -f "$log" "$log.skips"' EXIT
status=0
CILBIND_RUNTIME=coreclr cargo test -p managed-tests --quiet -- --nocapture >"$log" 2>&1 || status=$?
# The remote tests' servers (cilbind-serve processes) inherit CILBIND_RUNTIME: CoreCLR servers.
CILBIND_RUNTIME=coreclr cargo test -p cilbind-remote --quiet >>"$log" 2>&1 || status=$?
# The example has a lock file of its own: its crates are fetched first (a fresh machine has
# only the workspace's), then it builds offline, as a user's crate beside the workspace would.
(cd examples/quickstart && cargo fetch --quiet && CILBIND_RUNTIME=coreclr CARGO_TARGET_DIR="$(pwd)/../../target" \
    cargo test --quiet --offline) >>"$log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
    grep -E "panicked|FAILED|failures:|error" "$log" | head -50 >&2 || true
    echo "CoreCLR: the suite failed (exit $status); the full log: rerun this script" >&2
    exit "$status"
fi
passed=$(grep -E "^test result:" "$log" | awk '{s += $4} END {print s + 0}')
# With --nocapture the harness's own "test NAME ... " may precede a line on the same line.
grep -o "cilbind-test: not on coreclr: .*" "$log" | sed 's/^cilbind-test: not on coreclr: //' >"$log.skips" || true
skipped=$(awk -F': ' '{print $1}' "$log.skips" | sort -u | wc -l)
echo "CoreCLR: $passed tests passed; $skipped of them do not apply there yet and returned at once, for:"
awk -F': ' '{test = $1; sub(/^[^:]*(::[^:]*)*: /, ""); print}' "$log.skips" | sort | uniq -c | sort -rn
# Tests that ran there but left a part out (managed_tests::part_not_on_coreclr).
grep -o "cilbind-test: part not on coreclr: .*" "$log" | sed 's/^cilbind-test: part not on coreclr: //' >"$log.skips" || true
if [ -s "$log.skips" ]; then
    partial=$(awk -F': ' '{print $1}' "$log.skips" | sort -u | wc -l)
    echo "$partial more ran there but left a part out:"
    awk -F': ' '{test = $1; sub(/^[^:]*(::[^:]*)*: /, ""); print}' "$log.skips" | sort -u
fi
rm -f "$log.skips"
