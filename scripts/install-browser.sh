#!/usr/bin/env bash
# Headless Chromium (Debian's build) and Playwright to drive it, for the browser tests.
# Playwright's own browser download is never used: the tests launch /usr/bin/chromium.
set -euo pipefail
if ! command -v chromium >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
fi
python3 -m pip install --quiet --disable-pip-version-check 'playwright==1.65.*'
chromium --version
