// npm start: builds only when the sources changed since the last build (output to build.log unless it
// fails), never under a portal another `npm start` runs from this build, then runs the production
// server (scripts/serve.sh) and passes it the signals it gets.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);
const STAMP = at('build', '.sources');
const RUNNING = at('build', '.running');
const LOCK = at('build.lock');
const LOG = at('build.log');

/** What the build is made from: the newest change, the number of files and the commit (the build's version names it). */
function sourcesFingerprint() {
  let newest = 0;
  let files = 0;
  const visit = (entry) => {
    let stat;
    try {
      stat = fs.statSync(entry);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
      return;
    }
    if (/\.test\.tsx?$/.test(entry)) return;
    files += 1;
    newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of [
    'app',
    'server',
    'styles',
    'public',
    'scripts/build-server.mjs',
    'scripts/server-externals.mjs',
    'scripts/app-version.mjs',
    'vite.config.ts',
    'postcss.config.js',
    'tsconfig.json',
    'package.json',
    'package-lock.json',
  ])
    visit(at(entry));
  let commit = process.env.BUILD_ID ?? '';
  if (!commit) {
    try {
      commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
    } catch {
      commit = '';
    }
  }
  return JSON.stringify({ newest, files, commit });
}

const built = () => fs.existsSync(at('build', 'node', 'index.js')) && fs.existsSync(at('build', 'server', 'index.js'));
const fresh = (fingerprint) => built() && fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8') === fingerprint;

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** The other `npm start` processes serving from this build (their markers, the dead ones removed). */
function othersRunning() {
  if (!fs.existsSync(RUNNING)) return [];
  return fs.readdirSync(RUNNING).filter((name) => {
    const pid = Number(name);
    if (pid !== process.pid && Number.isInteger(pid) && alive(pid)) return true;
    fs.rmSync(path.join(RUNNING, name), { force: true });
    return false;
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One build at a time: a second start waits for the first one's build, then finds it fresh. */
async function withBuildLock(work) {
  let told = false;
  for (;;) {
    try {
      fs.writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      const holder = Number(fs.readFileSync(LOCK, 'utf8'));
      if (!alive(holder)) {
        fs.rmSync(LOCK, { force: true });
        continue;
      }
      if (!told) console.log('Another start is building the portal; waiting for it.');
      told = true;
      await sleep(500);
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(LOCK, { force: true });
  }
}

function build(fingerprint) {
  const started = Date.now();
  console.log('Building the portal (its sources changed since the last build); the output goes to build.log.');
  const log = fs.openSync(LOG, 'w');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  if (result.status !== 0) {
    const lines = fs.readFileSync(LOG, 'utf8').trimEnd().split('\n');
    console.error(`The build failed. The end of build.log:\n${lines.slice(-40).join('\n')}`);
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(STAMP, fingerprint);
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

await withBuildLock(async () => {
  const fingerprint = sourcesFingerprint();
  if (fresh(fingerprint)) {
    console.log('The build is newer than the sources: starting it (npm run build rebuilds).');
    return;
  }
  const others = othersRunning();
  if (others.length && built()) {
    console.log(
      `The sources changed, but another portal runs from this build (process ${others.join(', ')}): starting on the same build. Stop it and start again to take the changes.`,
    );
    return;
  }
  build(fingerprint);
});

fs.mkdirSync(RUNNING, { recursive: true });
const marker = path.join(RUNNING, String(process.pid));
fs.writeFileSync(marker, '');
const server = spawn('sh', [at('scripts', 'serve.sh'), ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  fs.rmSync(marker, { force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
