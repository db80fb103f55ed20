#!/usr/bin/env bash
# Coverage report: for each assembly, its public members counted by reflection
# (scripts/coverage/PublicSurface.cs, compiled with mcs and run with mono: independent of the
# generator), and what `cilbind generate --coverage` says of each: bound, skipped (by
# category) or silently missing (neither: must be 0). A property or event is one member,
# bound when every public accessor is bound; enum values are counted apart.
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
mcs -nologo -out:"$work/PublicSurface.exe" scripts/coverage/PublicSurface.cs

report="$work/report.md"
details="$work/details.md"
status=0
{
  echo "| assembly | public members | bound | bound % | skipped | silently missing | listed by the generator only | enum values (bound) |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|"
} >"$report"
: >"$details"
for dll in "${assemblies[@]}"; do
  name="$(basename "$dll" .dll)"
  mono "$work/PublicSurface.exe" "$dll" >"$work/$name.reflection"
  "$cilbind" generate "$dll" --out "$work/$name.rs" --coverage "$work/$name.coverage" >"$work/$name.summary"
  # Join on (type, kind, key): the reflection listing is the reference.
  awk -F'\t' -v name="$name" -v report="$report" -v details="$details" '
    FNR == NR { if (FNR > 1) { k = $2 FS $3 FS $4; gen[k] = $5; cat[k] = $6; dup[k]++ } next }
    {
      k = $1 FS $2 FS $3; seen[k] = 1
      if ($2 == "enum-value") { ev++; if (gen[k] == "bound") evb++; next }
      pub++
      if (!(k in gen) || gen[k] == "missing") { missing++; miss[missing] = k }
      else if (gen[k] == "bound") bound++
      else { skipped++; by[cat[k]]++ }
    }
    END {
      for (k in gen) if (!(k in seen) || dup[k] > 1) { extra++; ext[extra] = k }
      printf "| %s | %d | %d | %.1f%% | %d | %d | %d | %d (%d) |\n", name, pub, bound, pub ? 100 * bound / pub : 100, skipped, missing, extra, ev, evb >> report
      printf "### %s\n\nSkipped, by category:\n\n| category | members |\n|---|---:|\n", name >> details
      n = 0; for (c in by) order[++n] = c
      for (i = 2; i <= n; i++) for (j = i; j > 1 && by[order[j]] > by[order[j - 1]]; j--) { t = order[j]; order[j] = order[j - 1]; order[j - 1] = t }
      for (i = 1; i <= n; i++) printf "| %s | %d |\n", order[i], by[order[i]] >> details
      printf "\n" >> details
      for (i = 1; i <= missing && i <= 50; i++) printf "silently missing: `%s`\n\n", miss[i] >> details
      for (i = 1; i <= extra && i <= 50; i++) printf "listed by the generator only (or twice): `%s`\n\n", ext[i] >> details
      exit (missing > 0 || extra > 0)
    }' "$work/$name.coverage" "$work/$name.reflection" || status=1
done

provenance="Produced by \`bash scripts/coverage.sh --write\` on $(date -u +%Y-%m-%d), git $(git rev-parse --short HEAD), Mono $(mono --version | head -1 | sed 's/.*version \([^ ]*\).*/\1/')."
{
  echo "# Coverage"
  echo
  echo "Public members of public types, counted by reflection (\`scripts/coverage/PublicSurface.cs\`):"
  echo "constructors, methods, properties, events and fields; a property or event is one member,"
  echo "bound when every public accessor is bound; accessors are not counted as methods;"
  echo "compiler-generated types are left out; enum values are counted apart. Each is looked up"
  echo "in \`cilbind generate --coverage\`'s listing: bound, skipped (by category), or silently"
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
