import { and, eq, inArray } from 'drizzle-orm';
import { applyAlertQuantityRules } from '../../../../app/domain/stock/alert-quantity';
import type { MarketplaceDeps, SignedInUser } from '../../context';
import { changeFeedOf } from '../../db/change-feed';
import { stockAlerts, stockItems, users, warehouses } from '../../db/schema';
import { notFound } from '../../errors';
import { requireBuyerWith } from '../identity/buyer-guard';
import { keptUntilChanged } from '../shared/kept-until-changed';
import type { AppliedStockChange } from './stock-changes';
import { wordsIn, type Words } from '../texts/texts';

/** The alert as the tenant API answers it (spec 1 §3): keyed by itemNumberWarehouse. */
export interface AlertView {
  itemNumberWarehouse: string;
  quantity: number;
  description: string;
  incrementSize: number;
  itemNumber: string;
  warehouseLabel: string;
}

const MAX_ALERT_QUANTITY = 10_000_000;

/** What an alert shows of its item: the description, SKU and warehouse, and the increment its quantity keeps to. */
const ITEM_FIELDS = {
  description: stockItems.skuDescription,
  incrementSize: stockItems.incrementSize,
  itemNumber: stockItems.itemNumber,
  warehouseLabel: warehouses.label,
  warehouseCode: stockItems.warehouseCode,
};

/** An alert's item as buyers read it: its warehouse in their language. */
const shownItem = (
  {
    warehouseCode,
    warehouseLabel,
    ...item
  }: { warehouseCode: string; warehouseLabel: string; description: string; incrementSize: number; itemNumber: string },
  words: Words,
) => ({
  warehouseLabel: words('warehouse', warehouseCode, 'label', warehouseLabel),
  ...item,
});

/**
 * Buyers' stock alerts ("Alert me when you add N units") and the e-mail the seller's stock
 * additions trigger: an alert fires once the available quantity has grown by N since it was set
 * or last sent.
 */
export function createAlertService({ db, mailer, config, t }: Pick<MarketplaceDeps, 'db' | 'mailer' | 'config' | 't'>) {
  const buyerOf = (user: SignedInUser) =>
    requireBuyerWith(
      db,
      user,
      'CAN_SET_STOCKLIST_ALERT',
      { messageCode: 'cannotSetAlerts', message: 'Stock alerts are not enabled for this user' },
      { messageCode: 'sellerCannotSetAlerts', message: 'A selling participant cannot set stock alerts' },
    );

  async function item(participantId: string, itemNumberWarehouse: string) {
    const [row] = await db
      .select({ ...ITEM_FIELDS, quantityAvailable: stockItems.quantityAvailable })
      .from(stockItems)
      .innerJoin(warehouses, eq(warehouses.code, stockItems.warehouseCode))
      .where(and(eq(stockItems.participantId, participantId), eq(stockItems.itemNumberWarehouse, itemNumberWarehouse)));
    if (!row) throw notFound('Stock item');
    return row;
  }

  // The stock list asks for each participant's alerts on every page: kept until alerts or stock change.
  const alertsOf = keptUntilChanged(
    changeFeedOf(db),
    [stockAlerts, stockItems, warehouses],
    ({ buyerId, participantId }: { buyerId: number; participantId: string }) =>
      db
        .select({ alert: stockAlerts, ...ITEM_FIELDS })
        .from(stockAlerts)
        .innerJoin(
          stockItems,
          and(
            eq(stockItems.participantId, stockAlerts.participantId),
            eq(stockItems.itemNumberWarehouse, stockAlerts.itemNumberWarehouse),
          ),
        )
        .innerJoin(warehouses, eq(warehouses.code, stockItems.warehouseCode))
        .where(and(eq(stockAlerts.buyerId, buyerId), eq(stockAlerts.participantId, participantId)))
        .orderBy(stockAlerts.createdAt),
    ({ buyerId, participantId }) => `${buyerId}:${participantId}`,
  );

  const quantityFor = (quantity: number, incrementSize: number) =>
    Math.min(applyAlertQuantityRules(quantity, incrementSize), MAX_ALERT_QUANTITY);

  return {
    async list(user: SignedInUser, participantId: string): Promise<Record<string, AlertView>> {
      const rows = await alertsOf({ buyerId: await buyerOf(user), participantId });
      const words = await wordsIn(db, config.language);
      return Object.fromEntries(
        rows.map(({ alert, ...item }) => [
          alert.itemNumberWarehouse,
          { itemNumberWarehouse: alert.itemNumberWarehouse, quantity: alert.quantity, ...shownItem(item, words) },
        ]),
      );
    },

    /** Sets an alert (a new one counts additions from today's quantity); answers whether it was new. */
    async set(
      user: SignedInUser,
      participantId: string,
      itemNumberWarehouse: string,
      quantity: number,
      mustExist: boolean,
    ): Promise<{ alert: AlertView; created: boolean }> {
      const buyerId = await buyerOf(user);
      const stock = await item(participantId, itemNumberWarehouse);
      const key = and(
        eq(stockAlerts.buyerId, buyerId),
        eq(stockAlerts.participantId, participantId),
        eq(stockAlerts.itemNumberWarehouse, itemNumberWarehouse),
      );
      const [existing] = await db.select().from(stockAlerts).where(key);
      if (mustExist && !existing) throw notFound('Stock alert');
      const normalized = quantityFor(quantity, stock.incrementSize);
      if (existing) await db.update(stockAlerts).set({ quantity: normalized }).where(key);
      else
        await db.insert(stockAlerts).values({
          buyerId,
          participantId,
          itemNumberWarehouse,
          quantity: normalized,
          baselineQuantity: Math.max(0, stock.quantityAvailable),
        });
      const { quantityAvailable: _, ...shown } = stock;
      return {
        alert: { itemNumberWarehouse, quantity: normalized, ...shownItem(shown, await wordsIn(db, config.language)) },
        created: !existing,
      };
    },

    async remove(user: SignedInUser, participantId: string, itemNumberWarehouse: string) {
      const buyerId = await buyerOf(user);
      const removed = await db
        .delete(stockAlerts)
        .where(
          and(
            eq(stockAlerts.buyerId, buyerId),
            eq(stockAlerts.participantId, participantId),
            eq(stockAlerts.itemNumberWarehouse, itemNumberWarehouse),
          ),
        )
        .returning();
      if (!removed.length) throw notFound('Stock alert');
    },

    /** Stock added: e-mail the buyers whose alert it meets; stock taken away lowers where additions count from. */
    async onStockChanged(changes: AppliedStockChange[]) {
      for (const change of changes) {
        if (change.quantityAfter === change.quantityBefore) continue;
        const alerts = await db
          .select()
          .from(stockAlerts)
          .where(
            and(
              eq(stockAlerts.participantId, change.participantId),
              eq(stockAlerts.itemNumberWarehouse, change.itemNumberWarehouse),
            ),
          );
        for (const alert of alerts) {
          const key = and(
            eq(stockAlerts.buyerId, alert.buyerId),
            eq(stockAlerts.participantId, alert.participantId),
            eq(stockAlerts.itemNumberWarehouse, alert.itemNumberWarehouse),
          );
          if (change.quantityAfter < alert.baselineQuantity) {
            await db.update(stockAlerts).set({ baselineQuantity: change.quantityAfter }).where(key);
            continue;
          }
          const added = change.quantityAfter - alert.baselineQuantity;
          if (added < alert.quantity) continue;
          await db
            .update(stockAlerts)
            .set({ baselineQuantity: change.quantityAfter, lastNotifiedAt: new Date() })
            .where(key);
          await notify(alert.buyerId, change, added);
        }
      }
    },
  };

  async function notify(buyerId: number, change: AppliedStockChange, added: number) {
    const [stock] = await db
      .select({ description: stockItems.skuDescription, itemNumber: stockItems.itemNumber })
      .from(stockItems)
      .where(
        and(
          eq(stockItems.participantId, change.participantId),
          eq(stockItems.itemNumberWarehouse, change.itemNumberWarehouse),
        ),
      );
    const recipients = await db
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(and(eq(users.buyerId, buyerId), inArray(users.isBuyer, [true])));
    const item = stock?.description ?? change.itemNumberWarehouse;
    for (const recipient of recipients) {
      await mailer.send({
        to: recipient.email,
        subject: t('mail.alert.subject', { tenantName: config.tenantName, count: added, item }),
        text: [
          t('mail.greeting', { firstName: recipient.firstName }),
          '',
          t('mail.alert.added', { count: added, item, itemNumber: stock?.itemNumber ?? change.itemNumberWarehouse }),
          t('mail.alert.available', { count: change.quantityAfter }),
          '',
          t('mail.alert.why', { siteTitle: config.siteTitle }),
        ].join('\n'),
      });
    }
  }
}

export type AlertService = ReturnType<typeof createAlertService>;
