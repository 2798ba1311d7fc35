import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { participants, tenantSettings } from '../../db/schema';
import { keptPerDatabase } from './kept-until-changed';

const settingValue = keptPerDatabase([tenantSettings], async (db, key: string) => {
  const [row] = await db
    .select({ value: tenantSettings.value })
    .from(tenantSettings)
    .where(eq(tenantSettings.key, key));
  return row?.value;
});

/** A tenant setting, kept until the settings change; the value is shared, so callers must not change it. */
export async function readSetting<T = unknown>(db: Db, key: string): Promise<T | undefined> {
  return (await settingValue(db, key)) as T | undefined;
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

const ownParticipant = keptPerDatabase([participants], async (db, _own: 'own') => {
  const [own] = await db.select({ id: participants.id }).from(participants).where(eq(participants.isOwn, true));
  return own?.id;
});

export function ownParticipantId(db: Db): Promise<string | undefined> {
  return ownParticipant(db, 'own');
}
