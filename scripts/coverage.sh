#!/usr/bin/env bash
# Coverage report: for each assembly, its public members counted by reflection
# (codegen/coverage/PublicSurface.cs, compiled with mcs and run with mono: independent of the
# generator), and what the generator says of each: bound, skipped (by category) or silently
# missing (neither: must be 0), as `cilbind coverage ASSEMBLY.dll` prints them for any
# assembly. A property or event is one member, bound when every public accessor is bound;
# enum values are counted apart.
#
#   bash scripts/coverage.sh [--write] [ASSEMBLY.dll ...]
#
# Default assemblies: System.Numerics.Vectors.dll, Newtonsoft.Json.dll (Debian's
# libnewtonsoft-json5.0-cil) and mscorlib.dll (Mono's 4.5 profile). It prints a markdown
# report; with --write it also writes it to COVERAGE.md and puts its table in docs/TESTING.md
# (between the coverage markers). Exit status 1 when a member is silently missing, or the
# generator lists a member reflection does not see.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh

write=0
assemblies=()
for arg in "$@"; do
  case "$arg" in
    --write) write=1 ;;
    -h | --help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) assemblies+=("$arg") ;;
  esac
done
if [ ${#assemblies[@]} -eq 0 ]; then
  assemblies=(
    /usr/lib/mono/4.5/System.Numerics.Vectors.dll
    /usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll
    /usr/lib/mono/4.5/mscorlib.dll
  )
fi

cargo build --release -q -p cilbind-codegen --features cli
cilbind="${CARGO_TARGET_DIR:-target}/release/cilbind"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# `cilbind coverage` counts by reflection and joins (codegen/src/coverage_report.rs); its
# exit status is 1 when a member is silently missing or listed by the generator only.
status=0
"$cilbind" coverage --markdown "${assemblies[@]}" >"$work/tables.md" || status=$?
[ "$status" -le 1 ] || exit "$status"
# The table (up to the first blank line), then each assembly's section.
awk 'NF == 0 { exit } { print }' "$work/tables.md" >"$work/report.md"
awk 'found { print } NF == 0 { found = 1 }' "$work/tables.md" >"$work/details.md"
report="$work/report.md"
details="$work/details.md"

provenance="Produced by \`bash scripts/coverage.sh --write\` on $(date -u +%Y-%m-%d), git $(git rev-parse --short HEAD), Mono $(mono --version | head -1 | sed 's/.*version \([^ ]*\).*/\1/')."
{
  echo "# Coverage"
  echo
  echo "Public members of public types, counted by reflection (\`codegen/coverage/PublicSurface.cs\`):"
  echo "constructors, methods, properties, events and fields; a property or event is one member,"
  echo "bound when every public accessor is bound; accessors are not counted as methods;"
  echo "compiler-generated types are left out; enum values are counted apart. Each is looked up"
  echo "in the generator's listing (\`cilbind coverage\`): bound, skipped (by category), or silently"
  echo "missing (neither)."
  echo
  cat "$report"
  echo
  cat "$details"
  echo "$provenance"
} >"$work/COVERAGE.md"
cat "$work/COVERAGE.md"
if [ "$write" -eq 1 ]; then
  cp "$work/COVERAGE.md" COVERAGE.md
  {
    cat "$report"
    echo
    echo "$provenance [COVERAGE.md](COVERAGE.md) has the skips of each assembly by category."
  } >"$work/readme-block.md"
  awk -v block="$work/readme-block.md" '
    /<!-- coverage:begin -->/ { print; while ((getline line < block) > 0) print line; skip = 1; next }
    /<!-- coverage:end -->/ { skip = 0 }
    !skip' docs/TESTING.md >"$work/TESTING.md"
  grep -q '<!-- coverage:end -->' "$work/TESTING.md" && cp "$work/TESTING.md" docs/TESTING.md
  echo "wrote COVERAGE.md and docs/TESTING.md's coverage table" >&2
fi
exit "$status"
