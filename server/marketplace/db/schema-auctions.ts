import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { buyers, orders, participants, storedFiles, users, warehouses } from './schema';

/**
 * A lot on auction (issue 53): a seller's manifest sold as one, by proxy bidding. The standing
 * (leader, maximums, price, bid count) is moved only by a bid holding the row's lock
 * (services/auction-bids.ts); closing flips `status` to CLOSED and makes the award's order in the
 * same transaction, so a lot is closed and awarded once.
 */
export const auctionLots = pgTable(
  'auction_lots',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** The seller: a participant (the tenant itself, or a network seller). */
    participantId: text('participant_id')
      .notNull()
      .references(() => participants.id),
    warehouseCode: text('warehouse_code')
      .notNull()
      .references(() => warehouses.code),
    /** Minor units. */
    startingPrice: integer('starting_price').notNull(),
    /** Minor units; null: no reserve. Never sent to buyers. */
    reservePrice: integer('reserve_price'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Moves on with soft close; `scheduledEndsAt` keeps the end the seller set. */
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    scheduledEndsAt: timestamp('scheduled_ends_at', { withTimezone: true }).notNull(),
    /** ACTIVE (scheduled or open, by its times), CANCELED or CLOSED. */
    status: text('status').notNull().default('ACTIVE'),
    cancelReason: text('cancel_reason'),
    /** Units and units per grade of the manifest, kept with it for the list. */
    units: integer('units').notNull().default(0),
    gradeMix: jsonb('grade_mix').$type<Record<string, number>>().notNull().default({}),
    leaderBuyerId: integer('leader_buyer_id').references(() => buyers.id),
    leaderMaximum: integer('leader_maximum'),
    secondMaximum: integer('second_maximum'),
    currentPrice: integer('current_price'),
    bidCount: integer('bid_count').notNull().default(0),
    /** At close: SOLD, RESERVE_NOT_MET or NO_BIDS. */
    outcome: text('outcome'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the won and lost e-mails of its close went; null on a closed lot: the auctions job sends them. */
    outcomeMailedAt: timestamp('outcome_mailed_at', { withTimezone: true }),
    orderId: integer('order_id').references(() => orders.id),
    /** Reserve not met: the seller's offer of the lot at the reserve to the highest bidder (OFFERED, ACCEPTED, DECLINED). */
    secondChance: text('second_chance'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auction_lots_status_end_idx').on(t.status, t.endsAt),
    index('auction_lots_start_idx').on(t.startsAt),
    index('auction_lots_unmailed_idx')
      .on(t.closedAt)
      .where(sql`${t.status} = 'CLOSED' AND ${t.outcomeMailedAt} IS NULL`),
  ],
);

/** A line of a lot's manifest. */
export const auctionLotLines = pgTable(
  'auction_lot_lines',
  {
    id: serial('id').primaryKey(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => auctionLots.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    grade: text('grade').notNull(),
    capacity: text('capacity').notNull().default(''),
    colour: text('colour').notNull().default(''),
    quantity: integer('quantity').notNull(),
    imeis: jsonb('imeis').$type<string[]>().notNull().default([]),
  },
  (t) => [index('auction_lot_lines_lot_idx').on(t.lotId)],
);

/** A photo the seller gave of a lot, in the order given; its bytes are a stored file (services/file-store.ts). */
export const auctionLotPhotos = pgTable(
  'auction_lot_photos',
  {
    id: serial('id').primaryKey(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => auctionLots.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    position: integer('position').notNull(),
  },
  (t) => [index('auction_lot_photos_lot_idx').on(t.lotId, t.position)],
);

/** Every accepted bid: the bidder's maximum (never shown to others) and the lot's price after it. */
export const auctionBids = pgTable(
  'auction_bids',
  {
    id: serial('id').primaryKey(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => auctionLots.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    maximum: integer('maximum').notNull(),
    priceAfter: integer('price_after').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The confirmation form's key: a replayed bid finds the one it made. */
    idempotencyKey: text('idempotency_key').unique(),
  },
  (t) => [index('auction_bids_lot_idx').on(t.lotId, t.id), index('auction_bids_buyer_idx').on(t.buyerId, t.lotId)],
);

/** A user's watch list. */
export const auctionWatches = pgTable(
  'auction_watches',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => auctionLots.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lotId] })],
);

/**
 * Each auction e-mail claimed before it is sent (outbid, won, lost, ending soon): the insert that
 * finds its row already there sends nothing, on whichever replica. `ref` tells two outbids apart (the
 * bid that outbid).
 */
export const auctionNotices = pgTable(
  'auction_notices',
  {
    lotId: integer('lot_id')
      .notNull()
      .references(() => auctionLots.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    ref: integer('ref').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.lotId, t.userId, t.kind, t.ref] })],
);
