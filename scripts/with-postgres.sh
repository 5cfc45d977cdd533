#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL started from the machine's own binaries
# (installing Debian's postgresql package when there are none), on a free loopback port.
# The command sees TEST_DATABASE_URL (an admin URL; tests create and drop their own databases).
set -euo pipefail

find_bin() {
  if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return; fi
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}
BIN=$(find_bin || true)
if [ -z "${BIN}" ] || [ ! -x "${BIN}/initdb" ]; then
  echo "[postgres] installing Debian's postgresql package …"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  BIN=$(find_bin)
fi

PGTMP=$(mktemp -d /tmp/flx-pg-XXXXXX)
PG_PORT=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
AS=()
if [ "$(id -u)" = "0" ]; then
  # initdb refuses to run as root: run the server as an unprivileged user.
  id -u postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "${PGTMP}"
  AS=(runuser -u postgres --)
fi
cleanup() {
  "${AS[@]}" "${BIN}/pg_ctl" -D "${PGTMP}/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "${PGTMP}"
}
trap cleanup EXIT

"${AS[@]}" "${BIN}/initdb" -D "${PGTMP}/data" -U postgres -A trust -E UTF8 --no-locale >/dev/null
"${AS[@]}" "${BIN}/pg_ctl" -D "${PGTMP}/data" -l "${PGTMP}/log" -w -t 60 \
  -o "-p ${PG_PORT} -k ${PGTMP} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off" start >/dev/null
echo "[postgres] $("${BIN}/postgres" --version) on 127.0.0.1:${PG_PORT}"
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:${PG_PORT}/postgres"
# For fault tests that stop and restart the server: `$PG_CTL stop -m fast`, `$PG_CTL start`.
export PG_CTL="${AS[*]} ${BIN}/pg_ctl -D ${PGTMP}/data -l ${PGTMP}/log -w -t 60 -o '-p ${PG_PORT} -k ${PGTMP} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off'"
"$@"
