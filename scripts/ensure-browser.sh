#!/usr/bin/env bash
# Installs Debian's Chromium, the CJK font and poppler-utils (pdftoppm / pdftotext, which the voucher
# print tests use to read and render PDFs) when missing (Playwright cannot download browsers here).
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
fc-list 2>/dev/null | grep -qi 'wqy' || need+=(fonts-wqy-microhei)
command -v pdftoppm >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
if [ ${#need[@]} -gt 0 ]; then
  echo "Installing ${need[*]} with apt-get…"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${need[@]}" >/dev/null
fi
