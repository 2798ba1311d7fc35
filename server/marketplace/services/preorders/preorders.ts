import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import type { AllocationRule } from '../../../../app/domain/preorders/allocation';
import {
  checkCommitment,
  COMMITMENT_ERRORS,
  isOpenAt,
  type PreorderTerms,
} from '../../../../app/domain/preorders/commitment';
import type { MarketplaceDeps, SignedInUser } from '../../context';
import { orders, participants, preorderCommitments, preorders, users, warehouses } from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import { buyerIdOf } from '../identity/buyer-guard';
import { readSetting, writeSetting } from '../shared/settings';
import { wordsIn } from '../texts/texts';

type Preorder = typeof preorders.$inferSelect;
type Commitment = typeof preorderCommitments.$inferSelect;

const SETTINGS_KEY = 'preorder-settings';
export interface PreorderSettings {
  allocationRule: AllocationRule;
}
const DEFAULT_SETTINGS: PreorderSettings = { allocationRule: 'FIRST_COME' };

export interface NewPreorder {
  participantId: string;
  warehouseCode: string;
  itemNumber: string;
  model: string;
  grade: string;
  capacity: string;
  expectedQuantity: number;
  expectedDate: string;
  priceMin: number;
  priceMax: number;
  minimumCommitment: number;
  cutOff: Date;
}

/** What an order line and an e-mail call the pre-ordered item. */
export const preorderDescription = (p: Pick<Preorder, 'model' | 'capacity' | 'grade'>) =>
  [p.model, p.capacity, p.grade].filter(Boolean).join(' ');

const termsOf = (p: Preorder): PreorderTerms => ({
  expectedQuantity: p.expectedQuantity,
  minimumCommitment: p.minimumCommitment,
  priceMin: p.priceMin,
  priceMax: p.priceMax,
  cutOff: p.cutOff,
});

/** A refusal the portal shows beside a field of the commitment form: `field` names it, `key` is the message's i18n key. */
const refusedCommitment = (errors: Record<string, string>) => {
  const [field, key] = Object.entries(errors)[0]!;
  return new ApiError(422, 'preorderCommitmentRefused', 'This commitment cannot be accepted', { field, key });
};

/** Committing is buying: the authority the cart's Buy needs. */
function requireCommitter(user: SignedInUser) {
  if (!user.authorities.includes('CAN_BUY_ONLINE')) throw refusedCommitment({ quantity: COMMITMENT_ERRORS.notAllowed });
  return buyerIdOf(user);
}

/**
 * Pre-orders (issue 53): the seller announces coming stock, buyers commit to it until the cut-off,
 * and each sees their commitments with their state. Allocation is ./preorder-allocation.
 */
export function createPreorders(deps: Pick<MarketplaceDeps, 'db' | 'config'>) {
  const { db } = deps;

  async function settings(): Promise<PreorderSettings> {
    return { ...DEFAULT_SETTINGS, ...(await readSetting<Partial<PreorderSettings>>(db, SETTINGS_KEY)) };
  }

  async function preorderViews(rows: Preorder[]) {
    const words = await wordsIn(db, deps.config.language);
    const codes = [...new Set(rows.map((p) => p.warehouseCode))];
    const labels = new Map(
      codes.length
        ? (await db.select().from(warehouses).where(inArray(warehouses.code, codes))).map((w) => [w.code, w.label])
        : [],
    );
    return rows.map((p) => ({
      id: p.id,
      itemNumber: p.itemNumber,
      model: p.model,
      grade: words('grade', p.grade, 'label', p.grade),
      capacity: p.capacity,
      warehouseCode: p.warehouseCode,
      warehouse: words('warehouse', p.warehouseCode, 'label', labels.get(p.warehouseCode) ?? p.warehouseCode),
      expectedQuantity: p.expectedQuantity,
      expectedDate: p.expectedDate,
      priceMin: p.priceMin,
      priceMax: p.priceMax,
      minimumCommitment: p.minimumCommitment,
      cutOff: p.cutOff.toISOString(),
      status: p.status,
      unitPrice: p.unitPrice,
      cancelReason: p.cancelReason,
    }));
  }

  const commitmentView = (c: Commitment, orderNumber: string | null) => ({
    preorderId: c.preorderId,
    quantity: c.quantity,
    maxUnitPrice: c.maxUnitPrice,
    state: c.status,
    allocatedQuantity: c.allocatedQuantity,
    orderNumber,
    updatedAt: c.updatedAt.toISOString(),
  });

  /** The buyer's own commitment to a pre-order that exists; another buyer's is never read. */
  async function mine(buyerId: number, preorderId: number) {
    const [row] = await db
      .select()
      .from(preorderCommitments)
      .where(and(eq(preorderCommitments.preorderId, preorderId), eq(preorderCommitments.buyerId, buyerId)));
    return row ?? null;
  }

  return {
    settings,
    async saveSettings(change: Partial<PreorderSettings>) {
      const next = { ...(await settings()), ...change };
      await writeSetting(db, SETTINGS_KEY, next);
      return next;
    },

    /** The open pre-orders (before their cut-off) and every commitment of the buyer's, newest first, each with its pre-order. */
    async list(user: SignedInUser, now = new Date()) {
      const buyerId = buyerIdOf(user);
      const open = await db
        .select()
        .from(preorders)
        .where(and(eq(preorders.status, 'OPEN'), gt(preorders.cutOff, now)))
        .orderBy(asc(preorders.cutOff), asc(preorders.id));
      const commitments = await db
        .select({ commitment: preorderCommitments, preorder: preorders, orderNumber: orders.phonexOrderNumber })
        .from(preorderCommitments)
        .innerJoin(preorders, eq(preorders.id, preorderCommitments.preorderId))
        .leftJoin(orders, eq(orders.id, preorderCommitments.orderId))
        .where(eq(preorderCommitments.buyerId, buyerId))
        .orderBy(desc(preorderCommitments.id));
      const views = await preorderViews([...open, ...commitments.map((c) => c.preorder)]);
      const byId = new Map(views.map((v) => [v.id, v]));
      return {
        preorders: open.map((p) => byId.get(p.id)!),
        commitments: commitments.map((c) => ({
          ...commitmentView(c.commitment, c.orderNumber),
          preorder: byId.get(c.preorder.id)!,
        })),
      };
    },

    /** One pre-order as buyers see it, whatever its state (a form posted after the cut-off shows it again with the refusal). */
    async one(id: number) {
      const [row] = await db.select().from(preorders).where(eq(preorders.id, id));
      if (!row) throw notFound('Pre-order');
      return (await preorderViews([row]))[0]!;
    },

    /**
     * Commits to a pre-order, or changes the buyer's commitment, before the cut-off. The same body
     * again changes nothing; a larger quantity takes a new place in line (first come first served),
     * a smaller one keeps its place.
     */
    async commit(user: SignedInUser, preorderId: number, entry: { quantity: number; maxUnitPrice: number | null }) {
      const buyerId = requireCommitter(user);
      const now = new Date();
      await db.transaction(async (tx) => {
        // The pre-order's row is the gate: its arrival (which closes commitments) waits for this, or this for it.
        const [preorder] = await tx.select().from(preorders).where(eq(preorders.id, preorderId)).for('update');
        if (!preorder) throw notFound('Pre-order');
        if (preorder.status !== 'OPEN') throw refusedCommitment({ quantity: COMMITMENT_ERRORS.closed });
        const checked = checkCommitment(entry, termsOf(preorder), now);
        if (!checked.ok) throw refusedCommitment(checked.errors);
        const [existing] = await tx
          .select()
          .from(preorderCommitments)
          .where(and(eq(preorderCommitments.preorderId, preorderId), eq(preorderCommitments.buyerId, buyerId)));
        if (!existing) {
          await tx.insert(preorderCommitments).values({
            preorderId,
            buyerId,
            userId: user.id,
            quantity: checked.quantity,
            maxUnitPrice: checked.maxUnitPrice,
          });
          return;
        }
        const reopened = existing.status === 'WITHDRAWN';
        if (!reopened && existing.quantity === checked.quantity && existing.maxUnitPrice === checked.maxUnitPrice)
          return;
        await tx
          .update(preorderCommitments)
          .set({
            quantity: checked.quantity,
            maxUnitPrice: checked.maxUnitPrice,
            status: 'OPEN',
            userId: user.id,
            updatedAt: now,
            ...(reopened || checked.quantity > existing.quantity ? { placedAt: now } : {}),
          })
          .where(eq(preorderCommitments.id, existing.id));
      });
      return commitmentView((await mine(buyerId, preorderId))!, null);
    },

    /** Withdraws the buyer's commitment before the cut-off; withdrawing again changes nothing. No commitment of this buyer's: 404. */
    async withdraw(user: SignedInUser, preorderId: number) {
      const buyerId = requireCommitter(user);
      const now = new Date();
      await db.transaction(async (tx) => {
        const [preorder] = await tx.select().from(preorders).where(eq(preorders.id, preorderId)).for('update');
        const [existing] = await tx
          .select()
          .from(preorderCommitments)
          .where(and(eq(preorderCommitments.preorderId, preorderId), eq(preorderCommitments.buyerId, buyerId)));
        if (!preorder || !existing) throw notFound('Commitment');
        if (existing.status === 'WITHDRAWN') return;
        if (preorder.status !== 'OPEN' || !isOpenAt(preorder, now))
          throw refusedCommitment({ quantity: COMMITMENT_ERRORS.closed });
        await tx
          .update(preorderCommitments)
          .set({ status: 'WITHDRAWN', updatedAt: now })
          .where(eq(preorderCommitments.id, existing.id));
      });
      return commitmentView((await mine(buyerId, preorderId))!, null);
    },

    /** An unknown seller or warehouse is a 422 naming it (the insert would break a foreign key: a 500). */
    async create(preorder: NewPreorder) {
      const [[seller], [warehouse]] = await Promise.all([
        db.select({ id: participants.id }).from(participants).where(eq(participants.id, preorder.participantId)),
        db.select({ code: warehouses.code }).from(warehouses).where(eq(warehouses.code, preorder.warehouseCode)),
      ]);
      if (!seller) throw new ApiError(422, 'validationFailed', 'participantId: no such participant');
      if (!warehouse) throw new ApiError(422, 'validationFailed', 'warehouseCode: no such warehouse');
      const [row] = await db.insert(preorders).values(preorder).returning();
      return (await preorderViews([row!]))[0]!;
    },

    /** The seller's view: every pre-order (newest first), or one with its commitments and who made them. */
    async sellerList() {
      return preorderViews(await db.select().from(preorders).orderBy(desc(preorders.id)));
    },

    async sellerDetails(id: number) {
      const [row] = await db.select().from(preorders).where(eq(preorders.id, id));
      if (!row) throw notFound('Pre-order');
      const commitments = await db
        .select({ commitment: preorderCommitments, email: users.email, orderNumber: orders.phonexOrderNumber })
        .from(preorderCommitments)
        .innerJoin(users, eq(users.id, preorderCommitments.userId))
        .leftJoin(orders, eq(orders.id, preorderCommitments.orderId))
        .where(eq(preorderCommitments.preorderId, id))
        .orderBy(asc(preorderCommitments.placedAt), asc(preorderCommitments.id));
      return {
        ...(await preorderViews([row]))[0]!,
        arrivedQuantity: row.arrivedQuantity,
        allocationRule: row.allocationRule,
        commitments: commitments.map((c) => ({
          id: c.commitment.id,
          email: c.email,
          placedAt: c.commitment.placedAt.toISOString(),
          mailed: c.commitment.mailedAt !== null,
          ...commitmentView(c.commitment, c.orderNumber),
        })),
      };
    },

    /**
     * The seller cancels a pre-order before its stock is allocated, with a reason: the open
     * commitments are canceled with it in one transaction, and the allocation job e-mails each of
     * their buyers the reason (once, like the allocation's e-mails). Cancelling again answers the
     * pre-order as it is; one already allocated is refused (its orders are canceled one by one).
     */
    async cancel(id: number, reason: string) {
      const now = new Date();
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(preorders).where(eq(preorders.id, id)).for('update');
        if (!row) throw notFound('Pre-order');
        if (row.status === 'CANCELED') return;
        if (row.status === 'ALLOCATED')
          throw new ApiError(409, 'preorderAllocated', 'This pre-order was allocated: cancel its orders instead');
        await tx
          .update(preorders)
          .set({ status: 'CANCELED', cancelReason: reason, canceledAt: now })
          .where(eq(preorders.id, id));
        await tx
          .update(preorderCommitments)
          .set({ status: 'CANCELED', updatedAt: now })
          .where(and(eq(preorderCommitments.preorderId, id), eq(preorderCommitments.status, 'OPEN')));
      });
    },

    /**
     * The stock arrived: the units and the final unit price (within the range) are recorded and the
     * commitments close; the allocation job shares it out. The same arrival again changes nothing;
     * a different one after the first is refused.
     */
    async arrive(id: number, arrival: { quantity: number; unitPrice?: number }) {
      const [row] = await db.select().from(preorders).where(eq(preorders.id, id));
      if (!row) throw notFound('Pre-order');
      const unitPrice = arrival.unitPrice ?? (row.priceMin === row.priceMax ? row.priceMin : undefined);
      if (unitPrice === undefined || unitPrice < row.priceMin || unitPrice > row.priceMax)
        throw new ApiError(
          422,
          'preorderPriceOutOfRange',
          `The unit price must be within ${row.priceMin}..${row.priceMax}`,
        );
      if (row.status === 'CANCELED') throw new ApiError(409, 'preorderCanceled', 'This pre-order was canceled');
      const { allocationRule } = await settings();
      const [moved] = await db
        .update(preorders)
        .set({ status: 'ARRIVED', arrivedQuantity: arrival.quantity, unitPrice, allocationRule, arrivedAt: new Date() })
        .where(and(eq(preorders.id, id), eq(preorders.status, 'OPEN')))
        .returning({ id: preorders.id });
      if (moved) return;
      const [now] = await db.select().from(preorders).where(eq(preorders.id, id));
      if (now!.arrivedQuantity !== arrival.quantity || now!.unitPrice !== unitPrice)
        throw new ApiError(409, 'preorderAlreadyArrived', 'This pre-order already arrived with other units or price');
    },
  };
}

export type Preorders = ReturnType<typeof createPreorders>;
