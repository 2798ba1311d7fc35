import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { markOf } from '../process-liveness';
import { DatabaseLockedError, holdLock, isDatabaseLocked } from './dir-lock';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function dataDir() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dir-lock-'));
  return { dir: path.join(root, 'pglite'), lockFile: path.join(root, 'pglite.lock') };
}

function sleeper(): ChildProcess {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

/** A process that is killed and never reaped: `sh` starts it, then becomes `sleep`, which never waits. */
async function zombie(): Promise<number> {
  const parent = spawn('sh', ['-c', 'sleep 30 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(parent);
  const pid = await new Promise<number>((resolve) =>
    parent.stdout!.once('data', (chunk) => resolve(Number(String(chunk).trim()))),
  );
  process.kill(pid, 'SIGKILL');
  for (let i = 0; i < 50 && !processState(pid)?.includes(') Z'); i++) await new Promise((r) => setTimeout(r, 20));
  return pid;
}

/** The process's /proc line, or undefined once it is reaped (a subreaper may reap it despite `exec`). */
function processState(pid: number): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
}

describe('the data directory lock', () => {
  it('is taken, refused to a live holder, and released', () => {
    const { dir, lockFile } = dataDir();
    const release = holdLock(dir);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8'))).toEqual(markOf());
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('is refused while another live process holds it', () => {
    const { dir, lockFile } = dataDir();
    const other = sleeper();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(lockFile, JSON.stringify(markOf(other.pid!)));
    expect(() => holdLock(dir)).toThrow(DatabaseLockedError);
    expect(isDatabaseLocked(dir)).toBe(true);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(other.pid);
  });

  it('is taken over from a process that is gone', async () => {
    const { dir, lockFile } = dataDir();
    const other = sleeper();
    const holder = markOf(other.pid!);
    other.kill('SIGKILL');
    await new Promise((r) => other.once('exit', r));
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(lockFile, JSON.stringify(holder));
    expect(isDatabaseLocked(dir)).toBe(false);
    holdLock(dir)();
  });

  it('is taken over from a killed process still listed as a zombie (restart right after kill -9)', async () => {
    const { dir, lockFile } = dataDir();
    const pid = await zombie();
    // Some CI machines reap it at once (a subreaper); the lock must then be taken over from a gone process.
    const state = processState(pid);
    if (state) expect(state).toContain(') Z');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(lockFile, JSON.stringify({ pid, startTime: null }));
    expect(isDatabaseLocked(dir)).toBe(false);
    holdLock(dir)();
  });

  it('is taken over when the recorded process id now belongs to a process started later', () => {
    const { dir, lockFile } = dataDir();
    const other = sleeper();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(lockFile, JSON.stringify({ pid: other.pid, startTime: '1' }));
    expect(isDatabaseLocked(dir)).toBe(false);
    const release = holdLock(dir);
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('reads the bare pid an older version wrote', () => {
    const { dir, lockFile } = dataDir();
    const other = sleeper();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(lockFile, String(other.pid));
    expect(() => holdLock(dir)).toThrow(DatabaseLockedError);
  });
});
