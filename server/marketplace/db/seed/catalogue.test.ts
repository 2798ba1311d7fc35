import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../client';
import { grades, participants, stockItems, tenantSettings, warehouseGroups, warehouses } from '../schema';
import { generateCatalogue, MAX_DISPLAYED_QUANTITY, seedCatalogue } from './demo-catalogue';
import { DEVICE_MODELS } from './device-models';
import { ITEM_WORDS, itemWords } from './item-words';

const ITEMS = 600;

describe('generateCatalogue (pure)', () => {
  it('gives the same rows for the same seed and size', () => {
    expect(generateCatalogue({ items: 300, seed: 7 })).toEqual(generateCatalogue({ items: 300, seed: 7 }));
  });

  it('gives other rows for another seed', () => {
    const a = generateCatalogue({ items: 300, seed: 7 });
    const b = generateCatalogue({ items: 300, seed: 8 });
    expect(b.items).toHaveLength(300);
    expect(b.items).not.toEqual(a.items);
  });

  it('is European for a euro tenant: the own warehouses in one EU group, prices in euros, the EU checkout terms stored', () => {
    const us = generateCatalogue({ items: 300, seed: 7 });
    const eu = generateCatalogue({ items: 300, seed: 7, region: 'eu' });
    expect(eu.warehouseGroups.filter((g) => g.participantId === 'acme')).toEqual([
      {
        id: 'eu',
        participantId: 'acme',
        name: 'European Union',
        description: 'Ships from our warehouses in the European Union',
      },
    ]);
    expect(eu.warehouses.filter((w) => w.groupId === 'eu').map((w) => w.label)).toEqual(['Rotterdam', 'Lyon', 'Milan']);
    expect(new Set(eu.items.filter((i) => i.participantId === 'acme').map((i) => i.warehouseCode))).toEqual(
      new Set(['ROT', 'LYS', 'MXP']),
    );
    const catalogue = eu.settings.find((s) => s.key === 'checkout-catalogue')!.value as {
      taxRules: { country: string; description: string }[];
    };
    expect(catalogue.taxRules.find((r) => r.country === 'FR')!.description).toBe('French VAT 20%');
    expect(us.settings.find((s) => s.key === 'checkout-catalogue')).toBeUndefined();
    // A model's variant in a grade costs about 8 % less in euros than in dollars (each price varies by ±5 %: compared on average).
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const priceOf = (rows: typeof us.items) => {
      const byKey = new Map<string, number[]>();
      for (const i of rows)
        if (i.participantId === 'acme' && i.listPrice)
          byKey.set(`${i.groupKey}|${i.grade}`, [...(byKey.get(`${i.groupKey}|${i.grade}`) ?? []), i.listPrice]);
      return new Map([...byKey].map(([key, prices]) => [key, mean(prices)]));
    };
    const [dollars, euros] = [priceOf(us.items), priceOf(eu.items)];
    const ratios = [...euros].flatMap(([key, price]) => (dollars.has(key) ? [price / dollars.get(key)!] : []));
    expect(ratios.length).toBeGreaterThan(20);
    expect(mean(ratios)).toBeCloseTo(0.92, 1);
  });

  it('names a European tenant’s items with its country’s carriers and its language’s colours; their numbers stay codes', () => {
    const us = generateCatalogue({ items: 300, seed: 7 });
    const fr = generateCatalogue({ items: 300, seed: 7, region: 'eu', language: 'fr' });
    const de = generateCatalogue({ items: 300, seed: 7, region: 'eu', language: 'de' });
    const phone = (rows: typeof fr.items, warehouse: string) =>
      rows.find((i) => i.participantId === 'acme' && i.category === 'PHONES' && i.warehouseCode === warehouse)!;
    expect(phone(fr.items, 'LYS')).toMatchObject({
      skuDescription: expect.stringMatching(/^Apple iPhone 11 64GB (Noir|Blanc|Bleu|Rouge|Vert) /),
    });
    const carriers = (rows: typeof fr.items) =>
      new Set(rows.filter((i) => i.category === 'PHONES').map((i) => i.attributes.carrier));
    expect(carriers(fr.items)).toEqual(new Set(['Débloqué', 'Orange', 'SFR', 'Bouygues Telecom', 'Free']));
    expect(carriers(de.items)).toEqual(new Set(['Ohne Simlock', 'Telekom', 'Vodafone', 'O2', '1&1']));
    expect(carriers(us.items)).toEqual(new Set(['Unlocked', 'AT&T', 'Verizon', 'T-Mobile', 'Sprint']));
    // An item's name ends with its grade in the marketplace's words ("Grade" is French too).
    expect(phone(de.items, 'LYS').skuDescription).toMatch(/ Zustand [A-D]\+?$/);
    const english =
      /\b(Black|White|Blue|Red|Green|Silver|Pink|Purple|Yellow|Gr[ae]y|Midnight|Starlight|Unlocked|Cellular|Keyboard)\b/;
    for (const item of [...fr.items, ...de.items]) {
      expect(item.skuDescription, item.itemNumber).not.toMatch(english);
      expect(Object.values(item.attributes).join(' '), item.itemNumber).not.toMatch(english);
    }
    // The same stock in another region's words: the same rows, quantities and prices; an unlocked
    // phone's number is the same in every language, a carrier's names its carrier.
    expect(fr.items.map((i) => i.quantityAvailable)).toEqual(de.items.map((i) => i.quantityAvailable));
    expect(fr.items.map((i) => i.itemNumber.replace(/-[A-Z0-9]+-([A-Z0-9]+)$/, '-$1'))).toEqual(
      de.items.map((i) => i.itemNumber.replace(/-[A-Z0-9]+-([A-Z0-9]+)$/, '-$1')),
    );
    const unlocked = fr.items.find((i) => i.attributes.carrier === 'Débloqué')!;
    expect(unlocked.itemNumber).toMatch(/-UNLOCK-/);
    expect(de.items.find((i) => i.itemNumberWarehouse === unlocked.itemNumberWarehouse)!.attributes.carrier).toBe(
      'Ohne Simlock',
    );
    expect(fr.items.find((i) => i.attributes.carrier === 'Orange')!.itemNumber).toMatch(/-ORANGE-/);
  });

  it('has a French and a German word for every colour and option a region’s items can have', () => {
    const english = new Set(
      (['us', 'eu'] as const).flatMap((region) =>
        DEVICE_MODELS.flatMap((m) => [...m.colors, ...itemWords(region).optionsOf(m)]),
      ),
    );
    const carriers = new Set(['AT&T', 'Verizon', 'T-Mobile', 'Sprint', 'Orange', 'Vodafone', 'Telekom', 'O2']);
    for (const language of ['fr', 'de'] as const)
      for (const word of english) if (!carriers.has(word)) expect(ITEM_WORDS[language], word).toHaveProperty([word]);
  });

  it('uses no clock: item dates come from the fixed base date', () => {
    const { items } = generateCatalogue({ items: 200 });
    for (const item of items) {
      expect(item.updatedAt!.getTime()).toBeGreaterThanOrEqual(Date.UTC(2026, 10, 1));
      expect(item.updatedAt!.getTime()).toBeLessThan(Date.UTC(2026, 11, 1));
    }
  });

  it('fills the attributes each category is browsed by', () => {
    const { items } = generateCatalogue({ items: ITEMS });
    const expected: Record<string, string[]> = {
      PHONES: ['manufacturer', 'model', 'capacity', 'color', 'carrier', 'grade'],
      TABLETS: ['manufacturer', 'model', 'capacity', 'color', 'connectivity', 'grade'],
      WATCHES: ['manufacturer', 'model', 'size', 'color', 'connectivity', 'grade'],
      LAPTOPS: ['manufacturer', 'model', 'processor', 'configuration', 'color', 'keyboard', 'grade'],
    };
    expect(new Set(items.map((i) => i.category))).toEqual(new Set(Object.keys(expected)));
    for (const item of items) {
      for (const key of expected[item.category]!)
        expect(item.attributes[key], `${item.itemNumber} ${key}`).toBeTruthy();
      expect(item.attributes.grade).toBe(item.grade);
      expect(item.skuDescription.startsWith(item.groupTitle)).toBe(true);
    }
  });
});

describe('seedCatalogue', () => {
  let database: Database;
  let summary: Awaited<ReturnType<typeof seedCatalogue>>;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    summary = await seedCatalogue(database.db, { items: ITEMS });
  });

  afterAll(async () => {
    await database?.close();
  });

  const allItems = () => database.db.select().from(stockItems);

  it('inserts exactly the requested number of items and says so', async () => {
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(stockItems);
    expect(row!.n).toBe(ITEMS);
    expect(summary.items).toBe(ITEMS);
    expect(summary.participants).toBe((await database.db.select().from(participants)).length);
    expect(summary.warehouses).toBe((await database.db.select().from(warehouses)).length);
    expect(summary.groups).toBeGreaterThan(10);
    expect(summary.groups).toBeLessThan(ITEMS);
  });

  it('has the own participant and at least two network sellers with their own grades', async () => {
    const rows = await database.db.select().from(participants);
    const own = rows.filter((p) => p.isOwn);
    expect(own.map((p) => p.id)).toEqual(['acme']);
    expect(own[0]!.warehouseGroupSelectOrder).toBe(1);
    const sellers = rows.filter((p) => p.isPxns);
    expect(sellers.length).toBeGreaterThanOrEqual(2);

    const gradeRows = await database.db.select().from(grades);
    const ownCodes = new Set(gradeRows.filter((g) => g.participantId === 'acme').map((g) => g.code));
    expect(ownCodes.size).toBeGreaterThanOrEqual(4);
    for (const seller of sellers) {
      const theirs = gradeRows.filter((g) => g.participantId === seller.id);
      expect(theirs.length).toBeGreaterThanOrEqual(3);
      for (const grade of theirs) {
        expect(ownCodes.has(grade.code), `${seller.id} reuses own code ${grade.code}`).toBe(false);
        expect(ownCodes.has(grade.pxnrGrade ?? ''), `${seller.id} ${grade.code} maps to an own grade`).toBe(true);
        expect(grade.description.length).toBeGreaterThan(10);
      }
    }
    const items = await allItems();
    for (const seller of sellers) expect(items.some((i) => i.participantId === seller.id)).toBe(true);
  });

  it('places every item in a warehouse of its own participant, with one of its grades', async () => {
    const groupRows = await database.db.select().from(warehouseGroups);
    const warehouseRows = await database.db.select().from(warehouses);
    const ownerOf = new Map(
      warehouseRows.map((w) => [w.code, groupRows.find((g) => g.id === w.groupId)!.participantId] as const),
    );
    const gradeKeys = new Set((await database.db.select().from(grades)).map((g) => `${g.participantId}|${g.code}`));
    expect(new Set(groupRows.filter((g) => g.participantId === 'acme').map((g) => g.name)).size).toBeGreaterThanOrEqual(
      2,
    );
    expect(warehouseRows.some((w) => !w.acceptingOffers)).toBe(true);
    for (const item of await allItems()) {
      expect(ownerOf.get(item.warehouseCode)).toBe(item.participantId);
      expect(gradeKeys.has(`${item.participantId}|${item.grade}`)).toBe(true);
    }
  });

  it('has zero, capped and incremented quantities, and a few unpriced items', async () => {
    const items = await allItems();
    expect(items.some((i) => i.quantityAvailable === 0)).toBe(true);
    expect(items.some((i) => i.quantityAvailable > MAX_DISPLAYED_QUANTITY)).toBe(true);
    const incremented = items.filter((i) => i.incrementSize > 1);
    expect(incremented.length).toBeGreaterThan(0);
    for (const item of incremented) expect(item.quantityAvailable % item.incrementSize).toBe(0);
    for (const item of items) {
      expect(item.quantityAvailable).toBeGreaterThanOrEqual(0);
      expect(item.minimumCheckoutQuantity).toBeGreaterThanOrEqual(1);
      if (item.listPrice !== null) expect(item.listPrice).toBeGreaterThan(0);
    }
    expect(items.some((i) => i.listPrice === null)).toBe(true);
    expect(items.filter((i) => i.listPrice === null).length).toBeLessThan(ITEMS * 0.1);
  });

  it('keys items by itemNumber-warehouse, unique per participant', async () => {
    const items = await allItems();
    const seen = new Set<string>();
    for (const item of items) {
      expect(item.itemNumberWarehouse).toBe(`${item.itemNumber}-${item.warehouseCode}`);
      const key = `${item.participantId}|${item.itemNumberWarehouse}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
  });

  it('groups items that share a title by model and variant', async () => {
    const items = await allItems();
    const titles = new Map<string, Set<string>>();
    for (const item of items) {
      const key = `${item.participantId}|${item.groupKey}`;
      titles.set(key, (titles.get(key) ?? new Set()).add(item.groupTitle));
    }
    for (const [key, set] of titles) expect(set.size, key).toBe(1);
    expect([...titles.values()].some((s) => s.size === 1)).toBe(true);
  });

  it('stores stock list, inventory and network settings as JSON', async () => {
    const rows = await database.db
      .select({ key: tenantSettings.key, text: sql<string>`${tenantSettings.value}::text` })
      .from(tenantSettings);
    const settings = new Map(rows.map((r) => [r.key, JSON.parse(r.text) as Record<string, unknown>]));
    const participantRows = await database.db.select().from(participants);
    const withoutAlertDefault: string[] = [];

    for (const participant of participantRows) {
      const value = settings.get(`stocklist-settings:${participant.id}`);
      expect(value, participant.id).toBeDefined();
      const s = value!;
      for (const field of [
        'category',
        'categoryLabels',
        'attributeLabels',
        'searchLevels',
        'grade',
        'gradeLabels',
        'gradeFilterGroups',
        'gradeLabelDescriptions',
        'showGradeIcon',
        'sortOrder',
        'attributeSortAlgorithm',
        'warehouse',
        'warehouseLabels',
        'warehouseAcceptingOffer',
        'pxParticipantId',
        'maxItemQuantityToBeDisplayed',
        'groupTopRightAttribute',
        'groupBottomRightAttribute',
        'itemDescriptionRules',
      ]) {
        expect(s, `${participant.id} ${field}`).toHaveProperty(field);
      }
      expect(s.pxParticipantId).toBe(participant.id);
      expect(s.maxItemQuantityToBeDisplayed).toBe(MAX_DISPLAYED_QUANTITY);
      expect(['Default', 'AlphanumericAsNumeric']).toContain(s.attributeSortAlgorithm);
      const searchLevels = s.searchLevels as Record<string, string[]>;
      for (const category of s.category as string[]) {
        expect(searchLevels[category]!.length).toBeGreaterThan(0);
        expect(searchLevels[category]!.length).toBeLessThanOrEqual(3);
      }
      for (const group of s.gradeFilterGroups as { header: string; footer: string; grades: string[] }[]) {
        expect(group.header).toBeTruthy();
        for (const code of group.grades) expect(s.grade as string[]).toContain(code);
      }
      expect(s.itemDescriptionRules).toHaveProperty('itemNumberDescriptionPrefix');
      expect(s.itemDescriptionRules).toHaveProperty('itemNumberDescriptionSuffix');
      if (s.defaultAlertQuantity === undefined) withoutAlertDefault.push(participant.id);
    }
    expect(settings.get('stocklist-settings:acme')!.defaultAlertQuantity).toBe(50);
    expect(withoutAlertDefault.length).toBeGreaterThanOrEqual(1);
    const algorithms = participantRows.map((p) => settings.get(`stocklist-settings:${p.id}`)!.attributeSortAlgorithm);
    expect(algorithms).toContain('AlphanumericAsNumeric');

    const inventory = settings.get('inventory-settings') as { warehouseLabels: Record<string, string> };
    const warehouseCodes = (await database.db.select().from(warehouses)).map((w) => w.code);
    expect(Object.keys(inventory.warehouseLabels).sort()).toEqual(warehouseCodes.sort());
    expect(settings.get('network-settings')).toEqual({
      isPxnr: true,
      pxnrParticipantId: 'acme',
      networkParticipant: true,
    });
  });
});
