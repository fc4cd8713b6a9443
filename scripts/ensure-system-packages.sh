#!/usr/bin/env bash
# The browser tests and `npm run bench` drive Debian's chromium; the failover bench and the test of its
# configuration (tests/system) run Debian's haproxy. Installs whichever is missing in one apt-get run
# (root only; one `apt-get update`, ~7 s, instead of one per package); otherwise says how.
set -euo pipefail

chromium_bin() {
  if command -v chromium >/dev/null 2>&1; then command -v chromium
  elif [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium
  else return 1
  fi
}

missing=()
chromium_bin >/dev/null || missing+=(chromium)
command -v haproxy >/dev/null 2>&1 || missing+=(haproxy)

if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "Browser tests and benches need Debian's ${missing[*]}: run as root \`apt-get update && apt-get install -y ${missing[*]}\`" >&2
    exit 1
  fi
  echo "${missing[*]} not found: installing Debian's ${missing[*]} (apt-get)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq "${missing[@]}" >/dev/null
  for pkg in "${missing[@]}"; do
    if [ "$pkg" = chromium ]; then chromium_bin >/dev/null; else command -v "$pkg" >/dev/null 2>&1; fi ||
      { echo "$pkg installation failed: apt-get finished but no $pkg binary was found." >&2; exit 1; }
  done
fi
"$(chromium_bin)" --version 2>/dev/null  # the Debian launcher script prints shell noise on stderr
