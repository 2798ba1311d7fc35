import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { participants, tenantSettings } from '../db/schema';

export async function readSetting<T = unknown>(db: Db, key: string): Promise<T | undefined> {
  const [row] = await db.select().from(tenantSettings).where(eq(tenantSettings.key, key));
  return row?.value as T | undefined;
}

export async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(tenantSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: tenantSettings.key, set: { value } });
}

/**
 * The setting's value, set to `make()` by whoever asks first: replicas starting together all get the
 * value the first one wrote (a read-then-write would let each keep its own).
 */
export async function settingOnce<T>(db: Db, key: string, make: () => T): Promise<T> {
  await db.insert(tenantSettings).values({ key, value: make() }).onConflictDoNothing({ target: tenantSettings.key });
  return (await readSetting<T>(db, key)) as T;
}

export const stocklistSettingsKey = (participantId: string) => `stocklist-settings:${participantId}`;

export async function ownParticipantId(db: Db): Promise<string | undefined> {
  const [own] = await db.select().from(participants).where(eq(participants.isOwn, true));
  return own?.id;
}
