/** A background task of the marketplace: offer expiry and automatic review, the daily report. */
export interface Job {
  name: string;
  everyMs: number;
  run(now: Date): Promise<void>;
}

/** Runs each job on its interval, never twice at once; stop() waits for running ones. */
export function createJobRunner(reportError: (error: unknown, job: string) => void) {
  const jobs: Job[] = [];
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();

  return {
    add(job: Job) {
      jobs.push(job);
    },
    start() {
      for (const job of jobs) {
        let busy = false;
        const tick = () => {
          if (busy) return;
          busy = true;
          const run = job
            .run(new Date())
            .catch((error: unknown) => reportError(error, job.name))
            .finally(() => {
              busy = false;
              running.delete(run);
            });
          running.add(run);
        };
        const timer = setInterval(tick, job.everyMs);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.all(running);
    },
    /** Runs one job now, by name (CLI and tests). */
    async runNow(name: string, now = new Date()) {
      const job = jobs.find((j) => j.name === name);
      if (!job) throw new Error(`Unknown job ${name}`);
      await job.run(now);
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
