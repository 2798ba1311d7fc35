import { guardRow, moneyNumFmt } from '../shared/sheet-cells';
import { workbookBuffer } from '../shared/sheet-writer';
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import type { MarketplaceDeps } from '../../context';
import { createTranslator, type Translate } from '../../i18n';
import type { Executor } from '../offers/offers';
import type { AppliedStockChange } from './stock-changes';
import { dailyReportDeliveries, stockEvents, stockItems, userAuthorities, users, warehouses } from '../../db/schema';
import { wordsIn } from '../texts/texts';

const DAY_MS = 24 * 3600_000;

export interface ReportRow {
  itemNumber: string;
  description: string;
  warehouse: string;
  category: string;
  grade: string;
  quantityAvailable: number;
  listPrice: number | null;
  previousPrice: number | null;
  change: 'New availability' | 'Price drop' | 'New availability and price drop';
}

type EventLike = AppliedStockChange;

/**
 * What changed for buyers in a window of stock events, per item: more units than before (new
 * availability, back in stock included) and a list price lower than before. Events are in time order.
 */
export function reportChanges(events: EventLike[]) {
  const byItem = new Map<string, { first: EventLike; last: EventLike }>();
  for (const event of events) {
    const key = `${event.participantId}|${event.itemNumberWarehouse}`;
    const seen = byItem.get(key);
    if (seen) seen.last = event;
    else byItem.set(key, { first: event, last: event });
  }
  const changes: {
    participantId: string;
    itemNumberWarehouse: string;
    more: boolean;
    cheaper: boolean;
    previousPrice: number | null;
  }[] = [];
  for (const { first, last } of byItem.values()) {
    const more = last.quantityAfter > first.quantityBefore && last.quantityAfter > 0;
    const cheaper =
      first.priceBefore !== null &&
      last.priceAfter !== null &&
      last.priceAfter < first.priceBefore &&
      last.quantityAfter > 0;
    if (more || cheaper)
      changes.push({
        participantId: first.participantId,
        itemNumberWarehouse: first.itemNumberWarehouse,
        more,
        cheaper,
        previousPrice: cheaper ? first.priceBefore : null,
      });
  }
  return changes;
}

const CHANGE_TEXT = {
  'New availability': 'mail.report.change.more',
  'Price drop': 'mail.report.change.cheaper',
  'New availability and price drop': 'mail.report.change.both',
} as const satisfies Record<ReportRow['change'], string>;

const englishText = () => createTranslator({ language: 'en', labels: {} }).t;

/** The daily spreadsheet: one row per item that became available or cheaper, in the tenant's language. */
export async function reportWorkbook(
  rows: ReportRow[],
  config: { tenantName: string; currencySymbol: string; currencyPrecision: number; language?: string },
  t: Translate = englishText(),
): Promise<Buffer> {
  const money = moneyNumFmt(config);
  return workbookBuffer(config.tenantName, (workbook) => {
    const sheet = workbook.addWorksheet(t('mail.report.sheet'), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = [
      { header: t('sheet.column.itemNumber'), key: 'itemNumber', width: 28 },
      { header: t('sheet.column.description'), key: 'description', width: 48 },
      { header: t('sheet.column.warehouse'), key: 'warehouse', width: 16 },
      { header: t('sheet.column.category'), key: 'category', width: 14 },
      { header: t('sheet.column.grade'), key: 'grade', width: 10 },
      { header: t('sheet.column.quantityAvailable'), key: 'quantityAvailable', width: 18 },
      { header: t('sheet.column.listPrice'), key: 'listPrice', width: 14, style: { numFmt: money } },
      { header: t('sheet.column.previousPrice'), key: 'previousPrice', width: 14, style: { numFmt: money } },
      { header: t('sheet.column.change'), key: 'change', width: 30 },
    ];
    sheet.getRow(1).font = { bold: true };
    for (const row of rows) guardRow(sheet.addRow({ ...row, change: t(CHANGE_TEXT[row.change]) }));
  });
}

/**
 * Sends each subscriber (a buyer user with CAN_SUBSCRIBE_DAILY_REPORT who subscribed) the changes
 * since their last report, or of the last day. A day with nothing new sends no e-mail but still
 * moves the window on. One subscriber's failure does not stop the others.
 */
export function createDailyReport({
  db,
  mailer,
  config,
  reportError,
  t,
}: Pick<MarketplaceDeps, 'db' | 'mailer' | 'config' | 'reportError' | 't'>) {
  async function subscribers() {
    return db
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .innerJoin(
        userAuthorities,
        and(eq(userAuthorities.userId, users.id), eq(userAuthorities.authority, 'CAN_SUBSCRIBE_DAILY_REPORT')),
      )
      .where(and(eq(users.stockReportNotification, true), eq(users.isBuyer, true)))
      .orderBy(asc(users.id));
  }

  async function rowsSince(since: Date, until: Date): Promise<ReportRow[]> {
    const events = await db
      .select()
      .from(stockEvents)
      .where(and(gt(stockEvents.at, since), lte(stockEvents.at, until)))
      .orderBy(asc(stockEvents.at), asc(stockEvents.id));
    const rows: ReportRow[] = [];
    const words = await wordsIn(db, config.language);
    for (const change of reportChanges(events)) {
      const [item] = await db
        .select({ item: stockItems, warehouseLabel: warehouses.label })
        .from(stockItems)
        .innerJoin(warehouses, eq(warehouses.code, stockItems.warehouseCode))
        .where(
          and(
            eq(stockItems.participantId, change.participantId),
            eq(stockItems.itemNumberWarehouse, change.itemNumberWarehouse),
          ),
        );
      if (!item) continue;
      rows.push({
        itemNumber: item.item.itemNumber,
        description: item.item.skuDescription,
        warehouse: words('warehouse', item.item.warehouseCode, 'label', item.warehouseLabel),
        category: item.item.category,
        grade: item.item.grade,
        quantityAvailable: item.item.quantityAvailable,
        listPrice: item.item.listPrice,
        previousPrice: change.previousPrice,
        change:
          change.more && change.cheaper
            ? 'New availability and price drop'
            : change.more
              ? 'New availability'
              : 'Price drop',
      });
    }
    return rows;
  }

  /** The subscriber's last report (the start of the next one's window), if any. */
  async function lastDelivery(q: Executor, userId: number) {
    const [last] = await q
      .select({ id: dailyReportDeliveries.id, sentAt: dailyReportDeliveries.sentAt })
      .from(dailyReportDeliveries)
      .where(eq(dailyReportDeliveries.userId, userId))
      .orderBy(desc(dailyReportDeliveries.sentAt), desc(dailyReportDeliveries.id))
      .limit(1);
    return last;
  }

  /**
   * Records the subscriber's report before it is sent, unless another run (another replica at the
   * same instant) recorded one since `after` was read: the user's row lock makes the two take turns,
   * and the second finds its window gone. So a report goes out at most once; one whose sending
   * fails is un-recorded for the next run, and a process killed between the two loses that report.
   */
  async function claimWindow(
    userId: number,
    after: number | undefined,
    delivery: { sentAt: Date; coveredFrom: Date; rows: number },
  ) {
    return db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
      if ((await lastDelivery(tx, userId))?.id !== after) return undefined;
      const [claimed] = await tx
        .insert(dailyReportDeliveries)
        .values({ userId, ...delivery })
        .returning({ id: dailyReportDeliveries.id });
      return claimed;
    });
  }

  return {
    rowsSince,

    /**
     * Runs the report for every subscriber now; answers what was sent. `oncePerDay` (the daily job)
     * passes over subscribers who already had a report on now's UTC day.
     */
    async sendAll(now = new Date(), { oncePerDay = false }: { oncePerDay?: boolean } = {}) {
      const summary = { subscribers: 0, sent: 0, rows: 0, skipped: 0 };
      const day = now.toISOString().slice(0, 10);
      for (const user of await subscribers()) {
        summary.subscribers += 1;
        try {
          const last = await lastDelivery(db, user.id);
          if (oncePerDay && last?.sentAt.toISOString().slice(0, 10) === day) {
            summary.skipped += 1;
            continue;
          }
          const since = last?.sentAt ?? new Date(now.getTime() - DAY_MS);
          const rows = await rowsSince(since, now);
          const claimed = await claimWindow(user.id, last?.id, { sentAt: now, coveredFrom: since, rows: rows.length });
          if (!claimed || !rows.length) {
            summary.skipped += 1;
            continue;
          }
          try {
            await mailer.send({
              to: user.email,
              subject: t('mail.report.subject', { tenantName: config.tenantName, day }),
              text: [
                t('mail.greeting', { firstName: user.firstName }),
                '',
                t('mail.report.attached', { count: rows.length }),
                '',
                t('mail.report.why', { siteTitle: config.siteTitle }),
              ].join('\n'),
              attachments: [
                {
                  filename: t('mail.report.fileName', { day }),
                  content: await reportWorkbook(rows, config, t),
                  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
                },
              ],
            });
          } catch (error) {
            await db.delete(dailyReportDeliveries).where(eq(dailyReportDeliveries.id, claimed.id));
            throw error;
          }
          summary.sent += 1;
          summary.rows += rows.length;
        } catch (error) {
          reportError(error, `daily report for user ${user.id}`);
        }
      }
      return summary;
    },
  };
}

export type DailyReport = ReturnType<typeof createDailyReport>;
