#!/usr/bin/env bash
# Brings up deploy/compose.yaml (two portal replicas on one PostgreSQL behind Caddy) and proves it
# (npm run test:compose; deploy/README.md):
#
#  1. uses the running Docker daemon, or starts one of its own, and node:20-bookworm-slim or a
#     stand-in for it, as scripts/image-test.sh does (scripts/docker-test-lib.sh);
#  2. uses Compose v2 (`docker compose`, or a `docker-compose` 2.x); without it, unpacks the plugin
#     binary from Debian trixie's docker-compose .deb (COMPOSE_DEB_URL) into the scratch folder;
#  3. uses postgres:15-bookworm and caddy:2, pulled if they can be; otherwise builds stand-ins from
#     Debian's own postgresql-15 and caddy packages (scripts/compose-test/*.Dockerfile);
#  4. runs compose.yaml unchanged, through a test override and a test .env in the scratch folder:
#     Caddy published on free 127.0.0.1 ports instead of 80/443, PORTAL_DOMAIN=localhost (Caddy's
#     own local CA), DEMO_DATA=on with SEED_ITEMS=300, health checked every 3 s instead of 15 s, and
#     an SMTP sink service (scripts/compose-test/smtp-sink.mjs) as SMTP_HOST; builds the image
#     (portal-1's build), starts everything and waits for postgres and both portals to be healthy;
#  5. over https through Caddy (its root CA read from the caddy container): the image journey (sign
#     in, stock, cart, checkout, spreadsheet, PDF); then the journey again while portal-1 restarts
#     in its middle (`compose restart portal-1` once the buy dialog is open); then the first order and
#     session, and the second's, are still there; counts the requests each replica served (its
#     /metrics) to show both served, portal-1 again after its restart;
#  6. removes everything it made (compose down -v, the images it built, the scratch folder, its
#     daemon by process id), also when a check fails.
#
# Prints each step's seconds and a summary; exits non-zero on the first check that fails.
set -euo pipefail
cd "$(dirname "$0")/.."

TEST_NAME="compose test"
source scripts/docker-test-lib.sh
PROJECT=buyer-portal-compose-test-$$
COMPOSE_DEB_URL=${COMPOSE_DEB_URL:-http://deb.debian.org/debian/pool/main/d/docker-compose/docker-compose_2.26.1-4_amd64.deb}
compose_cmd=()
project_up=
made_images=()
test_started=$(now)

clean_up_test() {
  if [ -n "$project_up" ]; then
    [ -z "${COMPOSE_TEST_LOGS:-}" ] || compose logs --no-color >"$COMPOSE_TEST_LOGS" 2>&1
    compose down -v --remove-orphans >/dev/null 2>&1
  fi
  for image in "${made_images[@]}"; do docker rmi -f "$image" >/dev/null 2>&1; done
}

compose() { "${compose_cmd[@]}" -p "$PROJECT" --env-file "$work/test.env" -f deploy/compose.yaml -f "$work/compose.test.yaml" "$@"; }

# --- 1. A daemon and the node base.
use_or_start_daemon

# --- 2. Compose v2.
started=$(now)
if docker compose version 2>/dev/null | grep -q 'v2\.'; then
  compose_cmd=(docker compose)
elif command -v docker-compose >/dev/null && docker-compose version --short 2>/dev/null | grep -q '^2\.'; then
  compose_cmd=(docker-compose)
else
  # The plugin binary is static and runs on its own; nothing is installed on the machine.
  curl -fsS -o "$work/docker-compose.deb" "$COMPOSE_DEB_URL" || fail "no Compose v2 here and $COMPOSE_DEB_URL could not be downloaded"
  dpkg-deb -x "$work/docker-compose.deb" "$work/compose-deb"
  compose_cmd=("$work/compose-deb/usr/libexec/docker/cli-plugins/docker-compose")
  [ -x "${compose_cmd[0]}" ] || fail "$COMPOSE_DEB_URL holds no usr/libexec/docker/cli-plugins/docker-compose"
fi
step "compose" "$("${compose_cmd[@]}" version | head -1) ($(since "$started"))"

ensure_node_base

# --- 3. PostgreSQL and Caddy images: the real ones, or stand-ins from Debian's packages.
image_or_stand_in() {
  local real=$1 dockerfile=$2 stand_in=$3 began
  began=$(now)
  if docker image inspect "$real" >/dev/null 2>&1; then
    step "image $real" "already there"; echo "$real" >"$work/image-$dockerfile"
  elif docker pull -q "$real" >/dev/null 2>&1; then
    step "image $real" "pulled ($(since "$began"))"; echo "$real" >"$work/image-$dockerfile"
  else
    made_images+=("$stand_in")
    docker build -q --network host --build-arg BASE="$BASE" -f "scripts/compose-test/$dockerfile.Dockerfile" -t "$stand_in" scripts/compose-test \
      >"$work/build-$dockerfile.log" 2>&1 || { tail -20 "$work/build-$dockerfile.log" >&2; fail "the $real stand-in did not build"; }
    step "image $real" "stand-in $stand_in from Debian's package ($(since "$began"))"
    echo "$stand_in" >"$work/image-$dockerfile"
  fi
}
image_or_stand_in postgres:15-bookworm postgres "buyer-portal-compose-test/postgres-stand-in:$$"
image_or_stand_in caddy:2 caddy "buyer-portal-compose-test/caddy-stand-in:$$"

# --- 4. The test's .env and override; build; start.
https_port=$(free_port)
http_port=$(free_port)
while [ "$http_port" = "$https_port" ]; do http_port=$(free_port); done
secret() { node -e "console.log(require('node:crypto').randomBytes($1).toString('hex'))"; }
cat >"$work/test.env" <<EOF
PORTAL_DOMAIN=localhost
POSTGRES_PASSWORD=$(secret 16)
SESSION_SECRET=$(secret 24)
ADMIN_TOKEN=$(secret 24)
SMTP_HOST=smtp-sink
SMTP_PORT=2525
SMTP_SECURE=false
MAIL_FROM=Buyer Portal <no-reply@localhost>
BUILD_ID=compose-test-$$
DEMO_DATA=on
EOF
cat >"$work/compose.test.yaml" <<EOF
# scripts/compose-test.sh: what differs from deploy/compose.yaml in the test, and nothing else.
services:
  postgres:
    image: $(cat "$work/image-postgres")
  portal-1:
    build:
      # The daemon may run without iptables (no NAT): the build's npm ci reaches the registry from the host's network.
      network: host
    environment:
      SEED_ITEMS: "300"
    healthcheck:
      interval: 3s
  portal-2:
    environment:
      SEED_ITEMS: "300"
    healthcheck:
      interval: 3s
  caddy:
    image: $(cat "$work/image-caddy")
    ports: !override
      - "127.0.0.1:$https_port:443"
      - "127.0.0.1:$http_port:80"
  smtp-sink:
    image: $BASE
    command: ["node", "/smtp-sink.mjs"]
    volumes:
      - $PWD/scripts/compose-test/smtp-sink.mjs:/smtp-sink.mjs:ro
    networks:
      - backend
EOF
made_images+=("buyer-portal:compose-test-$$")
started=$(now)
compose build portal-1 >"$work/build.log" 2>&1 || { tail -30 "$work/build.log" >&2; fail "compose build"; }
step "build" "portal-1's image buyer-portal:compose-test-$$ ($(since "$started"))"

started=$(now)
project_up=1
compose up -d --no-build >"$work/up.log" 2>&1 || { cat "$work/up.log" >&2; fail "compose up"; }
health() { docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}' "$(compose ps -q "$1")"; }
wait_healthy() {
  local service
  for _ in $(seq 1 200); do
    local pending=()
    for service in "$@"; do [ "$(health "$service")" = healthy ] || pending+=("$service"); done
    [ ${#pending[@]} -gt 0 ] || return 0
    sleep 1
  done
  compose ps >&2
  compose logs --tail 30 "${pending[@]}" >&2
  fail "not healthy after 200 s: ${pending[*]}"
}
wait_healthy postgres portal-1 portal-2
step "start" "postgres, portal-1 and portal-2 healthy $(since "$started") after up"

# --- 5. Through Caddy over https, trusting its local CA.
started=$(now)
for _ in $(seq 1 60); do
  compose exec -T caddy cat /data/caddy/pki/authorities/local/root.crt >"$work/caddy-root.crt" 2>/dev/null && break
  sleep 1
done
[ -s "$work/caddy-root.crt" ] || fail "Caddy made no local root CA"
cat ${NODE_EXTRA_CA_CERTS:+"$NODE_EXTRA_CA_CERTS"} "$work/caddy-root.crt" >"$work/trusted.pem"
base=https://localhost:$https_port
for _ in $(seq 1 60); do
  curl -fsS --cacert "$work/caddy-root.crt" "$base/readyz" >/dev/null 2>&1 && break
  sleep 1
done
curl -fsS --cacert "$work/caddy-root.crt" "$base/readyz" >/dev/null || fail "$base/readyz does not answer through Caddy"
redirect=$(curl -sS -o /dev/null -w '%{http_code} %{redirect_url}' "http://localhost:$http_port/stock")
case "$redirect" in 30[178]\ https://localhost*/stock) ;; *) fail "http:// is not sent to https:// (answered $redirect)" ;; esac
step "proxy" "https through Caddy's local CA, http redirected to https ($(since "$started"))"

journey() { NODE_EXTRA_CA_CERTS=$work/trusted.pem npx tsx scripts/image-proof-journey.ts "$base" "$@"; }
# Pages and files a replica answered (its /metrics, on the replicas' network), health checks left out.
served() {
  compose exec -T "$1" node -e "fetch('http://127.0.0.1:9464/metrics').then((r) => r.text()).then((text) => {
    let n = 0;
    for (const line of text.split('\n')) {
      const m = line.match(/^http_request_duration_seconds_count\{(.*)\} (\d+)$/);
      if (m && !/route=\"\/(healthz|readyz|metrics)\"/.test(m[1])) n += Number(m[2]);
    }
    console.log(n);
  })"
}
started_at() { docker inspect -f '{{.State.StartedAt}}' "$(compose ps -q "$1")"; }

started=$(now)
journey --keep-session "$work/session-1.json" || { compose logs --tail 30 portal-1 portal-2 caddy >&2; fail "the journey through Caddy"; }
first_1=$(served portal-1)
first_2=$(served portal-2)
step "journey 1" "passed ($(since "$started")); requests served: portal-1 $first_1, portal-2 $first_2"
[ "$first_1" -gt 0 ] && [ "$first_2" -gt 0 ] || fail "one replica served nothing: Caddy does not spread the requests"

# The second journey, with portal-1 restarted as soon as its buy dialog is open.
started=$(now)
portal_1_started=$(started_at portal-1)
portal_2_started=$(started_at portal-2)
journey --keep-session "$work/session-2.json" >"$work/journey-2.log" 2>&1 &
journey_pid=$!
for _ in $(seq 1 600); do
  grep -q 'ok  open the buy dialog' "$work/journey-2.log" && break
  kill -0 "$journey_pid" 2>/dev/null || break
  sleep 0.1
done
grep -q 'ok  open the buy dialog' "$work/journey-2.log" || { cat "$work/journey-2.log" >&2; fail "the second journey ended before its buy dialog opened"; }
before_restart_1=$(served portal-1)
restart_began=$(now)
compose restart portal-1 >"$work/restart.log" 2>&1 || { cat "$work/restart.log" >&2; fail "compose restart portal-1"; }
restart_took=$(since "$restart_began")
journey_code=0
wait "$journey_pid" || journey_code=$?
sed 's/^/    /' "$work/journey-2.log"
[ "$journey_code" = 0 ] || { compose logs --tail 30 portal-1 portal-2 caddy >&2; fail "the journey failed while portal-1 restarted"; }
journey_took=$(since "$started")
[ "$(started_at portal-1)" != "$portal_1_started" ] || fail "portal-1 was not restarted"
[ "$(started_at portal-2)" = "$portal_2_started" ] || fail "portal-2 restarted too: the test restarts one replica only"
wait_healthy portal-1
second_2=$(served portal-2)
step "journey 2" "passed ($journey_took) while portal-1 restarted (compose restart $restart_took, once the buy dialog was open); requests served during it: portal-1 $((before_restart_1 - first_1)) before its restart, portal-2 $((second_2 - first_2))"

# Nothing lost: both orders and sessions, through the proxy, until portal-1 (restarted) has served too.
started=$(now)
resumed=0
for _ in $(seq 1 20); do
  journey --resume-session "$work/session-1.json" >"$work/resume.log" 2>&1 || { cat "$work/resume.log" >&2; fail "the first order or session is lost"; }
  journey --resume-session "$work/session-2.json" >"$work/resume.log" 2>&1 || { cat "$work/resume.log" >&2; fail "the second order or session is lost"; }
  resumed=$((resumed + 1))
  after_restart_1=$(served portal-1)
  [ "$after_restart_1" -gt 0 ] && break
  sleep 1
done
[ "$after_restart_1" -gt 0 ] || fail "portal-1 served nothing through Caddy after its restart"
third_2=$(served portal-2)
step "nothing lost" "both orders in their buyer's order list with the sessions from before, $resumed time(s) each ($(since "$started")); after the restart portal-1 served $after_restart_1 requests, portal-2 $((third_2 - second_2))"

mails=$(compose logs --no-color smtp-sink 2>/dev/null | grep -c 'smtp-sink: message' || true)
restart_count=$(docker inspect -f '{{.RestartCount}}' "$(compose ps -q portal-1)")
step "totals" "requests served: portal-1 $((before_restart_1 + after_restart_1)), portal-2 $third_2; restarts: portal-1 1 (by the test; $restart_count by Docker's policy), portal-2 0; mails to the SMTP sink: $mails"
step "total" "$(since "$test_started")"
say "passed"
