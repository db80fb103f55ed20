#!/usr/bin/env bash
# Installs what cilbind needs on a fresh Debian machine, if it is missing: Mono's runtime,
# the mcs compiler, the embedding library (pkg-config package mono-2) and the
# System.Numerics.Vectors and Json.NET assemblies used as real third-party inputs (tests and
# scripts/coverage.sh), and Debian's dbus-sharp-glib, a library whose reference to its
# sibling dbus-sharp resolves only through Mono's GAC (codegen/tests/gac.rs).
set -euo pipefail

PACKAGES="mono-runtime mono-mcs libmono-2.0-dev pkg-config libmono-system-numerics-vectors4.0-cil libnewtonsoft-json5.0-cil libdbus-glib2.0-cil"

have_all() {
  command -v mono >/dev/null 2>&1 &&
    command -v mcs >/dev/null 2>&1 &&
    command -v pkg-config >/dev/null 2>&1 &&
    pkg-config --exists mono-2 &&
    [ -f /usr/lib/mono/4.5/System.Numerics.Vectors.dll ] &&
    [ -f /usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll ] &&
    [ -f /usr/lib/cli/dbus-sharp-glib-2.0/dbus-sharp-glib.dll ]
}

if have_all; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "cilbind needs Mono and its embedding library. Install them as root with:" >&2
  echo "  apt-get update && apt-get install -y $PACKAGES" >&2
  exit 1
fi

echo "Installing Mono ($PACKAGES)..." >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq $PACKAGES >/dev/null
have_all || { echo "Mono is still missing after apt-get install" >&2; exit 1; }
