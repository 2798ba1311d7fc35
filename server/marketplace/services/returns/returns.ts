import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { formatMinor, tenantMoneyFormat } from '../../../../app/domain/money';
import {
  canMove,
  defaultCredit,
  HELD_UNIT_STATES,
  lineUnitKey,
  reasonLabel,
  RETURN_LIMITS,
  returnSettingsOf,
  withinWindow,
  type ReturnSettings,
  type ReturnStatus,
  type UnitRefusal,
} from '../../../../app/domain/returns/rules';
import { sniffPhotoType, type PhotoType } from '../../../../app/domain/photo-type';
import type { MarketplaceDeps, SignedInUser } from '../../context';
import type { Tx } from '../../db/client';
import { returnHistory } from '../../db/seed/return-history';
import {
  orderEvents,
  orderLines,
  orders,
  orderShipments,
  paymentLedger,
  returnEvents,
  returnPhotos,
  returnRequests,
  returnUnits,
  tenantSettings,
  users,
} from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import { buyerIdOf } from '../identity/buyer-guard';
import type { FileStore } from '../shared/file-store';
import type { Executor } from '../offers/offers';
import { recordLedgerEntry, settlePayment } from '../payments/payment-ledger';
import { returnListPage, type ReturnListRequest } from './return-list';
import { RETURN_CREDIT_PROVIDER } from '../../../../app/domain/orders/payment-history';

/**
 * Returns by IMEI (issue 38). A buyer asks to return shipped units of their own order, by IMEI (or by
 * line and quantity for goods shipped without IMEIs), each with a reason; the seller approves or
 * rejects (per unit), marks the units received, then credits them (a CREDIT row of the payment
 * ledger, so the order's balance follows) or replaces them. Each change is one transaction on the
 * request's row; a unique partial index keeps a unit in one request at a time. The buyer is e-mailed
 * at each change.
 */

export const RETURNS_SETTING = 'returns';
export const RETURNS_AUTHORITY = 'CAN_VIEW_RETURNS';

type RequestRow = typeof returnRequests.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

const refused = (
  status: 400 | 404 | 409 | 413 | 422,
  messageCode: string,
  message: string,
  params: Record<string, string | number> = {},
) => new ApiError(status, messageCode, message, params);

export async function readReturnSettings(q: Executor): Promise<ReturnSettings> {
  const [row] = await q.select().from(tenantSettings).where(eq(tenantSettings.key, RETURNS_SETTING));
  return returnSettingsOf(row?.value as Partial<Record<keyof ReturnSettings, unknown>> | undefined);
}

/** A unit the order shipped: by IMEI, or a slot of a line shipped without IMEIs. */
export interface ShippedUnit {
  key: string;
  imei: string | null;
  itemNumberWarehouse: string;
  itemNumber: string;
  description: string;
  unitPrice: number;
  shippedAt: Date;
}

/** Every unit an order's shipments carried, in shipment order; line slots are numbered per line across shipments. */
async function shippedUnitsOf(q: Executor, orderId: number): Promise<ShippedUnit[]> {
  const lines = await q.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const byItem = new Map(lines.map((l) => [l.itemNumberWarehouse, l]));
  const shipments = await q
    .select()
    .from(orderShipments)
    .where(eq(orderShipments.orderId, orderId))
    .orderBy(asc(orderShipments.id));
  const slots = new Map<string, number>();
  const units: ShippedUnit[] = [];
  for (const shipment of shipments) {
    for (const sl of shipment.lines) {
      const line = byItem.get(sl.itemNumberWarehouse);
      const base = {
        itemNumberWarehouse: sl.itemNumberWarehouse,
        itemNumber: line?.itemNumber ?? sl.itemNumberWarehouse,
        description: line?.description ?? '',
        unitPrice: line?.unitPrice ?? 0,
        shippedAt: shipment.shippedAt,
      };
      if (sl.imeis.length) {
        for (const imei of sl.imeis) units.push({ key: imei, imei, ...base });
      } else {
        for (let i = 0; i < sl.quantity; i++) {
          const slot = (slots.get(sl.itemNumberWarehouse) ?? 0) + 1;
          slots.set(sl.itemNumberWarehouse, slot);
          units.push({ key: lineUnitKey(sl.itemNumberWarehouse, slot), imei: null, ...base });
        }
      }
    }
  }
  return units;
}

/** The units of an order held by a request (open or returned), by key. */
async function heldUnitsOf(q: Executor, orderId: number): Promise<Map<string, string>> {
  const rows = await q
    .select({ key: returnUnits.unitKey, state: returnUnits.state })
    .from(returnUnits)
    .where(and(eq(returnUnits.orderId, orderId), inArray(returnUnits.state, [...HELD_UNIT_STATES])));
  return new Map(rows.map((r) => [r.key, r.state]));
}

function refusalOf(
  unit: ShippedUnit,
  held: Map<string, string>,
  settings: ReturnSettings,
  now: Date,
): UnitRefusal | null {
  const state = held.get(unit.key);
  if (state === 'CREDITED' || state === 'REPLACED') return 'alreadyReturned';
  if (state) return 'inOpenRequest';
  if (!withinWindow(unit.shippedAt, settings.windowDays, now)) return 'outsideWindow';
  return null;
}

/**
 * What the buyer asks to return: units by IMEI, or by line and quantity for goods shipped without
 * IMEIs, each with the names of its photos among the request's files (a line's photos show on each
 * of its units).
 */
export type RequestedUnit = (
  { imei: string; reasonCode: string } | { itemNumberWarehouse: string; quantity: number; reasonCode: string }
) & { photos?: string[] };

export interface NewReturn {
  orderNumber: string;
  idempotencyKey: string;
  note: string;
  units: RequestedUnit[];
  /** The files sent with the request, by name; the units name theirs. Each is read once, when it is stored. */
  files?: { name: string; file: Blob }[];
}

const requestedName = (u: RequestedUnit) => ('imei' in u ? u.imei : `${u.itemNumberWarehouse} × ${u.quantity}`);

/**
 * The photos of each requested unit (by its place in the request), checked by their bytes: images
 * only, each and all within the limits, every file named by one unit, and one at least for a unit
 * whose reason asks for photos. Anything else refuses the request before a row is written.
 */
async function photosOf(
  input: NewReturn,
  settings: ReturnSettings,
  t: MarketplaceDeps['t'],
): Promise<{ type: PhotoType; file: Blob }[][]> {
  const files = new Map((input.files ?? []).map((f) => [f.name, f.file]));
  const used = new Set<string>();
  const { photosPerUnit, photosPerRequest, photoBytes, photoRequestBytes } = RETURN_LIMITS;
  let total = 0;
  const photos: { type: PhotoType; file: Blob }[][] = [];
  for (const u of input.units) {
    const own: { type: PhotoType; file: Blob }[] = [];
    for (const name of u.photos ?? []) {
      const file = files.get(name);
      if (!file || used.has(name))
        throw refused(400, 'photoNotSent', `No file ${name} came with the request, or two units name it`, { name });
      used.add(name);
      total += file.size;
      if (file.size > photoBytes)
        throw refused(
          400,
          'return.photoTooLarge',
          t('return.photoTooLarge', { units: requestedName(u), mb: photoBytes / 1024 / 1024 }),
          { units: requestedName(u), mb: photoBytes / 1024 / 1024 },
        );
      const type = sniffPhotoType(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
      if (!type)
        throw refused(400, 'return.photoNotImage', t('return.photoNotImage', { units: requestedName(u) }), {
          units: requestedName(u),
        });
      own.push({ type, file });
    }
    photos.push(own);
  }
  if (files.size > used.size) throw refused(400, 'photoNotNamed', 'Every file sent must be a photo of a unit');
  const tooMany = input.units.filter((u) => (u.photos?.length ?? 0) > photosPerUnit);
  if (tooMany.length)
    throw refused(
      400,
      'return.tooManyPhotos',
      t('return.tooManyPhotos', { units: tooMany.map(requestedName).join(', '), max: photosPerUnit }),
      { units: tooMany.map(requestedName).join(', '), max: photosPerUnit },
    );
  if (used.size > photosPerRequest || total > photoRequestBytes) {
    throw refused(
      413,
      'return.photosTooLarge',
      t('return.photosTooLarge', { max: photosPerRequest, mb: photoRequestBytes / 1024 / 1024 }),
      { max: photosPerRequest, mb: photoRequestBytes / 1024 / 1024 },
    );
  }
  const needed = new Set(settings.reasons.filter((r) => r.photoRequired).map((r) => r.code));
  const missing = input.units.filter((u, i) => needed.has(u.reasonCode) && photos[i]!.length === 0).map(requestedName);
  if (missing.length)
    throw refused(422, 'return.photoRequired', t('return.photoRequired', { units: missing.join(', ') }), {
      units: missing.join(', '),
    });
  return photos;
}

const unitName = (u: { imei: string | null; key: string }) => u.imei ?? u.key;

export function createReturns(deps: Pick<MarketplaceDeps, 'db' | 'mailer' | 't' | 'config'>, files: FileStore) {
  const { db, mailer, t, config } = deps;
  const money = tenantMoneyFormat(config);

  function buyerOf(user: SignedInUser) {
    if (!user.authorities.includes(RETURNS_AUTHORITY))
      throw refused(400, 'returnsNotAllowed', 'You cannot request returns');
    return buyerIdOf(user);
  }

  async function ownOrder(q: Executor, buyerId: number, orderNumber: string): Promise<OrderRow> {
    const [order] = await q
      .select()
      .from(orders)
      .where(and(eq(orders.phonexOrderNumber, orderNumber), eq(orders.buyerId, buyerId)));
    if (!order) throw notFound('Order');
    return order;
  }

  async function ownRequest(q: Executor, buyerId: number, rmaNumber: string): Promise<RequestRow> {
    const [request] = await q
      .select()
      .from(returnRequests)
      .where(and(eq(returnRequests.rmaNumber, rmaNumber), eq(returnRequests.buyerId, buyerId)));
    if (!request) throw notFound('Return');
    return request;
  }

  /** E-mails the buyer who made the request its new status (after the change is committed). */
  async function tell(request: RequestRow, orderNumber: string) {
    const [user] = await db
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, request.createdBy));
    if (!user) return;
    const status = t(`mail.return.status.${request.status}` as 'mail.return.status.REQUESTED');
    const lines = [
      t('mail.greeting', { firstName: user.firstName }),
      '',
      t('mail.return.status', { rmaNumber: request.rmaNumber, orderNumber, status }),
    ];
    if (request.answer) lines.push(t('mail.return.answer', { answer: request.answer }));
    if (request.status === 'APPROVED' || request.status === 'REJECTED') {
      // Each unit the seller turned down, with the seller's reason for it.
      const rejected = await db
        .select({ unitKey: returnUnits.unitKey, imei: returnUnits.imei, rejectReason: returnUnits.rejectReason })
        .from(returnUnits)
        .where(and(eq(returnUnits.requestId, request.id), eq(returnUnits.state, 'REJECTED')))
        .orderBy(asc(returnUnits.id));
      if (rejected.length)
        lines.push(
          '',
          t('mail.return.rejectedUnits'),
          ...rejected.map(
            (u) =>
              `- ${t('mail.return.rejectedUnit', { unit: unitName({ imei: u.imei, key: u.unitKey }), reason: u.rejectReason })}`,
          ),
          '',
        );
    }
    if (request.status === 'APPROVED' && request.instructions)
      lines.push(t('mail.return.instructions', { instructions: request.instructions }));
    if (request.status === 'CREDITED')
      lines.push(t('mail.return.credit', { orderNumber, amount: formatMinor(request.credit, money) }));
    await mailer.send({
      to: user.email,
      subject: t('mail.return.subject', { tenantName: config.tenantName, rmaNumber: request.rmaNumber, status }),
      text: lines.join('\n'),
    });
  }

  /** The request's full view: its order, units with reasons, photos and credits, and its history. */
  async function view(q: Executor, request: RequestRow) {
    const settings = await readReturnSettings(q);
    const [order] = await q
      .select({ phonexOrderNumber: orders.phonexOrderNumber })
      .from(orders)
      .where(eq(orders.id, request.orderId));
    const units = await q
      .select()
      .from(returnUnits)
      .where(eq(returnUnits.requestId, request.id))
      .orderBy(asc(returnUnits.id));
    const lines = await q
      .select({
        itemNumberWarehouse: orderLines.itemNumberWarehouse,
        itemNumber: orderLines.itemNumber,
        description: orderLines.description,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, request.orderId));
    const events = await q
      .select()
      .from(returnEvents)
      .where(eq(returnEvents.requestId, request.id))
      .orderBy(asc(returnEvents.id));
    const photos = units.length
      ? await q
          .select({ id: returnPhotos.id, unitId: returnPhotos.unitId })
          .from(returnPhotos)
          .where(
            inArray(
              returnPhotos.unitId,
              units.map((u) => u.id),
            ),
          )
          .orderBy(asc(returnPhotos.id))
      : [];
    // What was credited is what the order's ledger holds for this request, not a sum kept beside it.
    const [credited] = await q
      .select({ amount: sql<string>`coalesce(sum(${paymentLedger.amount}), 0)` })
      .from(paymentLedger)
      .where(
        and(
          eq(paymentLedger.orderId, request.orderId),
          eq(paymentLedger.kind, 'CREDIT'),
          eq(paymentLedger.provider, RETURN_CREDIT_PROVIDER),
          eq(paymentLedger.reference, request.rmaNumber),
        ),
      );
    const reasons = new Map(settings.reasons.map((r) => [r.code, r]));
    return {
      rmaNumber: request.rmaNumber,
      orderNumber: order?.phonexOrderNumber ?? '',
      status: request.status,
      note: request.note,
      answer: request.answer,
      instructions: request.instructions,
      credit: Number(credited?.amount ?? 0),
      createdAt: request.createdAt.toISOString(),
      updatedAt: request.updatedAt.toISOString(),
      units: units.map((u) => {
        const line = lines.find((l) => l.itemNumberWarehouse === u.itemNumberWarehouse);
        const reason = reasons.get(u.reasonCode);
        return {
          key: u.unitKey,
          imei: u.imei,
          itemNumberWarehouse: u.itemNumberWarehouse,
          itemNumber: line?.itemNumber ?? u.itemNumberWarehouse,
          description: line?.description ?? '',
          reasonCode: u.reasonCode,
          reason: reason ? reasonLabel(reason, config.language) : u.reasonCode,
          state: u.state,
          rejectReason: u.rejectReason,
          unitPrice: u.unitPrice,
          credit: u.credit,
          photos: photos.filter((p) => p.unitId === u.id).map((p) => ({ id: p.id })),
        };
      }),
      history: events.map((e) => ({ at: e.at.toISOString(), from: e.fromStatus, to: e.toStatus, actor: e.actor })),
    };
  }

  /**
   * One move of a request: in a transaction holding its row, refuses a move its status cannot make,
   * lets `work` write the units and the ledger, then sets the status and records the event. The buyer
   * is told once it is committed.
   */
  async function move(
    where: SQL,
    to: ReturnStatus,
    actor: string,
    at: Date,
    work: (tx: Tx, request: RequestRow) => Promise<Partial<RequestRow> | void>,
  ): Promise<RequestRow> {
    const { request, orderNumber } = await db.transaction(async (tx) => {
      const [request] = await tx.select().from(returnRequests).where(where).for('update');
      if (!request) throw notFound('Return');
      if (!canMove(request.status as ReturnStatus, to)) {
        throw refused(
          409,
          'returnStatus',
          `Return ${request.rmaNumber} is ${request.status}: it cannot become ${to}.`,
          { rmaNumber: request.rmaNumber, status: request.status },
        );
      }
      const set = (await work(tx, request)) ?? {};
      const [updated] = await tx
        .update(returnRequests)
        .set({ ...set, status: to, updatedAt: at })
        .where(eq(returnRequests.id, request.id))
        .returning();
      await tx
        .insert(returnEvents)
        .values({ requestId: request.id, at, fromStatus: request.status, toStatus: to, actor, detail: {} });
      const [order] = await tx
        .select({ phonexOrderNumber: orders.phonexOrderNumber })
        .from(orders)
        .where(eq(orders.id, request.orderId));
      return { request: updated!, orderNumber: order!.phonexOrderNumber };
    });
    await tell(request, orderNumber);
    return request;
  }

  /** A photo of one of the request's units: its bytes and the type they were sniffed as. */
  async function photoOf(request: RequestRow, photoId: number) {
    const [row] = await db
      .select({ fileId: returnPhotos.fileId })
      .from(returnPhotos)
      .innerJoin(returnUnits, eq(returnUnits.id, returnPhotos.unitId))
      .where(and(eq(returnPhotos.id, photoId), eq(returnUnits.requestId, request.id)));
    const file = row ? await files.get(row.fileId) : null;
    if (!file) throw notFound('Photo');
    return file;
  }

  /** Units of a request not rejected: what is received, credited or replaced. */
  const keptUnits = (tx: Tx, requestId: number) =>
    tx
      .select()
      .from(returnUnits)
      .where(and(eq(returnUnits.requestId, requestId), sql`${returnUnits.state} <> 'REJECTED'`))
      .orderBy(asc(returnUnits.id));

  const setKeptUnits = (tx: Tx, requestId: number, state: ReturnStatus) =>
    tx
      .update(returnUnits)
      .set({ state })
      .where(and(eq(returnUnits.requestId, requestId), sql`${returnUnits.state} <> 'REJECTED'`));

  const byRma = (rmaNumber: string) => eq(returnRequests.rmaNumber, rmaNumber);

  return {
    readSettings: () => readReturnSettings(db),

    /** What of an order the buyer can return now: its shipped units, each with why not when it cannot, and the tenant's reasons and limits. */
    async returnable(user: SignedInUser, orderNumber: string, now = new Date()) {
      const buyerId = buyerOf(user);
      const order = await ownOrder(db, buyerId, orderNumber);
      const settings = await readReturnSettings(db);
      const held = await heldUnitsOf(db, order.id);
      const units = await shippedUnitsOf(db, order.id);
      return {
        orderNumber: order.phonexOrderNumber,
        windowDays: settings.windowDays,
        reasons: settings.reasons.map((r) => ({
          code: r.code,
          label: reasonLabel(r, config.language),
          photoRequired: r.photoRequired,
        })),
        limits: RETURN_LIMITS,
        units: units.map((u) => ({
          key: u.key,
          imei: u.imei,
          itemNumberWarehouse: u.itemNumberWarehouse,
          itemNumber: u.itemNumber,
          description: u.description,
          unitPrice: u.unitPrice,
          shippedAt: u.shippedAt.toISOString(),
          refusal: refusalOf(u, held, settings, now),
        })),
      };
    },

    /**
     * A new request for units of the buyer's order. Refused whole, naming the units, when any is not
     * shipped, outside the window, returned already or in an open request. A replayed submission
     * (the same idempotency key) answers the request it made.
     */
    async create(user: SignedInUser, input: NewReturn, now = new Date()) {
      const buyerId = buyerOf(user);
      const [replayed] = await db
        .select()
        .from(returnRequests)
        .where(and(eq(returnRequests.buyerId, buyerId), eq(returnRequests.idempotencyKey, input.idempotencyKey)));
      if (replayed) return { created: false, rmaNumber: replayed.rmaNumber };
      const settings = await readReturnSettings(db);
      const reasonCodes = new Set(settings.reasons.map((r) => r.code));
      for (const u of input.units)
        if (!reasonCodes.has(u.reasonCode))
          throw refused(400, 'unknownReason', `${u.reasonCode} is not a return reason`);
      if (input.note.length > RETURN_LIMITS.noteLength)
        throw refused(400, 'noteTooLong', `The note is longer than ${RETURN_LIMITS.noteLength} characters`);
      const photos = await photosOf(input, settings, t);
      const request = await db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.phonexOrderNumber, input.orderNumber), eq(orders.buyerId, buyerId)))
          .for('update');
        if (!order) throw notFound('Order');
        const shipped = await shippedUnitsOf(tx, order.id);
        const held = await heldUnitsOf(tx, order.id);
        const chosen: { unit: ShippedUnit; reasonCode: string; entry: number }[] = [];
        const refusals = new Map<UnitRefusal, string[]>();
        const refuse = (why: UnitRefusal, name: string) => refusals.set(why, [...(refusals.get(why) ?? []), name]);
        const taken = new Set<string>();
        for (const [entry, wanted] of input.units.entries()) {
          if ('imei' in wanted) {
            const unit = shipped.find((u) => u.imei === wanted.imei);
            if (!unit || taken.has(unit.key)) {
              refuse('notShipped', wanted.imei);
              continue;
            }
            taken.add(unit.key);
            const why = refusalOf(unit, held, settings, now);
            if (why) refuse(why, wanted.imei);
            else chosen.push({ unit, reasonCode: wanted.reasonCode, entry });
          } else {
            // By line and quantity: the line's first free slots, oldest shipment first.
            const slots = shipped.filter(
              (u) => u.imei === null && u.itemNumberWarehouse === wanted.itemNumberWarehouse && !taken.has(u.key),
            );
            const free = slots.filter((u) => refusalOf(u, held, settings, now) === null).slice(0, wanted.quantity);
            if (free.length < wanted.quantity) {
              const why =
                slots.length < wanted.quantity
                  ? 'notShipped'
                  : (slots.map((u) => refusalOf(u, held, settings, now)).find((r) => r !== null) ?? 'notShipped');
              refuse(why, `${wanted.itemNumberWarehouse} × ${wanted.quantity}`);
              continue;
            }
            for (const unit of free) {
              taken.add(unit.key);
              chosen.push({ unit, reasonCode: wanted.reasonCode, entry });
            }
          }
        }
        if (refusals.size) {
          const [why, names] = [...refusals][0]!;
          const units = names.join(', ');
          throw refused(
            409,
            `return.refused.${why}`,
            t(`return.refused.${why}`, { units, days: settings.windowDays }),
            { units, days: settings.windowDays },
          );
        }
        if (chosen.length === 0) throw refused(400, 'noUnits', 'Choose at least one unit');
        if (chosen.length > RETURN_LIMITS.unitsPerRequest)
          throw refused(400, 'tooManyUnits', `At most ${RETURN_LIMITS.unitsPerRequest} units per request`);
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(returnRequests)
          .where(eq(returnRequests.orderId, order.id));
        const rmaNumber = `RMA-${order.phonexOrderNumber.replace(/^SO-/, '')}-${n + 1}`;
        const [request] = await tx
          .insert(returnRequests)
          .values({
            rmaNumber,
            buyerId,
            orderId: order.id,
            status: 'REQUESTED',
            note: input.note,
            idempotencyKey: input.idempotencyKey,
            createdBy: user.id,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        const inserted = await tx
          .insert(returnUnits)
          .values(
            chosen.map(({ unit, reasonCode }) => ({
              requestId: request!.id,
              orderId: order.id,
              itemNumberWarehouse: unit.itemNumberWarehouse,
              unitKey: unit.key,
              imei: unit.imei,
              reasonCode,
              state: 'REQUESTED',
              unitPrice: unit.unitPrice,
            })),
          )
          .returning({ id: returnUnits.id, unitKey: returnUnits.unitKey });
        const unitIds = new Map(inserted.map((u) => [u.unitKey, u.id]));
        // Each file is kept once; a line's photos are each of its units' photos.
        const fileIds: string[][] = [];
        for (const own of photos) {
          const ids: string[] = [];
          for (const photo of own) ids.push(await files.put(photo.file, photo.type, tx));
          fileIds.push(ids);
        }
        const photoRows = chosen.flatMap(({ unit, entry }) =>
          fileIds[entry]!.map((fileId) => ({ unitId: unitIds.get(unit.key)!, fileId })),
        );
        if (photoRows.length) await tx.insert(returnPhotos).values(photoRows);
        await tx.insert(returnEvents).values({
          requestId: request!.id,
          at: now,
          fromStatus: null,
          toStatus: 'REQUESTED',
          actor: `${user.firstName} ${user.lastName}`.trim(),
          detail: {},
        });
        return { request: request!, orderNumber: order.phonexOrderNumber };
      });
      await tell(request.request, request.orderNumber);
      return { created: true, rmaNumber: request.request.rmaNumber };
    },

    /** The buyer's requests, newest first unless sorted otherwise, searched by RMA number, order number or IMEI (services/return-list.ts). */
    async list(user: SignedInUser, query: ReturnListRequest) {
      return returnListPage(db, buyerOf(user), query);
    },

    async get(user: SignedInUser, rmaNumber: string) {
      const buyerId = buyerOf(user);
      return view(db, await ownRequest(db, buyerId, rmaNumber));
    },

    /** A photo of the buyer's own request; another's, or one of another request, is not found. */
    async photo(user: SignedInUser, rmaNumber: string, photoId: number) {
      return photoOf(await ownRequest(db, buyerOf(user), rmaNumber), photoId);
    },

    /** The buyer withdraws a request while it is REQUESTED; a replay of a cancel changes nothing. */
    async cancel(user: SignedInUser, rmaNumber: string) {
      const buyerId = buyerOf(user);
      const request = await ownRequest(db, buyerId, rmaNumber);
      if (request.status === 'CANCELED') return { rmaNumber, status: request.status };
      const moved = await move(
        and(byRma(rmaNumber), eq(returnRequests.buyerId, buyerId))!,
        'CANCELED',
        `${user.firstName} ${user.lastName}`.trim(),
        new Date(),
        async (tx, r) => {
          await tx.update(returnUnits).set({ state: 'CANCELED' }).where(eq(returnUnits.requestId, r.id));
        },
      );
      return { rmaNumber, status: moved.status };
    },

    // The seller's side (admin API and CLI).

    async sellerList(filter: { email?: string; status?: ReturnStatus }) {
      const conditions: SQL[] = [];
      if (filter.status) conditions.push(eq(returnRequests.status, filter.status));
      if (filter.email)
        conditions.push(
          sql`${returnRequests.buyerId} in (select ${users.buyerId} from ${users} where lower(${users.email}) = lower(${filter.email}))`,
        );
      const rows = await db
        .select({
          rmaNumber: returnRequests.rmaNumber,
          orderNumber: orders.phonexOrderNumber,
          status: returnRequests.status,
          credit: returnRequests.credit,
          createdAt: returnRequests.createdAt,
        })
        .from(returnRequests)
        .innerJoin(orders, eq(orders.id, returnRequests.orderId))
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(desc(returnRequests.id))
        .limit(1000);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },

    async sellerPhoto(rmaNumber: string, photoId: number) {
      const [request] = await db.select().from(returnRequests).where(byRma(rmaNumber));
      if (!request) throw notFound('Return');
      return photoOf(request, photoId);
    },

    async sellerDetails(rmaNumber: string) {
      const [request] = await db.select().from(returnRequests).where(byRma(rmaNumber));
      if (!request) throw notFound('Return');
      return view(db, request);
    },

    /** Approves a request with its return instructions; the units named are rejected, each with its reason (not all of them: reject the request instead). */
    async approve(
      rmaNumber: string,
      input: {
        instructions: string;
        answer?: string;
        rejectUnits?: { unit: string; reason: string }[];
        actor: string;
        at?: Date;
      },
    ) {
      return move(byRma(rmaNumber), 'APPROVED', input.actor, input.at ?? new Date(), async (tx, request) => {
        const units = await tx.select().from(returnUnits).where(eq(returnUnits.requestId, request.id));
        const rejected = new Map((input.rejectUnits ?? []).map((r) => [r.unit, r.reason]));
        for (const name of rejected.keys())
          if (!units.some((u) => u.unitKey === name))
            throw refused(400, 'unknownUnit', `Return ${rmaNumber} has no unit ${name}.`);
        if (rejected.size >= units.length)
          throw refused(409, 'allRejected', `Every unit of ${rmaNumber} is rejected: reject the request instead.`);
        for (const u of units) {
          const reason = rejected.get(u.unitKey);
          await tx
            .update(returnUnits)
            .set(reason === undefined ? { state: 'APPROVED' } : { state: 'REJECTED', rejectReason: reason })
            .where(eq(returnUnits.id, u.id));
        }
        return { instructions: input.instructions, answer: input.answer ?? '' };
      });
    },

    async reject(rmaNumber: string, input: { reason: string; actor: string; at?: Date }) {
      return move(byRma(rmaNumber), 'REJECTED', input.actor, input.at ?? new Date(), async (tx, request) => {
        await tx
          .update(returnUnits)
          .set({ state: 'REJECTED', rejectReason: input.reason })
          .where(eq(returnUnits.requestId, request.id));
        return { answer: input.reason };
      });
    },

    async receive(rmaNumber: string, input: { actor: string; at?: Date }) {
      return move(byRma(rmaNumber), 'RECEIVED', input.actor, input.at ?? new Date(), async (tx, request) => {
        await setKeptUnits(tx, request.id, 'RECEIVED');
      });
    },

    /**
     * Credits the received units: each its amount given, by default the price paid less the
     * restocking fee. The sum is one CREDIT row of the order's ledger (reference: the RMA number, so
     * it is recorded once whatever repeats it), and the order's paid amount and status follow.
     */
    async credit(rmaNumber: string, input: { amounts?: Record<string, number>; actor: string; at?: Date }) {
      const at = input.at ?? new Date();
      return move(byRma(rmaNumber), 'CREDITED', input.actor, at, async (tx, request) => {
        const settings = await readReturnSettings(tx);
        const units = await keptUnits(tx, request.id);
        for (const name of Object.keys(input.amounts ?? {}))
          if (!units.some((u) => u.unitKey === name))
            throw refused(400, 'unknownUnit', `Return ${rmaNumber} has no received unit ${name}.`);
        let total = 0;
        for (const u of units) {
          const amount = input.amounts?.[u.unitKey] ?? defaultCredit(u.unitPrice, settings.restockingFeeRate);
          if (!Number.isSafeInteger(amount) || amount < 0 || amount > u.unitPrice)
            throw refused(
              400,
              'invalidAmount',
              `The credit of ${u.unitKey} must be a whole number of minor units from 0 to ${u.unitPrice}.`,
            );
          total += amount;
          await tx.update(returnUnits).set({ state: 'CREDITED', credit: amount }).where(eq(returnUnits.id, u.id));
        }
        if (total > 0) {
          const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for('update');
          const recorded = await recordLedgerEntry(tx, {
            orderId: request.orderId,
            kind: 'CREDIT',
            amount: total,
            provider: RETURN_CREDIT_PROVIDER,
            reference: request.rmaNumber,
            userId: null,
            actor: input.actor,
            at,
          });
          if (!recorded) throw refused(409, 'duplicateReference', `Return ${rmaNumber} is credited already.`);
          const settled = await settlePayment(tx, request.orderId);
          await tx
            .update(orders)
            .set({ version: order!.version + 1, lastUpdateDate: at })
            .where(eq(orders.id, request.orderId));
          await tx.insert(orderEvents).values({
            orderId: request.orderId,
            at,
            userId: null,
            kind: 'CREDIT',
            fromStatus: order!.paymentStatus,
            toStatus: settled.paymentStatus,
            detail: { amount: total, reference: request.rmaNumber, actor: input.actor },
          });
        }
        return { credit: total };
      });
    },

    async replace(rmaNumber: string, input: { actor: string; at?: Date }) {
      return move(byRma(rmaNumber), 'REPLACED', input.actor, input.at ?? new Date(), async (tx, request) => {
        await setKeptUnits(tx, request.id, 'REPLACED');
      });
    },

    /** A buyer's past of `count` requests over the buyer's orders, in bulk (bench, tests). */
    async history(email: string, count: number) {
      const [user] = await db
        .select({ id: users.id, buyerId: users.buyerId })
        .from(users)
        .where(eq(users.email, email.toLowerCase()));
      if (!user?.buyerId) throw notFound('Buyer');
      const made = await returnHistory(db, { buyerId: user.buyerId, userId: user.id, count });
      if (!made) throw refused(409, 'noOrders', 'The buyer has no orders: make some first (POST /admin/order-history)');
      return made;
    },

    async saveSettings(change: Partial<ReturnSettings>) {
      const current = await readReturnSettings(db);
      const value = returnSettingsOf({ ...current, ...change });
      await db
        .insert(tenantSettings)
        .values({ key: RETURNS_SETTING, value })
        .onConflictDoUpdate({ target: tenantSettings.key, set: { value } });
      return value;
    },
  };
}

export type Returns = ReturnType<typeof createReturns>;
