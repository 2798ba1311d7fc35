import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createMarketplace } from '../app';
import { openDatabase, type Database } from '../db/client';
import { loadTenantConfig } from '../tenant-config';
import { jobLeases } from '../db/schema';
import { createJobRunner, type JobOutcome } from './runner';

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(() => database.close());

function runnerWithLog() {
  const outcomes: JobOutcome[] = [];
  const errors: unknown[] = [];
  const runner = createJobRunner({
    db: database.db,
    reportError: (error) => errors.push(error),
    onRun: (_job, outcome) => outcomes.push(outcome),
  });
  return { runner, outcomes, errors };
}

const leaseOf = async (name: string) => (await database.db.select().from(jobLeases).where(eq(jobLeases.name, name)))[0];

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('the job runner', () => {
  it('skips ticks while another holder has the lease, and takes the job over once that lease expires', async () => {
    await database.db
      .insert(jobLeases)
      .values({ name: 'orphaned', holder: 'a replica killed mid-run', lockedUntil: sql`now() + interval '1 second'` });
    const { runner, outcomes } = runnerWithLog();
    const runs: Date[] = [];
    runner.add({ name: 'orphaned', everyMs: 20, run: async () => void runs.push(new Date()) });
    runner.start();
    try {
      await vi.waitFor(() => expect(outcomes).toContain('skipped'), { timeout: 5_000 });
      expect(runs).toHaveLength(0);
      await vi.waitFor(() => expect(runs.length).toBeGreaterThan(0), { timeout: 10_000 });
    } finally {
      await runner.stop();
    }
    expect(outcomes).toContain('ok');
    const lease = await leaseOf('orphaned');
    expect(lease).toMatchObject({ holder: null, lastError: null });
    expect(lease!.lastFinishedAt).not.toBeNull();
  });

  it('runs two runNow calls at the same instant one after the other, never together', async () => {
    const { runner, outcomes } = runnerWithLog();
    let inside = 0;
    let most = 0;
    let runs = 0;
    runner.add({
      name: 'serial',
      everyMs: 60_000,
      run: async () => {
        inside += 1;
        most = Math.max(most, inside);
        await new Promise((resolve) => setTimeout(resolve, 50));
        inside -= 1;
        runs += 1;
      },
    });
    await Promise.all([runner.runNow('serial'), runner.runNow('serial')]);
    expect(runs).toBe(2);
    expect(most).toBe(1);
    expect(outcomes).toEqual(['ok', 'ok']);
  });

  it('records a failure on the lease, tells the observer and frees the job for the next run', async () => {
    const { runner, outcomes } = runnerWithLog();
    let fail = true;
    runner.add({
      name: 'flaky',
      everyMs: 60_000,
      run: async () => {
        if (fail) throw new Error('the mail server is down');
      },
    });
    await expect(runner.runNow('flaky')).rejects.toThrow('the mail server is down');
    expect(await leaseOf('flaky')).toMatchObject({ holder: null, lastError: 'the mail server is down' });
    fail = false;
    await runner.runNow('flaky');
    expect(await leaseOf('flaky')).toMatchObject({ holder: null, lastError: null });
    expect(outcomes).toEqual(['failed', 'ok']);
  });

  it('renews the lease while a run goes on, so a long run is not taken over', async () => {
    const first = runnerWithLog();
    const second = runnerWithLog();
    const release = gate();
    const started = gate();
    let runs = 0;
    const job = {
      name: 'long',
      everyMs: 20,
      leaseMs: 1_500,
      run: async () => {
        runs += 1;
        started.open();
        await release.opened;
      },
    };
    first.runner.add(job);
    second.runner.add(job);
    const running = first.runner.runNow('long');
    await started.opened;
    const taken = (await leaseOf('long'))!.lockedUntil;
    await vi.waitFor(
      async () => expect((await leaseOf('long'))!.lockedUntil.getTime()).toBeGreaterThan(taken.getTime()),
      { timeout: 10_000 },
    );
    second.runner.start();
    await vi.waitFor(() => expect(second.outcomes).toContain('skipped'), { timeout: 5_000 });
    await second.runner.stop();
    release.open();
    await running;
    expect(runs).toBe(1);
    expect(first.errors).toEqual([]);
  });

  it('on PGlite, frees at start the leases a killed process left, so the jobs need not wait for them to expire', async () => {
    await database.db.insert(jobLeases).values({
      name: 'draft-cleanup',
      holder: 'the process killed before this start',
      lockedUntil: sql`now() + interval '1 hour'`,
    });
    const marketplace = await createMarketplace({
      database,
      config: loadTenantConfig(),
      mailer: { send: async () => {} },
    });
    await marketplace.deps.jobs.runNow('draft-cleanup');
    const lease = await leaseOf('draft-cleanup');
    expect(lease).toMatchObject({ holder: null, lastError: null });
    expect(lease!.lastFinishedAt).not.toBeNull();
  });

  it('refuses a job it does not know', async () => {
    await expect(runnerWithLog().runner.runNow('no-such-job')).rejects.toThrow('Unknown job');
  });
});
