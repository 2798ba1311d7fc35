import fs from 'node:fs';
import path from 'node:path';

/** Who holds a data directory: the process id and, on Linux, when that process started. */
interface Holder {
  pid: number;
  /** Field 22 of /proc/{pid}/stat (clock ticks since boot); null where /proc is not there. */
  startTime: string | null;
}

export class DatabaseLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`The database in ${dir} is held by process ${pid}`);
  }
}

const lockFileOf = (dir: string) => path.join(dir, '..', `${path.basename(dir)}.lock`);

function procStat(pid: number): { state: string; startTime: string } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: rest[0], startTime: rest[19] };
  } catch {
    return null;
  }
}

function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function currentHolder(pid = process.pid): Holder {
  return { pid, startTime: procStat(pid)?.startTime ?? null };
}

/**
 * A holder still holds the directory while its process runs. Killed with SIGKILL, a process stays
 * listed as a zombie until its parent reaps it, and its id may later be reused by another
 * process: neither still holds anything.
 */
function holds(holder: Holder): boolean {
  if (!signalable(holder.pid)) return false;
  const stat = procStat(holder.pid);
  if (!stat) return !fs.existsSync('/proc/self/stat');
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return holder.startTime === null || holder.startTime === stat.startTime;
}

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
  const me = currentHolder();
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(file, me)) return () => releaseIfMine(file, me);
    const holder = readHolder(file);
    if (!holder) continue; // released between our two looks
    if (holder.pid === process.pid) {
      fs.writeFileSync(file, JSON.stringify(me), { mode: 0o600 });
      return () => releaseIfMine(file, me);
    }
    if (holds(holder)) throw new DatabaseLockedError(dir, holder.pid);
    const aside = `${file}.stale-${process.pid}-${attempt}`;
    try {
      fs.renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const moved = readHolder(aside);
    if (moved && moved.pid !== holder.pid && holds(moved)) {
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
  return Boolean(holder && holder.pid !== process.pid && holds(holder));
}
