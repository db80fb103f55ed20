#!/usr/bin/env bash
# Guest mode with cilbind's feature `mono-from-process`: the plugin links no Mono library and
# finds Mono's embedding API in the process at run time (a host that ships its own Mono, such
# as Unity, has no libmonosgen-2.0.so.1 for a NEEDED entry to name). Builds the guest test's
# plugin that way (in a target folder of its own: the feature must not reach the workspace's
# other builds), checks it names no Mono library and imports no Mono symbol, runs the guest
# tests (`mono Game.exe`, `dotnet Game.exe`), then the same Game.exe under a launcher of
# libmonosgen-2.0.so's `mono_main` (Mono as a library in the global scope, not the executable).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target}/unlinked
features=(-p guest-plugin --features cilbind/mono-from-process)
cargo test --quiet "${features[@]}" --test guest
plugin=$CARGO_TARGET_DIR/debug/deps/libguest_plugin.so
if readelf -d "$plugin" | grep -q 'NEEDED.*mono'; then
    echo "guest-unlinked: $plugin still names a Mono library:" >&2
    readelf -d "$plugin" | grep NEEDED >&2
    exit 1
fi
if nm -D --undefined-only "$plugin" | grep -q ' mono_'; then
    echo "guest-unlinked: $plugin imports Mono symbols" >&2
    exit 1
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
game=$(ls -t "$CARGO_TARGET_DIR"/debug/build/guest-plugin-*/out/Game.exe | head -1)
cp "$game" "$plugin" "$dir/"
printf 'int mono_main(int, char **);\nint main(int c, char **v) { return mono_main(c, v); }\n' >"$dir/launch.c"
# shellcheck disable=SC2046 # pkg-config's words are separate arguments
cc -O2 -o "$dir/mono-libmonosgen" "$dir/launch.c" $(pkg-config --libs mono-2)
out=$(cd "$dir" && env -u CILBIND_RUNTIME MONO_THREADS_SUSPEND=preemptive ./mono-libmonosgen Game.exe)
for line in "game: plugin returned 0" "game: shutdown released 2" \
    "game: kept after unload ObjectDisposedException ObjectDisposedException ObjectDisposedException"; do
    grep -qxF "$line" <<<"$out" || { echo "guest-unlinked: no '$line' under libmonosgen:" >&2; echo "$out" >&2; exit 1; }
done
echo "guest-unlinked: ok (no Mono library linked; mono, dotnet and libmonosgen hosts)"
