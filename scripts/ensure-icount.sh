#!/usr/bin/env bash
# What the instruction counts (benches/icount.rs, benches/icount_backends.rs) need: valgrind,
# and gungraun's runner binary of exactly the version of the gungraun library in Cargo.lock
# (gungraun requires the two to match). Installs what is missing (valgrind only as root).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v valgrind >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "Installing valgrind..." >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind >/dev/null
  else
    echo "The instruction counts need valgrind: apt-get install -y valgrind" >&2
    exit 1
  fi
fi
gungraun_version=$(awk '/^name = "gungraun"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ "$(gungraun-runner --version 2>/dev/null | awk '{ print $2 }')" != "$gungraun_version" ]; then
  # About 3.5 minutes on 2 cores (measured 2026-11-25), once per machine.
  echo "Installing gungraun-runner $gungraun_version..." >&2
  cargo install gungraun-runner --version "$gungraun_version" --locked
fi

