import fs from 'node:fs';
import path from 'node:path';
import { isRunning, markOf, type ProcessMark } from '../process-liveness';

/** Who holds a data directory. */
type Holder = ProcessMark;

export class DatabaseLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`The database in ${dir} is held by process ${pid}`);
  }
}

const lockFileOf = (dir: string) => path.join(dir, '..', `${path.basename(dir)}.lock`);

function readHolder(file: string): Holder | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    if (Number.isInteger(parsed.pid) && (parsed.pid ?? 0) > 0)
      return { pid: parsed.pid!, startTime: typeof parsed.startTime === 'string' ? parsed.startTime : null };
  } catch {
    // a lock written by an older version holds the bare pid
  }
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? { pid, startTime: null } : { pid: 0, startTime: null };
}

function tryCreate(file: string, holder: Holder): boolean {
  try {
    const fd = fs.openSync(file, 'wx', 0o600);
    fs.writeSync(fd, JSON.stringify(holder));
    fs.closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * PGlite is one connection in one process: a second process on the same directory would corrupt it.
 * The lock is created exclusively; a stale one (its process gone, a zombie, or its id reused) is
 * moved aside under a name of our own and checked again there, so of two processes starting at once
 * only one takes it over. A supervisor's restart right after `kill -9` never needs a retry.
 */
export function holdLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = lockFileOf(dir);
  const me = markOf();
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(file, me)) return () => releaseIfMine(file, me);
    const holder = readHolder(file);
    if (!holder) continue; // released between our two looks
    if (holder.pid === process.pid) {
      fs.writeFileSync(file, JSON.stringify(me), { mode: 0o600 });
      return () => releaseIfMine(file, me);
    }
    if (isRunning(holder)) throw new DatabaseLockedError(dir, holder.pid);
    const aside = `${file}.stale-${process.pid}-${attempt}`;
    try {
      fs.renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const moved = readHolder(aside);
    if (moved && moved.pid !== holder.pid && isRunning(moved)) {
      // Another process took the stale lock over between our look and our move: give it back.
      try {
        fs.linkSync(aside, file);
      } finally {
        fs.rmSync(aside, { force: true });
      }
      throw new DatabaseLockedError(dir, moved.pid);
    }
    fs.rmSync(aside, { force: true });
  }
  throw new DatabaseLockedError(dir, readHolder(file)?.pid ?? 0);
}

function releaseIfMine(file: string, me: Holder) {
  if (readHolder(file)?.pid === me.pid) fs.rmSync(file, { force: true });
}

export function isDatabaseLocked(dir: string): boolean {
  const holder = readHolder(lockFileOf(dir));
  return Boolean(holder && holder.pid !== process.pid && isRunning(holder));
}
