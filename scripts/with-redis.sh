#!/usr/bin/env bash
# Runs a command beside a throwaway Redis (Debian's redis-server, installed when missing, as
# with-postgres.sh installs PostgreSQL) on a free loopback port, with no persistence; it stops
# with the command. The command sees REDIS_URL (the chat's adapter across API processes,
# api/chat/adapter.ts) and REDIS_CLI (for fault tests that stop and start it: `$REDIS_CLI shutdown nosave`).
set -euo pipefail

if ! command -v redis-server >/dev/null 2>&1; then
  if [ "$(id -u)" != "0" ]; then
    echo "[redis] redis-server is missing (run: sudo apt-get install -y redis-server)" >&2
    exit 1
  fi
  echo "[redis] installing Debian's redis-server package …"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server >/dev/null
fi

RDIR=$(mktemp -d /tmp/flx-redis-XXXXXX)
REDIS_PORT=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
cleanup() {
  if [ -f "${RDIR}/pid" ]; then
    PID=$(cat "${RDIR}/pid")
    kill "${PID}" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "${PID}" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -rf "${RDIR}"
}
trap cleanup EXIT

# Sharded pub/sub (SSUBSCRIBE/SPUBLISH) needs Redis 7; no RDB/AOF: nothing outlives the run.
redis-server --port "${REDIS_PORT}" --bind 127.0.0.1 --save '' --appendonly no --dir "${RDIR}" \
  --daemonize yes --pidfile "${RDIR}/pid" --logfile "${RDIR}/log" --maxclients 10000
for _ in $(seq 1 100); do
  if redis-cli -p "${REDIS_PORT}" ping >/dev/null 2>&1; then break; fi
  sleep 0.1
done
echo "[redis] $(redis-server --version | cut -d' ' -f1-3) on 127.0.0.1:${REDIS_PORT}"
export REDIS_URL="redis://127.0.0.1:${REDIS_PORT}"
export REDIS_CLI="redis-cli -p ${REDIS_PORT}"
"$@"
