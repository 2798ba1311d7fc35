import type { Db } from '../db/client';
import { jobLeaseTable, type Lease } from './lease';

/** A background task of the marketplace: offer expiry and automatic review, the daily report. */
export interface Job {
  name: string;
  everyMs: number;
  /**
   * How long a run may go without renewing its lease before another replica may take the job over
   * (a run renews it every third of this). Longer than any pause of a live process; a replica
   * killed mid-run delays the job by at most this.
   */
  leaseMs?: number;
  run(now: Date): Promise<void>;
}

/** ok: it ran; failed: it threw; skipped: another run (here or on another replica) held the job. */
export type JobOutcome = 'ok' | 'failed' | 'skipped';

export interface JobRunnerOptions {
  db: Db;
  reportError: (error: unknown, job: string) => void;
  /** Told about every run and every skipped tick (metrics). */
  onRun?: (job: string, outcome: JobOutcome, ms: number) => void;
}

const DEFAULT_LEASE_MS = 2 * 60_000;
/** How often `runNow` asks again for a lease another run holds. */
const RETRY_MS = 100;

export class JobBusyError extends Error {}

/**
 * Runs each job on its interval, only under the job's lease (./lease), so that of several replicas
 * on one database one at a time runs it; a tick that finds the job held is skipped. stop() waits for
 * running ones.
 */
export function createJobRunner({ db, reportError, onRun }: JobRunnerOptions) {
  const jobs: Job[] = [];
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  const leases = jobLeaseTable(db);
  const leaseMsOf = (job: Job) => job.leaseMs ?? DEFAULT_LEASE_MS;

  async function runHolding(job: Job, lease: Lease, now: Date): Promise<void> {
    const started = performance.now();
    const heartbeat = setInterval(
      () => {
        lease.renew().then(
          (held) => held || reportError(new Error(`lost the lease of job ${job.name} while running it`), job.name),
          (error: unknown) => reportError(error, job.name),
        );
      },
      leaseMsOf(job) / 3,
    );
    heartbeat.unref();
    let failure: unknown;
    try {
      await job.run(now);
    } catch (error) {
      failure = error ?? new Error('job failed');
      throw error;
    } finally {
      clearInterval(heartbeat);
      onRun?.(job.name, failure === undefined ? 'ok' : 'failed', performance.now() - started);
      await lease.release(failure);
    }
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    running.add(promise);
    void promise.finally(() => running.delete(promise)).catch(() => {});
    return promise;
  }

  function jobNamed(name: string): Job {
    const job = jobs.find((j) => j.name === name);
    if (!job) throw new Error(`Unknown job ${name}`);
    return job;
  }

  return {
    /**
     * Frees the leases a killed process left. Only where one process opens the database (PGlite,
     * by its directory lock): there, any lease found at start is left over, and waiting for it to
     * expire would only hold the jobs (and a `jobs run`) back.
     */
    freeLeftLeases: () => leases.freeAll(),
    add(job: Job) {
      jobs.push(job);
    },
    start() {
      for (const job of jobs) {
        let busy = false;
        const tick = () => {
          if (busy) return;
          busy = true;
          const attempt = async () => {
            const lease = await leases.take(job.name, leaseMsOf(job));
            if (lease) await runHolding(job, lease, new Date());
            else onRun?.(job.name, 'skipped', 0);
          };
          void track(attempt())
            .catch((error: unknown) => reportError(error, job.name))
            .finally(() => {
              busy = false;
            });
        };
        const timer = setInterval(tick, job.everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.allSettled(running);
    },
    /**
     * Runs one job now, by name (CLI, admin API and tests), under its lease like a tick: when another
     * run holds it (here or on another replica), waits for that run to end or its lease to expire,
     * then runs, so the jobs see each other's work.
     */
    async runNow(name: string, now = new Date()) {
      const job = jobNamed(name);
      const deadline = Date.now() + 2 * leaseMsOf(job);
      for (;;) {
        const lease = await leases.take(job.name, leaseMsOf(job));
        if (lease) return track(runHolding(job, lease, now));
        if (Date.now() > deadline) throw new JobBusyError(`Job ${name} stayed held by another run`);
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
