#!/usr/bin/env bash
# Breadth check of the generator: binds every assembly of Mono's 4.5 profile installed on this
# machine (/usr/lib/mono/4.5/*.dll), each whole (with the types its signatures reach in other
# assemblies), and `cargo check`s each binding in one scratch crate that depends on the
# runtime. One line per assembly: public members bound, generate and check results, seconds.
# Exit status 1 on any generator or compile error (the first lines of each error are
# printed). Extra assemblies given as arguments are checked after Mono's, the same way.
#
#   bash scripts/bind-everything.sh [--keep] [EXTRA.dll ...]
#
# The scratch crate and its target folder live in $CARGO_TARGET_DIR/bind-everything (or
# target/bind-everything), so the runtime is checked once and a rerun reuses it; --keep also
# keeps each assembly's bindings there (bindings/NAME.rs).
#
# Time: the 25 assemblies of Debian 12's Mono 6.8 with System.Data, System.Windows.Forms and
# System.Xml.Linq installed (`apt-get install libmono-system-data4.0-cil
# libmono-system-windows-forms4.0-cil libmono-system-xml-linq4.0-cil`) take 1.5 minutes on
# 2 cores (90 s at load 1.3, 160 s at load 5), mscorlib (25 s), System.Windows.Forms (15 s)
# and System (13 s) the longest; the generator's release build and the runtime's check come
# first (a few seconds when built, about 3 minutes from scratch).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh

keep=0
extra=()
for arg in "$@"; do
  case "$arg" in
    --keep) keep=1 ;;
    -h | --help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) extra+=("$arg") ;;
  esac
done

root="$(pwd)"
target="$(realpath -m "${CARGO_TARGET_DIR:-target}")"
cargo build --release -q -p cilbind-codegen --features cli
cilbind="$target/release/cilbind"
work="$target/bind-everything"
crate="$work/crate"
mkdir -p "$crate/src" "$work/bindings"
cat >"$crate/Cargo.toml" <<EOF
[package]
name = "bind-everything"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
cilbind = { path = "$root/runtime" }

[workspace]
EOF
echo 'include!("bindings.rs");' >"$crate/src/lib.rs"
export CARGO_TARGET_DIR="$work/target"
# The runtime alone first, so that each line times only its assembly's bindings.
: >"$crate/src/bindings.rs"
cargo check -q --manifest-path "$crate/Cargo.toml"

assemblies=(/usr/lib/mono/4.5/*.dll "${extra[@]}")
failed=0
total_start=$SECONDS
printf '%-48s %9s  %-9s %-9s %6s\n' assembly bound generate check seconds
for dll in "${assemblies[@]}"; do
  name="$(basename "$dll" .dll)"
  start=$SECONDS
  out="$work/bindings/$name.rs"
  bound="-" generate="ok" check="-"
  if "$cilbind" generate "$dll" --out "$out" >"$work/$name.summary" 2>"$work/$name.err"; then
    # "public members …: N, bound M (P%), missing K"
    bound="$(sed -n 's/^public members.*, bound \([0-9]*\) .*/\1/p' "$work/$name.summary")"
    cp "$out" "$crate/src/bindings.rs"
    if cargo check -q --manifest-path "$crate/Cargo.toml" >"$work/$name.check" 2>&1; then
      check="ok"
    else
      check="FAILED"
      failed=1
    fi
  else
    generate="FAILED"
    failed=1
  fi
  [ "$keep" = 1 ] || rm -f "$out"
  printf '%-48s %9s  %-9s %-9s %6s\n' "$name" "${bound:--}" "$generate" "$check" "$((SECONDS - start))"
  if [ "$generate" = FAILED ]; then
    sed 's/^/    /' "$work/$name.err" | head -5 || true
  elif [ "$check" = FAILED ]; then
    { grep -E '^error' "$work/$name.check" || tail -5 "$work/$name.check"; } | sort | uniq -c | sort -rn | head -5 | sed 's/^/    /' || true
  fi
done
echo "${#assemblies[@]} assemblies in $((SECONDS - total_start)) s"
if [ "$failed" = 1 ]; then
  echo "FAILED: see the lines above (full output in $work/NAME.err and $work/NAME.check)" >&2
  exit 1
fi
