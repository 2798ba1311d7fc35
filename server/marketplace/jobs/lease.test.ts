import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { jobLeases } from '../db/schema';
import { markOf, processSpace } from '../process-liveness';
import { jobLeaseTable, leaseHolder } from './lease';

let database: Database;
const children: ChildProcess[] = [];
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await database.close();
});

/** A process of this machine that runs until killed. */
async function aProcess() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await once(child, 'spawn');
  return { child, mark: markOf(child.pid!) };
}

/** A process of this machine that was killed: its mark names no running process. */
async function aKilledProcess() {
  const { child, mark } = await aProcess();
  child.kill('SIGKILL');
  await once(child, 'exit');
  return mark;
}

/** A lease held for an hour yet by `holder`, as a replica killed mid-run leaves it. */
async function heldBy(name: string, holder: string) {
  await database.db
    .insert(jobLeases)
    .values({ name, holder, lockedUntil: sql`now() + interval '1 hour'` })
    .onConflictDoUpdate({ target: jobLeases.name, set: { holder, lockedUntil: sql`now() + interval '1 hour'` } });
}

const holderOf = async (name: string) =>
  (await database.db.select().from(jobLeases).where(eq(jobLeases.name, name)))[0]?.holder;

describe('a job lease', () => {
  it.runIf(processSpace())(
    'whose holder on this machine was killed is taken over at once, not when it expires',
    async () => {
      await heldBy('killed', leaseHolder(await aKilledProcess()));
      const lease = await jobLeaseTable(database.db).take('killed', 60_000);
      expect(lease).not.toBeNull();
      expect(await holderOf('killed')).toMatch(
        new RegExp(`^${leaseHolder(markOf(), processSpace(), '')}[0-9a-f-]{36}$`),
      );
      await lease!.release();
      expect(await holderOf('killed')).toBeNull();
    },
  );

  it.runIf(processSpace())(
    'is left to its holder while that process runs, or when its id now names another process',
    async () => {
      const { mark } = await aProcess();
      await heldBy('running', leaseHolder(mark));
      expect(await jobLeaseTable(database.db).take('running', 60_000)).toBeNull();
      // The same id, started at another time: the id was reused, the holder is gone.
      await heldBy('reused', leaseHolder({ pid: mark.pid, startTime: String(Number(mark.startTime) - 1) }));
      expect(await jobLeaseTable(database.db).take('reused', 60_000)).not.toBeNull();
    },
  );

  it('of a holder elsewhere (another machine or container), or written without where it ran, waits for expiry', async () => {
    const mark = await aKilledProcess();
    await heldBy('elsewhere', leaseHolder(mark, 'another-boot/4026531836'));
    await heldBy('unplaced', leaseHolder(mark, null));
    await heldBy('old', `a-host:${mark.pid}:${crypto.randomUUID()}`);
    const leases = jobLeaseTable(database.db);
    expect(await leases.take('elsewhere', 60_000)).toBeNull();
    expect(await leases.take('unplaced', 60_000)).toBeNull();
    expect(await leases.take('old', 60_000)).toBeNull();
  });

  it.runIf(processSpace())('of a killed holder goes to one of two processes taking it at once', async () => {
    await heldBy('contended', leaseHolder(await aKilledProcess()));
    const taken = await Promise.all([
      jobLeaseTable(database.db).take('contended', 60_000),
      jobLeaseTable(database.db).take('contended', 60_000),
    ]);
    expect(taken.filter(Boolean)).toHaveLength(1);
  });
});
