#!/usr/bin/env bash
# Install everything the test suite needs and run it: the Debian packages for the real services
# the tests start on 127.0.0.1 (PostgreSQL, Redis, the nginx reverse proxy) and for browser tests
# (Chromium), then a virtualenv with the project and its test extras (OpenSpiel included), then
# the linter (ruff), then the tests.
# Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1 || need+=(nginx)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO=sudo
  echo "installing Debian packages: ${need[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
export PIP_DISABLE_PIP_VERSION_CHECK=1
python3 -m venv .venv
.venv/bin/pip install -q -e '.[test,openspiel]'
# the linter first (its rules: [tool.ruff] in pyproject.toml): a finding fails the run before any test
.venv/bin/ruff check src tests bench scripts
exec .venv/bin/python -m pytest -n 2 "$@"
