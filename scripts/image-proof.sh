#!/usr/bin/env bash
# Proves the Docker image's runtime stage without a Docker engine (issue 16):
#
#  1. reads the Dockerfile: the runtime stage (its last FROM) with its WORKDIR, ENV, VOLUME, CMD and
#     COPY --from=<stage> lines, and the RUN lines of the stage it copies from;
#  2. does that stage's work in a scratch copy of the project (the files `git ls-files` knows, less
#     .dockerignore's entries): the node_modules of this checkout stand in for the deps stage's
#     `npm ci` (no registry needed), then the build stage's RUN lines run as written;
#  3. copies exactly the paths of the COPY lines into an empty directory that stands for the image's
#     root (its WORKDIR and VOLUMEs under it, absolute ENV paths mapped into it);
#  4. starts the CMD there as `nobody` with the image's ENV, and runs scripts/image-proof-journey.ts:
#     sign in as the demo buyer, browse the stock list, buy an item, check out to an order.
#
# A path the runtime stage forgets to copy fails the start or the journey, so it fails CI.
#
# Added to the image's ENV: PORT (IMAGE_PROOF_PORT, or a free one), HOST=127.0.0.1, SEED_ITEMS=300 (a quick
# first start) and TRUST_PROXY=loopback. The image sets SECURE_COOKIES=true, so the journey talks to
# the server as its TLS-terminating proxy does: plain http on loopback with X-Forwarded-Proto: https.
#
# Needs root (setpriv drops to nobody). IMAGE_PROOF_KEEP=1 keeps the directories for a look after;
# IMAGE_PROOF_BUILD_TO=<dir> puts the build stage's build/ there too.
set -euo pipefail
cd "$(dirname "$0")/.."
project=$PWD
dockerfile=${DOCKERFILE:-$project/Dockerfile}
port=${IMAGE_PROOF_PORT:-$(node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")}
run_as=(setpriv --reuid=nobody --regid=nogroup --clear-groups)

fail() { echo "image proof: FAILED: $*" >&2; exit 1; }
if ! "${run_as[@]}" true 2>/dev/null; then fail "cannot run as nobody (setpriv needs root)"; fi
seconds() { echo "$(( $(date +%s%N) / 1000000 ))"; }
elapsed() { local ms=$(( $(seconds) - $1 )); printf '%d.%01ds' $((ms / 1000)) $((ms % 1000 / 100)); }
proof_started=$(seconds)

# --- 1. The Dockerfile, as tab-separated records (kind, then fields).
plan=$(node - "$dockerfile" <<'JS'
const fs = require('node:fs');
const text = fs.readFileSync(process.argv[2], 'utf8');
const die = (message) => { console.error(`Dockerfile: ${message}`); process.exit(1); };
// Logical lines: comments dropped, backslash continuations joined.
const lines = [];
let pending = '';
for (const raw of text.split('\n')) {
  if (/^\s*#/.test(raw)) continue;
  const line = pending + raw.trim();
  if (line.endsWith('\\')) pending = line.slice(0, -1) + ' ';
  else { if (line) lines.push(line); pending = ''; }
}
const stages = [];
for (const line of lines) {
  const [, keyword, rest] = /^(\w+)\s*(.*)$/.exec(line);
  const word = keyword.toUpperCase();
  if (word === 'FROM') {
    const [, image, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest) ?? die(`cannot read FROM ${rest}`);
    const parent = stages.find((s) => s.name === image);
    stages.push({ name: name ?? String(stages.length), parent, workdir: parent?.workdir ?? '/', lines: [] });
  } else if (stages.length) {
    const stage = stages.at(-1);
    if (word === 'WORKDIR') stage.workdir = rest.startsWith('/') ? rest : `${stage.workdir.replace(/\/$/, '')}/${rest}`;
    stage.lines.push({ word, rest });
  }
}
const runtime = stages.at(-1) ?? die('no FROM');
const out = (...fields) => {
  for (const f of fields) if (/[\t\n]/.test(f)) die(`a tab or newline in ${JSON.stringify(f)}`);
  console.log(fields.join('\t'));
};
// ENV K=V K2="V 2" ... (or the old ENV K V).
const envPairs = (rest) => {
  if (!rest.includes('=')) { const [, k, v] = /^(\S+)\s+(.*)$/.exec(rest); return [[k, v]]; }
  return [...rest.matchAll(/(\w+)=("(?:[^"\\]|\\.)*"|\S*)/g)].map(([, k, v]) => [k, v.startsWith('"') ? JSON.parse(v) : v]);
};
let from = null;
out('WORKDIR', runtime.workdir);
for (const { word, rest } of runtime.lines) {
  if (word === 'ENV') for (const [k, v] of envPairs(rest)) {
    if (v.includes('$')) die(`the proof cannot expand ${k}=${v}`);
    out('ENV', k, v);
  } else if (word === 'VOLUME') {
    for (const v of rest.startsWith('[') ? JSON.parse(rest) : rest.split(/\s+/)) out('VOLUME', v);
  } else if (word === 'CMD') {
    if (!rest.startsWith('[')) die('CMD must be in exec form (a JSON array)');
    out('CMD', ...JSON.parse(rest));
  } else if (word === 'COPY' || word === 'ADD') {
    const words = rest.split(/\s+/);
    const flags = words.filter((w) => w.startsWith('--'));
    const paths = words.filter((w) => !w.startsWith('--'));
    const source = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
    if (word === 'ADD' || !source) die(`the proof copies only from a build stage: ${word} ${rest}`);
    const stage = stages.find((s) => s.name === source) ?? die(`no stage ${source}`);
    if (from && from !== stage) die('the proof copies from one stage only');
    from = stage;
    const dest = paths.pop();
    const owned = flags.some((f) => f.startsWith('--chown=')) ? 'owned' : 'root';
    for (const src of paths) out('COPY', src.startsWith('/') ? src : `${stage.workdir.replace(/\/$/, '')}/${src}`, dest, owned);
  }
}
if (!from) die('the runtime stage copies nothing from a build stage');
out('FROM_WORKDIR', from.workdir);
// The RUN lines of the stage copied from; its parents' (npm ci) are stood in for by node_modules.
for (const { word, rest } of from.lines) {
  if (word === 'RUN') out('RUN', rest);
  else if (word === 'ENV') for (const [k, v] of envPairs(rest)) out('BUILD_ENV', k, v);
}
JS
) || fail "cannot read $dockerfile"

field() { awk -F'\t' -v kind="$1" '$1 == kind' <<<"$plan"; }
workdir=$(field WORKDIR | cut -f2)
build_workdir=$(field FROM_WORKDIR | cut -f2)
mapfile -t cmd < <(field CMD | cut -f2- | tr '\t' '\n')
[ "${#cmd[@]}" -gt 0 ] || fail "the runtime stage has no CMD"

scratch=$(mktemp -d /tmp/image-proof-build.XXXXXX)
root=$(mktemp -d /tmp/image-proof-root.XXXXXX)
logs=$(mktemp -d /tmp/image-proof-logs.XXXXXX)
server_pid=
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; fi
  if [ "${IMAGE_PROOF_KEEP:-}" = 1 ]; then echo "image proof: kept $scratch, $root and $logs"; else rm -rf "$scratch" "$root" "$logs"; fi
}
trap cleanup EXIT

# --- 2. The build stage's work in a scratch copy.
started=$(seconds)
mapfile -t ignored < <(grep -v '^\s*#' .dockerignore 2>/dev/null | sed '/^\s*$/d')
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
  [ -e "$file" ] || continue # deleted in the working tree
  top=${file%%/*}
  skip=
  for pattern in "${ignored[@]}"; do
    # shellcheck disable=SC2053 # the .dockerignore entry is a glob
    if [[ $top == $pattern ]]; then skip=1; break; fi
  done
  [ -n "$skip" ] || printf '%s\0' "$file"
done | tar --null -T - -cf - | tar -xf - -C "$scratch"
# node_modules as the image's npm ci leaves it: hard links to the project's files where it can (the
# build stage adds and deletes files there and rewrites none), with its dot-folders (.cache, .vite,
# where the build writes) copied whole; a copy where links cannot be made. On a quiet machine the
# copy took 7.7 s, the links 0.8 s.
modules=$(readlink -f node_modules)
if cp -al "$modules" "$scratch/node_modules" 2>/dev/null; then
  for dot in "$modules"/.[!.]*; do
    [ -d "$dot" ] || continue
    rm -rf "$scratch/node_modules/${dot##*/}" && cp -a "$dot" "$scratch/node_modules/"
  done
else
  rm -rf "$scratch/node_modules"
  cp -a --reflink=auto "$modules" "$scratch/node_modules"
fi
echo "image proof: project and node_modules copied ($(elapsed "$started"))"

started=$(seconds)
# BUILD_ID as a deploy passes it (deploy/README.md): the commit, or none outside a git checkout.
build_env=("BUILD_ID=$(git rev-parse --short HEAD 2>/dev/null || true)")
while IFS=$'\t' read -r _ key value; do
  [ "$value" = "\$$key" ] && continue # ARG passthrough: BUILD_ID above
  build_env+=("$key=$value")
done < <(field BUILD_ENV)
while IFS=$'\t' read -r _ command; do
  echo "image proof: RUN $command"
  (cd "$scratch" && env "${build_env[@]}" bash -c "$command") >"$logs/build.log" 2>&1 || { tail -30 "$logs/build.log" >&2; fail "RUN $command"; }
done < <(field RUN)
echo "image proof: build stage done ($(elapsed "$started"))"
# IMAGE_PROOF_BUILD_TO (scripts/test.sh): the build stage's build/ is also the one the tests run, so
# the project is built once and the tests run what the image ships.
if [ -n "${IMAGE_PROOF_BUILD_TO:-}" ]; then
  rm -rf "$IMAGE_PROOF_BUILD_TO" && cp -a "$scratch/build" "$IMAGE_PROOF_BUILD_TO"
  echo "image proof: the build stage's build/ copied to $IMAGE_PROOF_BUILD_TO"
fi

# --- 3. Exactly the COPY --from paths, into an empty root.
started=$(seconds)
chmod 755 "$root"
app="$root$workdir"
mkdir -p "$app"
while IFS=$'\t' read -r _ src dest owned; do
  [[ $src == "$build_workdir"/* ]] || fail "COPY $src is outside the build stage's WORKDIR $build_workdir"
  from="$scratch/${src#"$build_workdir"/}"
  [[ $dest == /* ]] || dest="$workdir/$dest"
  to="$root$dest"
  [ -e "$from" ] || fail "COPY $src: the build stage has no such path"
  if [ -d "$from" ]; then
    mkdir -p "$to" && cp -a "$from/." "$to/"
  elif [[ $dest == */ ]]; then
    mkdir -p "$to" && cp -a "$from" "$to"
    to="$to$(basename "$from")"
  else
    mkdir -p "$(dirname "$to")" && cp -a "$from" "$to"
  fi
  # --chown gives the files to the image's user; nobody stands in for it here.
  if [ "$owned" = owned ]; then chown -R nobody:nogroup "$to"; fi
  echo "image proof: COPY $src -> $dest"
done < <(field COPY)
while IFS=$'\t' read -r _ volume; do
  mkdir -p "$root$volume" && chown nobody:nogroup "$root$volume" && chmod 700 "$root$volume"
done < <(field VOLUME)
echo "image proof: image root assembled: $(du -sh "$root" | cut -f1) ($(elapsed "$started"))"

# --- 4. The CMD as nobody with the image's ENV, then the journey.
image_env=()
while IFS=$'\t' read -r _ key value; do
  [[ $value == /* ]] && value="$root$value" # a path inside the image
  image_env+=("$key=$value")
done < <(field ENV)
started=$(seconds)
(cd "$app" && exec "${run_as[@]}" env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$app" "${image_env[@]}" \
  PORT="$port" HOST=127.0.0.1 SEED_ITEMS=300 TRUST_PROXY=loopback "${cmd[@]}") >"$logs/server.log" 2>&1 &
server_pid=$!
until curl -sf "http://127.0.0.1:$port/readyz" >/dev/null; do
  kill -0 "$server_pid" 2>/dev/null || { tail -30 "$logs/server.log" >&2; fail "the server exited before it was ready"; }
  [ $(( $(seconds) - started )) -lt 180000 ] || { tail -30 "$logs/server.log" >&2; fail "the server was not ready within 180 s"; }
  sleep 0.5
done
[ "$(stat -c %U "/proc/$server_pid")" = nobody ] || fail "the server does not run as nobody"
tr '\0' '\n' <"/proc/$server_pid/environ" | grep -qx 'MALLOC_TRIM_THRESHOLD_=[0-9]*' || fail "the CMD does not start the server through scripts/serve.sh (no MALLOC_TRIM_THRESHOLD_)"
echo "image proof: ${cmd[*]} ready as nobody on port $port ($(elapsed "$started"))"

started=$(seconds)
npx tsx scripts/image-proof-journey.ts "http://127.0.0.1:$port" || { tail -30 "$logs/server.log" >&2; fail "the journey"; }
echo "image proof: journey done ($(elapsed "$started"))"

kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=
[ "$status" = 0 ] || { tail -30 "$logs/server.log" >&2; fail "the server exited with $status on SIGTERM"; }
echo "image proof: passed ($(elapsed "$proof_started") in all)"
