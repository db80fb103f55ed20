#!/usr/bin/env bash
# Hot reload's memory on each runtime: managed-tests/tests/reload.rs reloads its fixture 150
# times after its scenarios (alternating two builds, a little work in each new unit), checks
# after every cycle that the runtime freed every unit it replaced (Runtime::unloaded_units: on
# CoreCLR a weak reference to each collectible load context, after full collections and waits
# for finalizers), and reports the RSS growth from cycles 50..60 to 140..150. This prints those
# lines for Mono and for CoreCLR (BENCHMARKS.md, "Hot reload on CoreCLR").
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh >/dev/null
for runtime in mono coreclr; do
    log="$(mktemp)"
    status=0
    CILBIND_RUNTIME=$runtime cargo test --quiet -p managed-tests --test reload -- --nocapture >"$log" 2>&1 || status=$?
    echo "$runtime:"
    grep -E "^(units replaced|RSS growth)" "$log" | sed 's/^/  /'
    if [ "$status" -ne 0 ]; then
        grep -E "panicked|assert" -A4 "$log" | head -20 >&2
        rm -f "$log"
        echo "$runtime: the reload test failed (exit $status)" >&2
        exit "$status"
    fi
    rm -f "$log"
done
