import fs from 'node:fs';

/** A process as another process on the same machine can recognise it: its id and, on Linux, when it started. */
export interface ProcessMark {
  pid: number;
  /** Field 22 of /proc/{pid}/stat (clock ticks since boot); null where /proc is not there. */
  startTime: string | null;
}

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

export function markOf(pid = process.pid): ProcessMark {
  return { pid, startTime: procStat(pid)?.startTime ?? null };
}

/**
 * Whether a process still runs. Killed with SIGKILL, a process stays listed as a zombie until its
 * parent reaps it, and its id may later be reused by another process: neither is it any more.
 */
export function isRunning(mark: ProcessMark): boolean {
  if (!signalable(mark.pid)) return false;
  const stat = procStat(mark.pid);
  if (!stat) return !fs.existsSync('/proc/self/stat');
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return mark.startTime === null || mark.startTime === stat.startTime;
}

let space: string | null | undefined;

/**
 * Where a process id names the same process as here: this boot of this machine and this PID
 * namespace (a container has its own, and may share the host's name). Null where Linux's /proc does
 * not say, and then no process elsewhere can be judged from here.
 */
export function processSpace(): string | null {
  if (space !== undefined) return space;
  try {
    const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const namespace = /\d+/.exec(fs.readlinkSync('/proc/self/ns/pid'))?.[0];
    space = boot && namespace ? `${boot}/${namespace}` : null;
  } catch {
    space = null;
  }
  return space;
}
