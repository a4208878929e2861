#!/usr/bin/env bash
# Debian's Chromium for the tests and the UI benchmarks (playwright.config.ts launches this).
#
# Chromium honours only the last --disable-features switch, and Playwright passes its own list, so a
# list of ours would silently replace it. This joins every --disable-features given into one switch
# and adds E2E_DISABLED_FEATURES, then starts the real browser (CHROMIUM_PATH, default
# /usr/bin/chromium, Debian's launcher).
#
# Disabled here: the omnibox's WebUI popups. Chromium 15x draws them as a "top-chrome" page in a
# renderer process of its own for every new window, and each test's fresh context is a new window:
# about 1.5 CPU-s per test for a popup no test sees (docs/benchmarks.md, stop 29).
set -euo pipefail
E2E_DISABLED_FEATURES=${E2E_DISABLED_FEATURES-WebUIOmniboxPopup,WebUIOmniboxAimPopup}
features=()
[ -n "$E2E_DISABLED_FEATURES" ] && features+=("$E2E_DISABLED_FEATURES")
args=()
for a in "$@"; do
  case "$a" in
    --disable-features=*) [ -n "${a#--disable-features=}" ] && features+=("${a#--disable-features=}") ;;
    *) args+=("$a") ;;
  esac
done
if [ ${#features[@]} -gt 0 ]; then
  joined=$(IFS=,; printf '%s' "${features[*]}")
  args+=("--disable-features=$joined")
fi
exec "${CHROMIUM_PATH:-/usr/bin/chromium}" "${args[@]}"
