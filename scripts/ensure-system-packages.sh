#!/usr/bin/env bash
# `npm run bench` drives Debian's chromium, the browser suite its chromium-headless-shell (the same source
# package's old headless build, which Playwright itself runs headless: two thirds of the CPU of `chromium --headless`;
# tests/e2e/helpers/browser.ts falls back to chromium without it); the failover bench and the test of its
# configuration (tests/system) run Debian's haproxy. Installs whichever is missing in one apt-get run
# (root only; one `apt-get update`, ~7 s, instead of one per package); otherwise says how.
set -euo pipefail

chromium_bin() {
  if command -v chromium >/dev/null 2>&1; then command -v chromium
  elif [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium
  else return 1
  fi
}
shell_bin=/usr/bin/chromium-headless-shell

missing=()
chromium_bin >/dev/null || missing+=(chromium)
command -v haproxy >/dev/null 2>&1 || missing+=(haproxy)
# Wanted, not needed: without it the suite runs chromium, slower.
want_shell=""
[ -x "$shell_bin" ] || want_shell=1

if [ "${#missing[@]}" -gt 0 ] || [ -n "$want_shell" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    if [ "${#missing[@]}" -gt 0 ]; then
      echo "Browser tests and benches need Debian's ${missing[*]}: run as root \`apt-get update && apt-get install -y ${missing[*]} chromium-headless-shell\`" >&2
      exit 1
    fi
    echo "No chromium-headless-shell: the browser suite runs chromium (\`apt-get install -y chromium-headless-shell\` as root halves its CPU)."
  else
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    # A Debian whose chromium predates the shell (before 132) has no such package.
    if [ -n "$want_shell" ]; then
      if apt-cache show chromium-headless-shell >/dev/null 2>&1; then missing+=(chromium-headless-shell)
      else echo "Debian offers no chromium-headless-shell here: the browser suite runs chromium."
      fi
    fi
    if [ "${#missing[@]}" -gt 0 ]; then
      echo "${missing[*]} not found: installing Debian's ${missing[*]} (apt-get)..."
      apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
    for pkg in "${missing[@]}"; do
      case "$pkg" in
        chromium) chromium_bin >/dev/null ;;
        chromium-headless-shell) [ -x "$shell_bin" ] ;;
        *) command -v "$pkg" >/dev/null 2>&1 ;;
      esac || { echo "$pkg installation failed: apt-get finished but no $pkg binary was found." >&2; exit 1; }
    done
  fi
fi
"$(chromium_bin)" --version 2>/dev/null  # the Debian launcher script prints shell noise on stderr
if [ -x "$shell_bin" ]; then echo "and its headless shell, for the browser suite"; fi
