import type { InvoiceCharges } from '../../../app/domain/orders/invoice';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ImportSource } from '../../../app/domain/offers/import';

/** Key/value settings of the tenant: stock list settings per participant, inventory, network, cart. */
export const tenantSettings = pgTable('tenant_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/**
 * The marketplace's words for buyers in other languages than the English they are kept in (status
 * labels, methods, services, taxes, grades, warehouses, warehouse groups): one text per thing, field
 * and language. The kinds and fields are services/texts.ts's; a missing text is the English one.
 */
export const marketplaceTexts = pgTable(
  'marketplace_texts',
  {
    kind: text('kind').notNull(),
    /** The thing's code or id within its kind (a grade is `participant/code`, a tax rule `country` or `country-state`). */
    ref: text('ref').notNull(),
    field: text('field').notNull(),
    language: text('language').notNull(),
    text: text('text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.ref, t.field, t.language] })],
);

/** Network participants (pxn). The tenant itself is the participant with `isOwn`. */
export const participants = pgTable('participants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  isOwn: boolean('is_own').notNull().default(false),
  isPxns: boolean('is_pxns').notNull().default(false),
  isPxnr: boolean('is_pxnr').notNull().default(false),
  warehouseGroupSelectOrder: integer('warehouse_group_select_order'),
});

export const warehouseGroups = pgTable('warehouse_groups', {
  id: text('id').primaryKey(),
  participantId: text('participant_id')
    .notNull()
    .references(() => participants.id),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
});

export const warehouses = pgTable('warehouses', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
  groupId: text('group_id')
    .notNull()
    .references(() => warehouseGroups.id),
  acceptingOffers: boolean('accepting_offers').notNull().default(true),
});

export const buyers = pgTable('buyers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  isProspect: boolean('is_prospect').notNull().default(false),
  participantId: text('participant_id').references(() => participants.id),
  salesRepEmail: text('sales_rep_email'),
  salesRepPhone: text('sales_rep_phone'),
  salesRepWhatsApp: text('sales_rep_whatsapp'),
  /** How many orders the buyer has, kept by triggers on orders (migration 0022): the orders list's count. */
  orderCount: integer('order_count').notNull().default(0),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  buyerId: integer('buyer_id').references(() => buyers.id),
  isBuyer: boolean('is_buyer').notNull().default(true),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  stockReportNotification: boolean('stock_report_notification').notNull().default(false),
  /** E-mails when the seller answers one of the user's offers (issue 37): on unless the user turns them off. */
  offerAnswerEmails: boolean('offer_answer_emails').notNull().default(true),
  /** Auction e-mails (outbid, won, lost, ending soon for watched lots; issue 53): on unless the user turns them off. */
  auctionEmails: boolean('auction_emails').notNull().default(true),
  /** How the user's stock list shows its groups (issue 37): 'cards', or 'list' (one line a group). */
  stockListLayout: text('stock_list_layout').notNull().default('cards'),
  /** Moves whenever the user's authorities change: the portal compares it on each request and re-reads them only then. */
  authoritiesRevision: integer('authorities_revision').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userAuthorities = pgTable(
  'user_authorities',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authority: text('authority').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.authority] })],
);

/**
 * Refresh tokens and new-password challenges, stored as SHA-256 hashes. A refresh-token row is a
 * signed-in session: access tokens name it (`sid`) and stop working when the row is gone.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** The session's public name, carried by its access tokens; not the token, not its hash. */
    sessionId: uuid('session_id').notNull().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['refresh', 'challenge'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId), uniqueIndex('auth_tokens_session_idx').on(t.sessionId)],
);

export const passwordResetCodes = pgTable('password_reset_codes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
});

export const categories = pgTable(
  'categories',
  {
    participantId: text('participant_id')
      .notNull()
      .references(() => participants.id),
    code: text('code').notNull(),
    label: text('label').notNull(),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [primaryKey({ columns: [t.participantId, t.code] })],
);

export const grades = pgTable(
  'grades',
  {
    participantId: text('participant_id')
      .notNull()
      .references(() => participants.id),
    code: text('code').notNull(),
    label: text('label').notNull(),
    description: text('description').notNull(),
    /** The requesting participant's (pxnr) own grade that this grade maps to. */
    pxnrGrade: text('pxnr_grade'),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [primaryKey({ columns: [t.participantId, t.code] })],
);

export const stockItems = pgTable(
  'stock_items',
  {
    id: serial('id').primaryKey(),
    participantId: text('participant_id')
      .notNull()
      .references(() => participants.id),
    itemNumber: text('item_number').notNull(),
    warehouseCode: text('warehouse_code')
      .notNull()
      .references(() => warehouses.code),
    /** itemNumber + '-' + warehouse code: the key of offers, alerts and cart entries. */
    itemNumberWarehouse: text('item_number_warehouse').notNull(),
    category: text('category').notNull(),
    /** Items with the same group key form one item group on the stock list. */
    groupKey: text('group_key').notNull(),
    groupTitle: text('group_title').notNull(),
    groupDescription: text('group_description').notNull(),
    skuDescription: text('sku_description').notNull(),
    grade: text('grade').notNull(),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull(),
    quantityAvailable: integer('quantity_available').notNull(),
    listPrice: numeric('list_price', { precision: 12, scale: 2, mode: 'number' }),
    incrementSize: integer('increment_size').notNull().default(1),
    minimumCheckoutQuantity: integer('minimum_checkout_quantity').notNull().default(1),
    /** Units of this item on open orders: what a pxns seller sees instead of buy buttons. */
    pendingOrderItemCount: integer('pending_order_item_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_items_inw_idx').on(t.participantId, t.itemNumberWarehouse),
    index('stock_items_browse_idx').on(t.participantId, t.category, t.groupKey),
    index('stock_items_warehouse_idx').on(t.warehouseCode),
  ],
);

/** Bumped by every stock change of a participant, so readers know when their cached copy is stale. */
export const stockRevisions = pgTable('stock_revisions', {
  participantId: text('participant_id')
    .primaryKey()
    .references(() => participants.id),
  revision: integer('revision').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A buyer's cart entry or offer on one stock item (spec 1 §3, spec 2 §3): one per buyer and item.
 * The status moves through the review engine; every move is kept in offer_history.
 */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    /** The seller: the participant whose stock the item is. */
    participantId: text('participant_id')
      .notNull()
      .references(() => participants.id),
    itemNumberWarehouse: text('item_number_warehouse').notNull(),
    status: text('status').notNull(),
    offerQuantity: integer('offer_quantity').notNull(),
    offerPrice: numeric('offer_price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    counterPrice: numeric('counter_price', { precision: 12, scale: 2, mode: 'number' }),
    checkOutQuantity: integer('check_out_quantity'),
    checkOutPrice: numeric('check_out_price', { precision: 12, scale: 2, mode: 'number' }),
    minimumCheckoutQuantity: integer('minimum_checkout_quantity'),
    acceptedOrCounteredExpirationDate: timestamp('accepted_or_countered_expiration_date', { withTimezone: true }),
    /** The status to return to when an item that ran out of stock comes back. */
    statusBeforeOutOfStock: text('status_before_out_of_stock'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('offers_buyer_item_idx').on(t.buyerId, t.participantId, t.itemNumberWarehouse),
    index('offers_item_idx').on(t.participantId, t.itemNumberWarehouse),
    index('offers_status_idx').on(t.status),
  ],
);

/** Who moved an offer, when, from which status to which. Kept after the offer is deleted. */
export const offerHistory = pgTable(
  'offer_history',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id').notNull(),
    actor: text('actor').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('offer_history_offer_idx').on(t.offerId)],
);

/** "Alert me when you add N units" on one item, per buyer (spec 1 §3). */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    participantId: text('participant_id')
      .notNull()
      .references(() => participants.id),
    itemNumberWarehouse: text('item_number_warehouse').notNull(),
    quantity: integer('quantity').notNull(),
    /** Available quantity when the alert was set or last sent: additions are counted from here. */
    baselineQuantity: integer('baseline_quantity').notNull(),
    lastNotifiedAt: timestamp('last_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.buyerId, t.participantId, t.itemNumberWarehouse] }),
    index('stock_alerts_item_idx').on(t.participantId, t.itemNumberWarehouse),
  ],
);

/** Every change of an item's quantity or list price: what alerts and the daily report read. */
export const stockEvents = pgTable(
  'stock_events',
  {
    id: serial('id').primaryKey(),
    participantId: text('participant_id').notNull(),
    itemNumberWarehouse: text('item_number_warehouse').notNull(),
    quantityBefore: integer('quantity_before').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    priceBefore: numeric('price_before', { precision: 12, scale: 2, mode: 'number' }),
    priceAfter: numeric('price_after', { precision: 12, scale: 2, mode: 'number' }),
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The participant's stock revision this change made: a snapshot reloads only the items of the revisions it missed. */
    revision: integer('revision'),
  },
  (t) => [index('stock_events_at_idx').on(t.at), index('stock_events_revision_idx').on(t.participantId, t.revision)],
);

/** One row per daily report sent, so the next report covers what happened since. */
export const dailyReportDeliveries = pgTable(
  'daily_report_deliveries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    coveredFrom: timestamp('covered_from', { withTimezone: true }).notNull(),
    rows: integer('rows').notNull(),
  },
  (t) => [index('daily_report_user_idx').on(t.userId, t.sentAt)],
);

/** Proof-of-export documents a buyer owes the seller; pending until a file is uploaded and reviewed. */
export const proofOfExportDocuments = pgTable(
  'proof_of_export_documents',
  {
    id: serial('id').primaryKey(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    documentName: text('document_name').notNull(),
    /** The lines describing what the document must show. */
    documentDescription: jsonb('document_description').$type<string[]>().notNull().default([]),
    /** null (nothing uploaded), PENDING_REVIEW, APPROVED or REJECTED. */
    status: text('status'),
    fileName: text('file_name'),
    contentType: text('content_type'),
    fileSize: integer('file_size'),
    /** The id of the uploaded file in the file store (services/file-store.ts). */
    storedAs: text('stored_as'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('poe_documents_buyer_idx').on(t.buyerId)],
);

/** A buyer's sales order with the seller, per warehouse. Checkout creates them; unshipped ones take additions. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    phonexOrderNumber: text('phonex_order_number').notNull().unique(),
    refOrderNumber: text('ref_order_number'),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    participantId: text('participant_id')
      .notNull()
      .references(() => participants.id),
    warehouseCode: text('warehouse_code')
      .notNull()
      .references(() => warehouses.code),
    /** The fulfilment status: ON_HOLD, AWAITING_SHIPPING_QUOTE, UNSHIPPED, SHIPPED, INVOICED, CANCELED. */
    status: text('status').notNull(),
    /**
     * UNPAID, AWAITING_PAYMENT, PARTIALLY_PAID, PAID, FAILED, REFUNDED, CREDIT_DUE or NOTHING_DUE: derived
     * from the payment ledger, the total and the payment attempt (app/domain/orders/payment-balance.ts), and
     * written only with them (services/payment-ledger.ts), so the orders list can sort and filter on it.
     */
    paymentStatus: text('payment_status').notNull().default('UNPAID'),
    /** Captured less refunded, minor units: the ledger's sum, written with it. */
    amountPaid: integer('amount_paid').notNull().default(0),
    /** AWAITING while an integrated payment is expected, FAILED after the last one failed, else null. */
    paymentAttempt: text('payment_attempt'),
    /** The shipping address as it was chosen and the shipping option (method, insurance, carrier, quote). */
    shipping: jsonb('shipping').$type<Record<string, unknown>>(),
    /** The billing address as it was chosen and the payment method. */
    billing: jsonb('billing').$type<Record<string, unknown>>(),
    paymentMethodCode: text('payment_method_code'),
    additionalServices: jsonb('additional_services').$type<string[]>().notNull().default([]),
    /** Charges in minor units (hundredths of the currency unit). */
    subtotal: integer('subtotal').notNull().default(0),
    additionalServicesFee: integer('additional_services_fee').notNull().default(0),
    freight: integer('freight').notNull().default(0),
    freightUndefined: boolean('freight_undefined').notNull().default(false),
    /** What a promotion takes off the freight, and the promotion's words (issue 51: a banner's promise is a line of the order). */
    freightDiscount: integer('freight_discount').notNull().default(0),
    promotion: text('promotion').notNull().default(''),
    /** The insurance premium, a charge of its own (before issue 51 it was inside the freight). */
    insurance: integer('insurance').notNull().default(0),
    tax: integer('tax').notNull().default(0),
    taxDescription: text('tax_description').notNull().default(''),
    paymentFee: integer('payment_fee').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** The checkout form's key: a replayed submission finds the order it already made. */
    idempotencyKey: text('idempotency_key').unique(),
    /** Moves on every change; a save naming an older one is refused (no lost update). */
    version: integer('version').notNull().default(1),
    /** Reservation and cancellation terms (spec 3 §4): agreed by the buyer, and when. */
    racFeeAgreed: boolean('rac_fee_agreed').notNull().default(false),
    racFeeAgreedAt: timestamp('rac_fee_agreed_at', { withTimezone: true }),
    /** The end of the free period to pay; fees run from a day after it. */
    gracePeriodEnd: timestamp('grace_period_end', { withTimezone: true }),
    /** When fees stop accruing; null: they do not stop. */
    racFeePeriodEnd: timestamp('rac_fee_period_end', { withTimezone: true }),
    /** Fee rates per 24 hours in hundredths of a percent (150 = 1.50 %). */
    reservationFeeRate: integer('reservation_fee_rate').notNull().default(0),
    cancellationFeeRate: integer('cancellation_fee_rate').notNull().default(0),
    /** Minor units, as last calculated. */
    reservationFee: integer('reservation_fee').notNull().default(0),
    cancellationFee: integer('cancellation_fee').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the orders list sorts on, from the order's lines: kept by triggers on order_lines
     * (migration 0015), never written by the services. Units ordered; units shipped; units still
     * ordered (canceled ones left out).
     */
    orderedQuantity: integer('ordered_quantity').notNull().default(0),
    shippedUnits: integer('shipped_units').notNull().default(0),
    liveUnits: integer('live_units').notNull().default(0),
    /** Shipped units of the units still ordered, 0 to 100 (float8: numeric arithmetic costs PGlite dearly). */
    shippedPercent: doublePrecision('shipped_percent')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(100 * "shipped_units"::float8 / nullif("live_units", 0), 0)`),
  },
  (t) => [
    index('orders_buyer_idx').on(t.buyerId, t.warehouseCode, t.status),
    index('orders_buyer_updated_idx').on(t.buyerId, t.lastUpdateDate),
    // A page sorted on one of these reads the buyer's orders in order off the index and stops at its last row.
    index('orders_buyer_total_idx').on(t.buyerId, t.total, t.id),
    index('orders_buyer_shipped_idx').on(t.buyerId, t.shippedPercent, t.id),
    index('orders_buyer_ordered_idx').on(t.buyerId, t.orderedQuantity, t.id),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemNumberWarehouse: text('item_number_warehouse').notNull(),
    itemNumber: text('item_number').notNull(),
    description: text('description').notNull(),
    /** The ordered quantity. */
    quantity: integer('quantity').notNull(),
    canceledQuantity: integer('canceled_quantity').notNull().default(0),
    shippedQuantity: integer('shipped_quantity').notNull().default(0),
    /** The stock item's increment when ordered: quantity edits keep to it. */
    incrementSize: integer('increment_size').notNull().default(1),
    /** The devices one unit of the line holds (an awarded lot: its manifest's); freight and per-unit fees count them. */
    devicesPerUnit: integer('devices_per_unit').notNull().default(1),
    /** Minor units. */
    unitPrice: integer('unit_price').notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/**
 * What the orders list searches, one narrow row an order (a scan of the buyer's rows reads far less
 * than the orders themselves, with their addresses): the order number, the reference and the lines'
 * descriptions, lowered, one a line. Kept by triggers on orders and order_lines (migration 0015).
 */
export const orderSearchTexts = pgTable(
  'order_search_texts',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id').notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('order_search_texts_buyer_idx').on(t.buyerId)],
);

/** A shipment the seller sent: its tracking number and, per line, the quantity and the IMEIs (the manifest). */
export const orderShipments = pgTable(
  'order_shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    trackingNumber: text('tracking_number').notNull(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull().defaultNow(),
    lines: jsonb('lines').$type<{ itemNumberWarehouse: string; quantity: number; imeis: string[] }[]>().notNull(),
  },
  (t) => [index('order_shipments_order_idx').on(t.orderId)],
);

/** An invoice the seller issued for an order: its number, amount and lines (prices in minor units). */
export const orderInvoices = pgTable(
  'order_invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    invoiceNumber: text('invoice_number').notNull().unique(),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }).notNull().defaultNow(),
    amount: integer('amount').notNull(),
    lines: jsonb('lines')
      .$type<
        { itemNumberWarehouse: string; itemNumber: string; description: string; quantity: number; unitPrice: number }[]
      >()
      .notNull(),
    /** The order's charges this invoice carries (the first one carries them all), each its own line; null on invoices made before issue 51. */
    charges: jsonb('charges').$type<InvoiceCharges>(),
  },
  (t) => [index('order_invoices_order_idx').on(t.orderId)],
);

/**
 * A buyer's unsaved changes to a placed order (spec 3 §2.6 pending changes), per sign-in, kept on the server so
 * they survive the round trips of a browser without JavaScript; saved at once against baseVersion.
 */
export const orderDrafts = pgTable(
  'order_drafts',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sign-in they belong to: the same buyer on another device has changes of its own. */
    sessionId: text('session_id').notNull(),
    /** The order's version the changes were made against. */
    baseVersion: integer('base_version').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.sessionId] }), index('order_drafts_updated_idx').on(t.updatedAt)],
);

/** What happened to an order, by whom: created, held, released, paid, changed, canceled. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The user who did it; null for the marketplace itself (a job, the payment provider). */
    userId: integer('user_id'),
    kind: text('kind').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId)],
);

/** An integrated payment (INTEGRATED_PAYPAL) of an order at its provider: started, then approved or declined, then confirmed. */
export const payments = pgTable(
  'payments',
  {
    token: text('token').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** Minor units. */
    amount: integer('amount').notNull(),
    /**
     * OPENING (asked of the provider), PENDING, APPROVED, DECLINED, VOIDED (replaced, or no longer
     * owed: never captured), CAPTURING (claimed by a confirmation, the provider being asked),
     * REFUNDING (captured beyond what was owed, the excess being given back), CAPTURED.
     */
    status: text('status').notNull().default('PENDING'),
    payerId: text('payer_id'),
    /** Where the buyer approves it: answered again when a start reuses the payment. */
    approveUrl: text('approve_url'),
    /** The provider's capture, which a refund names. */
    captureId: text('capture_id'),
    /** Minor units given back at once because they were captured beyond what the order owed. */
    refundAmount: integer('refund_amount').notNull().default(0),
    /** The order goes out once paid when the buyer chose Pay and Ship Now. */
    releaseOnSuccess: boolean('release_on_success').notNull(),
    returnUrl: text('return_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_order_idx').on(t.orderId)],
);

/**
 * The payment ledger: every amount taken for an order (PAYMENT: an integrated capture or a payment the
 * seller recorded) and every amount given back (REFUND), in minor units, with the provider's reference.
 * An order's paid amount and payment status are worked out from these rows; rows are never changed.
 */
export const paymentLedger = pgTable(
  'payment_ledger',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Minor units, above 0. */
    amount: integer('amount').notNull(),
    /** sandbox, paypal, or seller (recorded by hand). */
    provider: text('provider').notNull(),
    /** The provider's reference (the payment's token for a capture); a capture is recorded once per reference. */
    reference: text('reference').notNull(),
    /** Who recorded it: a user id, or null with a name (the seller). */
    userId: integer('user_id'),
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_ledger_order_idx').on(t.orderId),
    uniqueIndex('payment_ledger_reference_idx').on(t.kind, t.provider, t.reference),
  ],
);

/** A buyer's addresses: where orders ship to (with the methods each may use) and who is billed. */
export const buyerAddresses = pgTable(
  'buyer_addresses',
  {
    id: serial('id').primaryKey(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    /** SHIPPING or BILLING. */
    kind: text('kind').notNull(),
    label: text('label').notNull(),
    name: text('name').notNull(),
    contact: text('contact').notNull().default(''),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull().default(''),
    zip: text('zip').notNull().default(''),
    country: text('country').notNull(),
    instructions: text('instructions').notNull().default(''),
    shippingMethodCodes: jsonb('shipping_method_codes').$type<string[]>().notNull().default([]),
  },
  (t) => [index('buyer_addresses_buyer_idx').on(t.buyerId, t.kind)],
);

/** A buyer's default checkout choices (spec 3 §2.4), as a selection. */
export const buyerPreferences = pgTable('buyer_preferences', {
  buyerId: integer('buyer_id')
    .primaryKey()
    .references(() => buyers.id),
  selection: jsonb('selection').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a buyer chose to check out from the cart (one warehouse, some offers, new order or added to
 * an unshipped one), kept so the checkout screens can read it back: one per buyer and warehouse (a
 * new hand-off replaces it), gone after CHECKOUT_DRAFT_LIFETIME_MS without a hand-off.
 */
export const checkoutDrafts = pgTable(
  'checkout_drafts',
  {
    id: text('id').primaryKey(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    participantId: text('participant_id')
      .notNull()
      .references(() => participants.id),
    warehouseCode: text('warehouse_code').notNull(),
    offerIds: jsonb('offer_ids').$type<number[]>().notNull(),
    /** NEW_ORDER or ADD_TO_EXISTING_ORDER. */
    mode: text('mode').notNull(),
    /** What the buyer has chosen so far on the checkout screen (kept here so it works without scripts). */
    selection: jsonb('selection').$type<Record<string, unknown>>(),
    /** The idempotency key of this hand-off's submission: new with every hand-off. */
    submissionKey: text('submission_key')
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('checkout_drafts_buyer_warehouse_idx').on(t.buyerId, t.participantId, t.warehouseCode),
    index('checkout_drafts_updated_idx').on(t.updatedAt),
  ],
);

/**
 * A bulk offer import waiting for review (spec 1 §2 Review Import): the rows read from the buyer's
 * spreadsheet, as typed. The review classifies them against the stock and the cart each time it is
 * read, so it stays true while it waits; one per user (a new upload replaces it), gone after a day.
 */
export const offerImportBatches = pgTable(
  'offer_import_batches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    fileName: text('file_name').notNull(),
    /** 'file' for a spreadsheet upload, 'text' for the quick order pad's lines (where a blank price is the list price). */
    source: text('source').$type<ImportSource>().notNull().default('file'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('offer_import_batches_user_idx').on(t.userId),
    index('offer_import_batches_expires_idx').on(t.expiresAt),
  ],
);

/** One non-blank row of an import's spreadsheet: the four required columns as text, and its line in the sheet. */
export const offerImportRows = pgTable(
  'offer_import_rows',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => offerImportBatches.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    itemNumber: text('item_number').notNull(),
    warehouse: text('warehouse').notNull(),
    quantity: text('quantity').notNull(),
    price: text('price').notNull(),
  },
  (t) => [index('offer_import_rows_batch_idx').on(t.batchId, t.line)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * One row per background job: the replica whose lease it is runs it, until `lockedUntil`; a replica
 * that dies mid-run leaves the lease to expire and another takes the job.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder'),
  lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull().defaultNow(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastError: text('last_error'),
});

/** Counters of the sign-in and reset limits, shared by every replica (PostgreSQL). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    /** Address window: when it resets. Account: when the next attempt may come. */
    until: timestamp('until', { withTimezone: true }).notNull(),
    /** When the entry may be forgotten. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/** Uploaded files (proof-of-export documents) kept in the database, never on one replica's disk. */
export const storedFiles = pgTable('stored_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A buyer's return request (issue 38) for units of one order: its RMA number, status, the buyer's note,
 * the seller's answer and return instructions. Statuses and moves: app/domain/returns/rules.ts.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: serial('id').primaryKey(),
    rmaNumber: text('rma_number').notNull().unique(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    /** The seller's answer: why a request was rejected, or a word with the approval. */
    answer: text('answer').notNull().default(''),
    instructions: text('instructions').notNull().default(''),
    /** The form's key: a replayed submission finds the request it already made. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The sum credited to the order's ledger, minor units (0 until CREDITED). */
    credit: integer('credit').notNull().default(0),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** How many units the request holds, whatever their state: kept by triggers on return_units (migration 0021), never written by the services. */
    unitCount: integer('unit_count').notNull().default(0),
  },
  (t) => [
    index('return_requests_buyer_idx').on(t.buyerId, t.createdAt),
    index('return_requests_order_idx').on(t.orderId),
    uniqueIndex('return_requests_key_idx').on(t.buyerId, t.idempotencyKey),
    // A page of the returns list sorted on one of these reads the buyer's requests in order off the index and stops at its last row.
    index('return_requests_buyer_units_idx').on(t.buyerId, t.unitCount, t.id),
    index('return_requests_buyer_credit_idx').on(t.buyerId, t.credit, t.id),
  ],
);

/**
 * What the returns list searches, one narrow row a request: its RMA number, its order's number and
 * its units' IMEIs, lowered, one a line. Kept by triggers on return_requests, return_units and
 * orders (migration 0021).
 */
export const returnSearchTexts = pgTable(
  'return_search_texts',
  {
    requestId: integer('request_id')
      .primaryKey()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id').notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('return_search_texts_buyer_idx').on(t.buyerId)],
);

/** A unit of a return request: its IMEI (or line slot), reason, price paid, the seller's decision and its credit. */
export const returnUnits = pgTable(
  'return_units',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemNumberWarehouse: text('item_number_warehouse').notNull(),
    /** The IMEI, or for goods shipped without one the line and slot (`ITEM#3`). */
    unitKey: text('unit_key').notNull(),
    imei: text('imei'),
    reasonCode: text('reason_code').notNull(),
    /** The unit's own state (a request's units may be rejected one by one). */
    state: text('state').notNull(),
    rejectReason: text('reject_reason').notNull().default(''),
    /** Minor units: the line's price paid, and what was credited for the unit. */
    unitPrice: integer('unit_price').notNull(),
    credit: integer('credit').notNull().default(0),
  },
  (t) => [
    index('return_units_request_idx').on(t.requestId),
    index('return_units_imei_idx').on(t.imei),
    // A unit is in one request at a time, and returned once: held states are listed in app/domain/returns/rules.ts.
    uniqueIndex('return_units_held_idx')
      .on(t.orderId, t.unitKey)
      .where(sql`${t.state} IN ('REQUESTED', 'APPROVED', 'RECEIVED', 'CREDITED', 'REPLACED')`),
  ],
);

/** Photos of a returned unit, kept in stored_files. */
export const returnPhotos = pgTable(
  'return_photos',
  {
    id: serial('id').primaryKey(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => returnUnits.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
  },
  (t) => [index('return_photos_unit_idx').on(t.unitId)],
);

/** A return request's history: each status it took, when, by whom. */
export const returnEvents = pgTable(
  'return_events',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [index('return_events_request_idx').on(t.requestId)],
);

/**
 * A user's saved stock list searches (issue 37): a name, the list's canonical query string (page 1)
 * on one participant's stock, and, with alerts on, what the last daily run saw of its matches (each
 * matching item's price, bounded; see app/domain/stock/saved-search.ts) and the day it ran.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    participantId: text('participant_id')
      .notNull()
      .references(() => participants.id),
    name: text('name').notNull(),
    query: text('query').notNull(),
    alerts: boolean('alerts').notNull().default(false),
    seen: jsonb('seen')
      .$type<{ prices: Record<string, number | null>; complete: boolean; listedUpTo: number }>()
      .notNull(),
    /** The UTC day (YYYY-MM-DD) of the last alert run that handled this search. */
    checkedOn: text('checked_on'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.id),
    uniqueIndex('saved_searches_user_name_idx').on(t.userId, sql`lower(${t.name})`),
  ],
);

/**
 * Stock a seller announces before it arrives (issue 53): the buyers commit to it until the cut-off;
 * when it arrives (`arrivedQuantity`, the final `unitPrice` in the range) the allocation job shares it
 * out by the tenant's rule, once. OPEN → ARRIVED → ALLOCATED, or CANCELED.
 */
export const preorders = pgTable(
  'preorders',
  {
    id: serial('id').primaryKey(),
    participantId: text('participant_id')
      .notNull()
      .references(() => participants.id),
    warehouseCode: text('warehouse_code')
      .notNull()
      .references(() => warehouses.code),
    /** The item number the allocated units are ordered under. */
    itemNumber: text('item_number').notNull(),
    model: text('model').notNull(),
    grade: text('grade').notNull(),
    capacity: text('capacity').notNull(),
    expectedQuantity: integer('expected_quantity').notNull(),
    /** YYYY-MM-DD. */
    expectedDate: date('expected_date', { mode: 'string' }).notNull(),
    /** Minor units: equal for a fixed unit price, else the range the final price is chosen in. */
    priceMin: integer('price_min').notNull(),
    priceMax: integer('price_max').notNull(),
    minimumCommitment: integer('minimum_commitment').notNull().default(1),
    cutOff: timestamp('cut_off', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('OPEN'),
    arrivedQuantity: integer('arrived_quantity'),
    /** The final unit price (minor units), set when the stock arrives. */
    unitPrice: integer('unit_price'),
    /** The tenant's rule the allocation used (FIRST_COME or PRO_RATA). */
    allocationRule: text('allocation_rule'),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    allocatedAt: timestamp('allocated_at', { withTimezone: true }),
    /** Why the seller canceled it (status CANCELED), as the seller wrote it. */
    cancelReason: text('cancel_reason'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('preorders_status_idx').on(t.status, t.cutOff)],
);

/** A buyer's commitment to a pre-order, one per buyer: OPEN, WITHDRAWN, then ALLOCATED (with its order) or NOT_ALLOCATED, or CANCELED with its pre-order. */
export const preorderCommitments = pgTable(
  'preorder_commitments',
  {
    id: serial('id').primaryKey(),
    preorderId: integer('preorder_id')
      .notNull()
      .references(() => preorders.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id),
    /** Who committed last: the allocation e-mail goes to them. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    quantity: integer('quantity').notNull(),
    /** Minor units, for a pre-order priced as a range; null at a fixed price. */
    maxUnitPrice: integer('max_unit_price'),
    status: text('status').notNull().default('OPEN'),
    /** The commitment's place in line (first come first served, ties in pro rata): moves only when the quantity grows. */
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    allocatedQuantity: integer('allocated_quantity').notNull().default(0),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** When the allocated-or-not e-mail went (each commitment's once). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('preorder_commitments_buyer_idx').on(t.preorderId, t.buyerId),
    index('preorder_commitments_of_buyer_idx').on(t.buyerId, t.id),
  ],
);
export * from './schema-auctions';
