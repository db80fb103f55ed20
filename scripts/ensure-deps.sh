#!/usr/bin/env bash
# Installs what cilbind needs on a fresh Debian machine, if it is missing: Mono's runtime,
# the mcs compiler, the embedding library (pkg-config package mono-2) and the
# System.Numerics.Vectors and Json.NET assemblies used as real third-party inputs (tests and
# scripts/coverage.sh), and Debian's dbus-sharp-glib, a library whose reference to its
# sibling dbus-sharp resolves only through Mono's GAC (codegen/tests/gac.rs), and ICU, which
# CoreCLR's globalization uses (without it, it runs in invariant mode), and Mono's
# netstandard facade (see ensure_netstandard_facade). Then the .NET
# Core 3.1 shared runtime for the CoreCLR backend, once: PyPI's dotnetcore2 wheel carries it
# (NuGet is not needed), unpacked into $CILBIND_DOTNET_ROOT, by default
# ${XDG_CACHE_HOME:-$HOME/.cache}/cilbind/dotnet, outside the repository.
set -euo pipefail

DOTNET_WHEEL="dotnetcore2==3.1.23"
DOTNET_ROOT_DIR="${CILBIND_DOTNET_ROOT:-${XDG_CACHE_HOME:-$HOME/.cache}/cilbind/dotnet}"

ensure_dotnet() {
  if [ -f "$DOTNET_ROOT_DIR/shared/Microsoft.NETCore.App/3.1.23/libcoreclr.so" ]; then
    return 0
  fi
  echo "Fetching the .NET Core 3.1 runtime ($DOTNET_WHEEL from PyPI) into $DOTNET_ROOT_DIR..." >&2
  if ! python3 -m pip --version >/dev/null 2>&1; then
    [ "$(id -u)" -eq 0 ] || { echo "cilbind's CoreCLR backend needs pip to fetch the runtime: apt-get install -y python3-pip" >&2; exit 1; }
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-pip >/dev/null
  fi
  local tmp
  tmp="$(mktemp -d)"
  python3 -m pip download --quiet --no-deps --only-binary=:all: -d "$tmp" "$DOTNET_WHEEL"
  # The wheel's dotnetcore2/bin is a .NET root (dotnet, host/fxr, shared/Microsoft.NETCore.App).
  python3 - "$tmp"/dotnetcore2-*.whl "$tmp/unpacked" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel:
    wheel.extractall(sys.argv[2], [n for n in wheel.namelist() if n.startswith("dotnetcore2/bin/")])
PY
  mkdir -p "$(dirname "$DOTNET_ROOT_DIR")"
  rm -rf "$DOTNET_ROOT_DIR"
  mv "$tmp/unpacked/dotnetcore2/bin" "$DOTNET_ROOT_DIR"
  chmod +x "$DOTNET_ROOT_DIR/dotnet"
  rm -rf "$tmp"
}

# Mono's netstandard 2.1 facade, where Mono looks for it (its Facades folder): it forwards
# every type of .NET Standard 2.1 to Mono's mscorlib, System, System.Core..., so that an
# assembly built against netstandard (Span<T> and the other types both runtimes name through
# it) loads on Mono as on CoreCLR, whose shared framework has its own netstandard facade.
# Debian ships it in mono-devel (with 123 other packages the tests do not need): this takes
# that one file out of mono-devel's package.
MONO_FACADES=/usr/lib/mono/4.5/Facades
ensure_netstandard_facade() {
  if [ -f "$MONO_FACADES/netstandard.dll" ]; then
    return 0
  fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "cilbind's tests need Mono's netstandard facade. Install it as root with:" >&2
    echo "  apt-get install -y mono-devel" >&2
    exit 1
  fi
  echo "Installing Mono's netstandard facade (from Debian's mono-devel) into $MONO_FACADES..." >&2
  local tmp
  tmp="$(mktemp -d)"
  chmod 755 "$tmp" # apt's download user writes here
  (cd "$tmp" && apt-get download -qq mono-devel >/dev/null 2>&1) ||
    { apt-get update -qq && (cd "$tmp" && apt-get download -qq mono-devel >/dev/null); }
  dpkg-deb --fsys-tarfile "$tmp"/mono-devel_*.deb | tar -x -C "$tmp" ./usr/lib/mono/4.5/Facades/netstandard.dll
  mkdir -p "$MONO_FACADES"
  install -m 644 "$tmp/usr/lib/mono/4.5/Facades/netstandard.dll" "$MONO_FACADES/netstandard.dll"
  rm -rf "$tmp"
}

# openssl: the remote TLS test makes its certificates with it.
PACKAGES="mono-runtime mono-mcs libmono-2.0-dev pkg-config libmono-system-numerics-vectors4.0-cil libnewtonsoft-json5.0-cil libdbus-glib2.0-cil libicu72 openssl"

have_all() {
  command -v mono >/dev/null 2>&1 &&
    command -v mcs >/dev/null 2>&1 &&
    command -v pkg-config >/dev/null 2>&1 &&
    pkg-config --exists mono-2 &&
    [ -f /usr/lib/mono/4.5/System.Numerics.Vectors.dll ] &&
    [ -f /usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll ] &&
    [ -f /usr/lib/cli/dbus-sharp-glib-2.0/dbus-sharp-glib.dll ] &&
    command -v openssl >/dev/null 2>&1 &&
    ldconfig -p | grep -q 'libicuuc\.so\.'
}

if have_all; then
  ensure_netstandard_facade
  ensure_dotnet
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
ensure_netstandard_facade
ensure_dotnet
