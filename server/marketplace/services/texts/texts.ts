import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { typeset } from '../../../../app/i18n/typography';
import { hasLocale, LOCALES } from '../../../../app/locales';
import type { Db, Tx } from '../../db/client';
import { grades, marketplaceTexts, stockRevisions, warehouseGroups, warehouses } from '../../db/schema';
import { ApiError } from '../../errors';
import { keptPerDatabase } from '../shared/kept-until-changed';

/**
 * The marketplace's words that buyers read, by kind, each field with the most characters its text
 * may have. The things themselves keep their English (a column, the checkout catalogue, the order
 * settings); `marketplace_texts` holds their texts per language (English too, to reword it), set by
 * the tenant operator.
 */
export const TEXT_FIELDS = {
  'fulfillment-status': { label: 60 },
  'payment-status': { label: 60 },
  /** The order settings' own messages, by name (payAndShipNowWarning). */
  'order-message': { message: 500 },
  'shipping-method': { label: 100, deliveryEstimate: 200 },
  'payment-method': { label: 100, description: 500, instructions: 1000 },
  /** A request-a-quote service level, by the level itself (the value a buyer's choice sends and an order records). */
  'quote-service-level': { label: 60 },
  'additional-service': { label: 100, description: 500, instructions: 1000 },
  'tax-rule': { description: 100 },
  grade: { label: 60, description: 500 },
  warehouse: { label: 100 },
  'warehouse-group': { name: 100, description: 300 },
  /** A warehouse's opening hours for pick-ups, by the warehouse's code (the checkout catalogue's warehouseLocations). */
  'pick-up-location': { openingHours: 200 },
} as const satisfies Record<string, Record<string, number>>;

export type TextKind = keyof typeof TEXT_FIELDS;
export type TextField<K extends TextKind> = keyof (typeof TEXT_FIELDS)[K] & string;
export const TEXT_KINDS = Object.keys(TEXT_FIELDS) as [TextKind, ...TextKind[]];

/** A word in the tenant's language: the text set for this thing's field, else the English it was given. */
export type Words = <K extends TextKind>(kind: K, ref: string, field: TextField<K>, english: string) => string;

/** Every word as the thing keeps it, in English. */
export const englishWords: Words = (_kind, _ref, _field, english) => english;

/** A tax rule's name among the texts: its country, and its state when it has one ("US-TX"). */
export const taxRuleRef = (rule: { country: string; state?: string }) =>
  rule.state ? `${rule.country}-${rule.state}` : rule.country;
/** A grade's name among the texts: grades are per participant. */
export const gradeRef = (participantId: string, code: string) => `${participantId}/${code}`;

const keyOf = (kind: string, ref: string, field: string) => `${kind}\u0000${ref}\u0000${field}`;

/** Where a text is looked for, best first: the language, its base language ("pt" of "pt-BR"), then English set as a text. */
const lookupOrder = (language: string) => [...new Set([language, language.split('-')[0]!, 'en'])];

const textsIn = keptPerDatabase([marketplaceTexts], async (db, language: string) => {
  const order = lookupOrder(language);
  const rows = await db
    .select({
      kind: marketplaceTexts.kind,
      ref: marketplaceTexts.ref,
      field: marketplaceTexts.field,
      language: marketplaceTexts.language,
      text: marketplaceTexts.text,
    })
    .from(marketplaceTexts)
    .where(inArray(marketplaceTexts.language, order));
  rows.sort((a, b) => order.indexOf(b.language) - order.indexOf(a.language));
  // The best language comes last and wins. Each text is set as its own language sets it, like the
  // portal's own (the operator's "Payez sous 30 jours : virement" gets its no-break space), once a change.
  return new Map(rows.map((r) => [keyOf(r.kind, r.ref, r.field), typeset(r.language, r.text)]));
});

/** The one resolver of the marketplace's words: in this language, falling back to English. */
export async function wordsIn(db: Db, language: string): Promise<Words> {
  const texts = await textsIn(db, language);
  return (kind, ref, field, english) => texts.get(keyOf(kind, ref, field)) ?? english;
}

/** A warehouse's name in the language; its code when there is no such warehouse. */
export async function warehouseLabelIn(db: Db, code: string, language: string): Promise<string> {
  const [row] = await db.select({ label: warehouses.label }).from(warehouses).where(eq(warehouses.code, code));
  return row ? (await wordsIn(db, language))('warehouse', code, 'label', row.label) : code;
}

/** One thing's field that can have texts, with its English. */
export interface KnownText {
  kind: TextKind;
  ref: string;
  field: string;
  english: string;
}

/** The kinds whose words the stock service keeps with each stock revision (services/stock.ts). */
const STOCK_KINDS: readonly TextKind[] = ['grade', 'warehouse', 'warehouse-group'];

/**
 * Every word of the stock data (grades, warehouses, warehouse groups); the checkout's and the
 * order settings' come from their modules, which know their shapes.
 */
export async function stockTexts(db: Db): Promise<KnownText[]> {
  const [gradeRows, warehouseRows, groupRows] = [
    await db.select().from(grades).orderBy(asc(grades.participantId), asc(grades.sortOrder)),
    await db.select().from(warehouses).orderBy(asc(warehouses.code)),
    await db.select().from(warehouseGroups).orderBy(asc(warehouseGroups.id)),
  ];
  return [
    ...gradeRows.flatMap((g) => [
      { kind: 'grade' as const, ref: gradeRef(g.participantId, g.code), field: 'label', english: g.label },
      { kind: 'grade' as const, ref: gradeRef(g.participantId, g.code), field: 'description', english: g.description },
    ]),
    ...warehouseRows.map((w) => ({ kind: 'warehouse' as const, ref: w.code, field: 'label', english: w.label })),
    ...groupRows.flatMap((g) => [
      { kind: 'warehouse-group' as const, ref: g.id, field: 'name', english: g.name },
      { kind: 'warehouse-group' as const, ref: g.id, field: 'description', english: g.description },
    ]),
  ];
}

/** A text's kind, thing, field and language, each checked alone. */
export const textKey = z.object({
  kind: z.enum(TEXT_KINDS, { error: `must be one of ${TEXT_KINDS.join(', ')}` }),
  ref: z.string().trim().min(1).max(120).meta({ pattern: '\\S' }),
  field: z.string().min(1).max(40),
  // The document lists the languages the refinement takes.
  language: z
    .string()
    .refine(hasLocale, { error: `must be one of ${Object.keys(LOCALES).join(', ')}` })
    .meta({ enum: Object.keys(LOCALES) }),
});

const fieldsOf = (kind: TextKind) => Object.keys(TEXT_FIELDS[kind]);

function checkField(value: { kind: TextKind; field: string }, ctx: z.RefinementCtx) {
  if (!fieldsOf(value.kind).includes(value.field)) {
    ctx.addIssue({
      code: 'custom',
      path: ['field'],
      message: `a ${value.kind} has no field "${value.field}": it has ${fieldsOf(value.kind).join(', ')}`,
    });
  }
}

/** Which text to remove (the English shows again). */
export const textKeySchema = textKey.superRefine(checkField);

/** A text to set: a known kind, field and language, and no longer than the field allows. */
export const textSchema = textKey
  .extend({ text: z.string().trim().min(1, 'must not be empty (remove the text to show the English)') })
  .superRefine((value, ctx) => {
    checkField(value, ctx);
    const limit = (TEXT_FIELDS[value.kind] as Record<string, number>)[value.field];
    if (limit !== undefined && value.text.length > limit) {
      ctx.addIssue({
        code: 'custom',
        path: ['text'],
        message: `a ${value.kind} ${value.field} is at most ${limit} characters (this one has ${value.text.length})`,
      });
    }
  });

export type TextKey = z.infer<typeof textKeySchema>;
export type TextEntry = z.infer<typeof textSchema>;

/**
 * The tenant operator's side of the texts (admin API and CLI): every known word with its text in a
 * language, setting one, removing one. `known` lists what exists now (a text for a thing that does
 * not exist is refused, so a typo does not sit unseen).
 */
export function createTexts(db: Db, known: () => Promise<KnownText[]>) {
  async function requireKnown(key: TextKey): Promise<KnownText> {
    const all = await known();
    const found = all.find((k) => k.kind === key.kind && k.ref === key.ref && k.field === key.field);
    if (found) return found;
    const refs = [...new Set(all.filter((k) => k.kind === key.kind).map((k) => k.ref))];
    throw new ApiError(
      404,
      'unknownText',
      `There is no ${key.kind} "${key.ref}": known are ${refs.join(', ') || 'none'}`,
    );
  }

  /**
   * A text's write; one of the stock's words also moves every participant's stock revision and its
   * time (the portal keeps stock list settings until the list's lastUpdateddDate moves), so the lists
   * kept with them, on every replica and in the portal, are made again with it.
   */
  async function writing(kind: TextKind, write: (tx: Tx) => Promise<unknown>) {
    await db.transaction(async (tx) => {
      await write(tx);
      if (STOCK_KINDS.includes(kind))
        await tx.update(stockRevisions).set({ revision: sql`${stockRevisions.revision} + 1`, updatedAt: new Date() });
    });
  }

  return {
    /** Every known word with its English and its text in the language (null: English shows). */
    async list(language: string, kind?: TextKind) {
      const rows = await db.select().from(marketplaceTexts).where(eq(marketplaceTexts.language, language));
      const texts = new Map(rows.map((r) => [keyOf(r.kind, r.ref, r.field), r.text]));
      return (await known())
        .filter((k) => !kind || k.kind === kind)
        .map((k) => ({ ...k, language, text: texts.get(keyOf(k.kind, k.ref, k.field)) ?? null }));
    },

    async set(entry: TextEntry) {
      const thing = await requireKnown(entry);
      const now = new Date();
      await writing(entry.kind, (tx) =>
        tx
          .insert(marketplaceTexts)
          .values({
            kind: entry.kind,
            ref: entry.ref,
            field: entry.field,
            language: entry.language,
            text: entry.text,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [marketplaceTexts.kind, marketplaceTexts.ref, marketplaceTexts.field, marketplaceTexts.language],
            set: { text: entry.text, updatedAt: now },
          }),
      );
      return { ...thing, language: entry.language, text: entry.text };
    },

    async remove(key: TextKey) {
      const thing = await requireKnown(key);
      await writing(key.kind, (tx) =>
        tx
          .delete(marketplaceTexts)
          .where(
            and(
              eq(marketplaceTexts.kind, key.kind),
              eq(marketplaceTexts.ref, key.ref),
              eq(marketplaceTexts.field, key.field),
              eq(marketplaceTexts.language, key.language),
            ),
          ),
      );
      return { ...thing, language: key.language, text: null };
    },
  };
}
