#!/usr/bin/env bash
# Browser tests drive Debian's chromium through playwright-core; install it when missing (root only).
set -euo pipefail

find_chromium() {
  if command -v chromium >/dev/null 2>&1; then command -v chromium
  elif [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium
  else return 1
  fi
}

if bin="$(find_chromium)"; then
  "$bin" --version 2>/dev/null  # the Debian launcher script prints shell noise on stderr
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  echo "chromium not found: installing Debian's chromium (apt-get)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq chromium >/dev/null
  if bin="$(find_chromium)"; then
    "$bin" --version 2>/dev/null
    exit 0
  fi
  echo "chromium installation failed: apt-get finished but no chromium binary was found." >&2
  exit 1
fi

echo "Browser tests need Debian's chromium: run as root \`apt-get update && apt-get install -y chromium\`" >&2
exit 1
