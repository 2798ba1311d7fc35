import { and, asc, eq, isNull, ne, or } from 'drizzle-orm';
import { filteredItems, type StockItem } from '../../../../app/domain/stock/engine';
import { formatMoney, tenantMoneyFormat } from '../../../../app/domain/money';
import {
  matchChanges,
  MAX_SAVED_SEARCHES,
  parseSeen,
  sameName,
  savedQueryOf,
  savedSearchPath,
  seenOf,
  type MatchChanges,
} from '../../../../app/domain/stock/saved-search';
import type { MarketplaceDeps } from '../../context';
import { participants, savedSearches, users } from '../../db/schema';
import { ApiError, notFound } from '../../errors';

export interface SavedSearchView {
  id: number;
  name: string;
  query: string;
  participantId: string;
  alerts: boolean;
  createdAt: string;
}

type Row = typeof savedSearches.$inferSelect;

const view = (row: Row): SavedSearchView => ({
  id: row.id,
  name: row.name,
  query: row.query,
  participantId: row.participantId,
  alerts: row.alerts,
  createdAt: row.createdAt.toISOString(),
});

export const nameTaken = () =>
  new ApiError(409, 'savedSearchNameTaken', 'You already have a saved search with this name');
export const tooManySavedSearches = () =>
  new ApiError(422, 'savedSearchLimit', `You can keep at most ${MAX_SAVED_SEARCHES} saved searches`, {
    max: MAX_SAVED_SEARCHES,
  });

/** Items listed in an alert e-mail per saved search and kind (new, cheaper); the rest are counted. */
const MAIL_ITEMS = 10;

/**
 * Saved searches (issue 37), each the user's own: no call reaches another user's (it is not found).
 * With alerts on, the daily run compares each search's matches with what the run before saw and
 * e-mails the user the new matches and lower prices, once a day.
 */
export function createSavedSearches(
  {
    db,
    stock,
    mailer,
    config,
    t,
    reportError,
  }: Pick<MarketplaceDeps, 'db' | 'stock' | 'mailer' | 'config' | 't' | 'reportError'>,
  options: { publicUrl?: string } = {},
) {
  const money = (amount: number) => formatMoney(amount, tenantMoneyFormat(config));

  /** The items a saved query lets through now, on its participant's stock (every page). */
  async function matchesOf(participantId: string, query: string): Promise<StockItem[]> {
    const asked = savedQueryOf(query);
    const [settings, snapshot] = await Promise.all([stock.settings(participantId), stock.snapshot(participantId)]);
    if (!settings) return [];
    const group = await stock.warehouseGroup(participantId, asked.warehouseGroup);
    if (!group) return [];
    const items = group.warehouseCodes.flatMap((code) => snapshot.byWarehouse.get(code) ?? []);
    return filteredItems(items, settings, { ...asked, warehouseGroup: group.id });
  }

  async function own(userId: number, id: number): Promise<Row> {
    const [row] = await db
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
    if (!row) throw notFound('Saved search');
    return row;
  }

  return {
    matchesOf,

    async list(userId: number): Promise<SavedSearchView[]> {
      const rows = await db
        .select()
        .from(savedSearches)
        .where(eq(savedSearches.userId, userId))
        .orderBy(asc(savedSearches.id));
      return rows.map(view);
    },

    async get(userId: number, id: number): Promise<SavedSearchView> {
      return view(await own(userId, id));
    },

    /** Saves a search; its matches now are the baseline its first alert run compares with. */
    async create(
      userId: number,
      participantId: string,
      input: { name: string; query: string; alerts: boolean },
    ): Promise<SavedSearchView> {
      const [participant] = await db
        .select({ id: participants.id })
        .from(participants)
        .where(eq(participants.id, participantId));
      if (!participant) throw notFound('Participant');
      const seen = seenOf(await matchesOf(participantId, input.query));
      return db.transaction(async (tx) => {
        // The user's row lock makes two saves of one user take turns, so the count and the names hold.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
        const mine = await tx
          .select({ name: savedSearches.name })
          .from(savedSearches)
          .where(eq(savedSearches.userId, userId));
        if (mine.some((s) => sameName(s.name, input.name))) throw nameTaken();
        if (mine.length >= MAX_SAVED_SEARCHES) throw tooManySavedSearches();
        const [row] = await tx
          .insert(savedSearches)
          .values({ userId, participantId, name: input.name, query: input.query, alerts: input.alerts, seen })
          .returning();
        return view(row!);
      });
    },

    /** Renames a search or turns its alerts on or off; turning them on starts from its matches now. */
    async update(userId: number, id: number, change: { name?: string; alerts?: boolean }): Promise<SavedSearchView> {
      const before = await own(userId, id);
      const rebaseline = change.alerts === true && !before.alerts;
      const seen = rebaseline ? seenOf(await matchesOf(before.participantId, before.query)) : undefined;
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
        if (change.name !== undefined) {
          const others = await tx
            .select({ name: savedSearches.name })
            .from(savedSearches)
            .where(and(eq(savedSearches.userId, userId), ne(savedSearches.id, id)));
          if (others.some((s) => sameName(s.name, change.name!))) throw nameTaken();
        }
        const [row] = await tx
          .update(savedSearches)
          .set({
            ...(change.name !== undefined ? { name: change.name } : {}),
            ...(change.alerts !== undefined ? { alerts: change.alerts } : {}),
            ...(seen ? { seen, checkedOn: null } : {}),
          })
          .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
          .returning();
        if (!row) throw notFound('Saved search');
        return view(row);
      });
    },

    async remove(userId: number, id: number): Promise<void> {
      const removed = await db
        .delete(savedSearches)
        .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
        .returning({ id: savedSearches.id });
      if (!removed.length) throw notFound('Saved search');
    },

    /**
     * The daily alert run: every saved search with alerts on not yet handled on now's UTC day is
     * compared with what the run before saw; each user with new matches or lower prices gets one
     * e-mail for all of them. A search is claimed (its new baseline and day written, only if no
     * other run wrote them since it was read) before the e-mail goes; a failed e-mail is un-claimed
     * for the next run. A day with nothing new moves the baseline on and sends nothing.
     */
    async sendAlerts(now = new Date()) {
      const day = now.toISOString().slice(0, 10);
      const summary = { searches: 0, users: 0, sent: 0 };
      const due = await db
        .select()
        .from(savedSearches)
        .where(
          and(eq(savedSearches.alerts, true), or(isNull(savedSearches.checkedOn), ne(savedSearches.checkedOn, day))),
        )
        .orderBy(asc(savedSearches.userId), asc(savedSearches.id));
      const byUser = new Map<number, Row[]>();
      for (const row of due) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
      for (const [userId, rows] of byUser) {
        summary.users += 1;
        try {
          const changes = new Map<number, MatchChanges>();
          for (const row of rows)
            changes.set(row.id, matchChanges(parseSeen(row.seen), await matchesOf(row.participantId, row.query)));
          const claimed = await db.transaction(async (tx) => {
            const ids: number[] = [];
            for (const row of rows) {
              const [done] = await tx
                .update(savedSearches)
                .set({ seen: changes.get(row.id)!.seen, checkedOn: day })
                .where(
                  and(
                    eq(savedSearches.id, row.id),
                    eq(savedSearches.alerts, true),
                    row.checkedOn === null
                      ? isNull(savedSearches.checkedOn)
                      : eq(savedSearches.checkedOn, row.checkedOn),
                  ),
                )
                .returning({ id: savedSearches.id });
              if (done) ids.push(done.id);
            }
            return ids;
          });
          summary.searches += claimed.length;
          const news = rows.filter(
            (row) =>
              claimed.includes(row.id) && (changes.get(row.id)!.added.length || changes.get(row.id)!.cheaper.length),
          );
          if (!news.length) continue;
          const [user] = await db
            .select({ email: users.email, firstName: users.firstName })
            .from(users)
            .where(eq(users.id, userId));
          if (!user) continue;
          try {
            await mailer.send({
              to: user.email,
              subject: t('mail.savedSearch.subject', { tenantName: config.tenantName, day }),
              text: mailText(user.firstName, news, changes),
            });
          } catch (error) {
            // Back to what the run before saw, for the next run to send.
            await db.transaction(async (tx) => {
              for (const row of news)
                await tx
                  .update(savedSearches)
                  .set({ seen: row.seen, checkedOn: row.checkedOn })
                  .where(and(eq(savedSearches.id, row.id), eq(savedSearches.checkedOn, day)));
            });
            throw error;
          }
          summary.sent += 1;
        } catch (error) {
          reportError(error, `saved search alerts for user ${userId}`);
        }
      }
      return summary;
    },
  };

  function link(query: string): string {
    const path = savedSearchPath(query);
    return options.publicUrl ? new URL(path, options.publicUrl).href : path;
  }

  function mailText(firstName: string, rows: Row[], changes: Map<number, MatchChanges>): string {
    const lines = [
      t('mail.greeting', { firstName }),
      '',
      t('mail.savedSearch.intro', { siteTitle: config.siteTitle }),
      '',
    ];
    for (const row of rows) {
      const { added, cheaper } = changes.get(row.id)!;
      lines.push(t('mail.savedSearch.search', { name: row.name, added: added.length, cheaper: cheaper.length }));
      for (const item of added.slice(0, MAIL_ITEMS)) {
        lines.push(
          `- ${t('mail.savedSearch.added', { item: item.skuDescription, itemNumber: item.itemNumber, quantity: item.quantityAvailable, price: item.listPrice === null ? '' : money(item.listPrice) })}`,
        );
      }
      if (added.length > MAIL_ITEMS)
        lines.push(`- ${t('mail.savedSearch.more', { count: added.length - MAIL_ITEMS })}`);
      for (const { item, previousPrice } of cheaper.slice(0, MAIL_ITEMS)) {
        lines.push(
          `- ${t('mail.savedSearch.cheaper', { item: item.skuDescription, itemNumber: item.itemNumber, price: money(item.listPrice!), previous: money(previousPrice) })}`,
        );
      }
      if (cheaper.length > MAIL_ITEMS)
        lines.push(`- ${t('mail.savedSearch.more', { count: cheaper.length - MAIL_ITEMS })}`);
      lines.push(t('mail.savedSearch.open', { link: link(row.query) }), '');
    }
    lines.push(t('mail.savedSearch.why', { siteTitle: config.siteTitle }));
    return lines.join('\n');
  }
}

export type SavedSearches = ReturnType<typeof createSavedSearches>;
