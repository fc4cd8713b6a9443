#!/usr/bin/env bash
# The failover bench and the test of its HAProxy configuration run Debian's haproxy; install it when
# missing (root only). Runs before the suites start: the unit project uses it at once.
set -euo pipefail

if command -v haproxy >/dev/null 2>&1; then exit 0; fi

if [ "$(id -u)" -eq 0 ]; then
  echo "haproxy not found: installing Debian's haproxy (apt-get)..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq haproxy >/dev/null
  command -v haproxy >/dev/null 2>&1 && exit 0
  echo "haproxy installation failed: apt-get finished but no haproxy binary was found." >&2
  exit 1
fi

echo "The HAProxy configuration test and the failover bench need Debian's haproxy: run as root \`apt-get update && apt-get install -y haproxy\`" >&2
exit 1
