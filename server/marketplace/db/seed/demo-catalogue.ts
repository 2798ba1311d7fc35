import type { Db } from '../client';
import {
  categories,
  grades,
  participants,
  stockItems,
  stockRevisions,
  tenantSettings,
  warehouseGroups,
  warehouses,
} from '../schema';
import { catalogueLabels, type CatalogueLabels } from './catalogue-labels';
import { DEVICE_MODELS, type CategoryCode, type DeviceModel } from './device-models';
import { itemWords, type ItemWords } from './item-words';
import { createRandom, type Random } from './random';
import { CATALOGUE, OWN_GROUPS, PRICE_FACTOR, type DemoRegion, type WarehouseGroupDef } from './regions';

export interface CatalogueOptions {
  items: number;
  seed?: number;
  /** The tenant's language: the catalogue's words come in it (see catalogue-labels.ts). */
  language?: string;
  /** Where the demo marketplace is (regions.ts): its own warehouses, prices and checkout terms. */
  region?: DemoRegion;
}

interface GradeDef {
  code: string;
  label: string;
  description: string;
  pxnrGrade?: string;
  /** Share of the best grade's price. */
  priceFactor: number;
}

interface ParticipantDef {
  id: string;
  name: string;
  isOwn: boolean;
  isPxns: boolean;
  selectOrder: number | null;
  itemPrefix: string;
  /** Share of the catalogue this participant holds. */
  share: number;
  groups: WarehouseGroupDef[];
  grades: GradeDef[];
  attributeSortAlgorithm: 'Default' | 'AlphanumericAsNumeric';
  defaultAlertQuantity?: number;
}

/** The seller's own grades; their labels end the items' names ("… Black Grade C"). */
export const OWN_GRADES: GradeDef[] = [
  {
    code: 'A+',
    label: 'Grade A+',
    priceFactor: 1,
    description: 'Like new: no visible signs of use, battery health above 90%.',
  },
  {
    code: 'A',
    label: 'Grade A',
    priceFactor: 0.92,
    description: 'Excellent: faint marks visible only under close inspection.',
  },
  {
    code: 'B+',
    label: 'Grade B+',
    priceFactor: 0.85,
    description: 'Very good: light scratches on the frame, screen free of marks.',
  },
  {
    code: 'B',
    label: 'Grade B',
    priceFactor: 0.78,
    description: 'Good: visible scratches or small dents; fully functional.',
  },
  {
    code: 'C',
    label: 'Grade C',
    priceFactor: 0.66,
    description: 'Fair: heavy wear, deep scratches or chips; fully functional.',
  },
  {
    code: 'D',
    label: 'Grade D',
    priceFactor: 0.45,
    description: 'Defective: cracked glass or a failed function listed on the item.',
  },
];

export const NETWORK_GRADES: GradeDef[] = [
  {
    code: 'Premium',
    label: 'Premium',
    pxnrGrade: 'A+',
    priceFactor: 1,
    description: 'Pristine condition, original accessories where available.',
  },
  {
    code: 'Excellent',
    label: 'Excellent',
    pxnrGrade: 'A',
    priceFactor: 0.9,
    description: 'Minimal signs of use, fully tested.',
  },
  {
    code: 'Good',
    label: 'Good',
    pxnrGrade: 'B',
    priceFactor: 0.78,
    description: 'Moderate signs of use, fully tested.',
  },
  { code: 'Fair', label: 'Fair', pxnrGrade: 'C', priceFactor: 0.64, description: 'Heavy signs of use, fully tested.' },
];

/** The participants of the American demo; a region has its own warehouses for the tenant's (participantsIn). */
export const PARTICIPANTS: ParticipantDef[] = [
  {
    id: 'acme',
    name: 'ACME Wholesale',
    isOwn: true,
    isPxns: false,
    selectOrder: 1,
    itemPrefix: '',
    share: 0.85,
    grades: OWN_GRADES,
    attributeSortAlgorithm: 'Default',
    defaultAlertQuantity: 50,
    groups: OWN_GROUPS.us,
  },
  {
    id: 'pxn-bluewave',
    name: 'BlueWave Mobile',
    isOwn: false,
    isPxns: true,
    selectOrder: 2,
    itemPrefix: 'BW-',
    share: 0.09,
    grades: NETWORK_GRADES,
    attributeSortAlgorithm: 'AlphanumericAsNumeric',
    groups: [
      {
        id: 'bluewave-asia',
        name: 'BlueWave Asia',
        description: 'Network stock shipped by BlueWave Mobile',
        warehouses: [
          { code: 'BLU-HK', label: 'Hong Kong', acceptingOffers: true },
          { code: 'BLU-SZ', label: 'Shenzhen', acceptingOffers: true },
        ],
      },
    ],
  },
  {
    id: 'pxn-northstar',
    name: 'NorthStar Devices',
    isOwn: false,
    isPxns: true,
    selectOrder: 3,
    itemPrefix: 'NS-',
    share: 0.06,
    grades: NETWORK_GRADES,
    attributeSortAlgorithm: 'Default',
    defaultAlertQuantity: 25,
    groups: [
      {
        id: 'northstar-de',
        name: 'NorthStar Germany',
        description: 'Network stock shipped by NorthStar Devices',
        warehouses: [{ code: 'NST-DE', label: 'Hamburg', acceptingOffers: false }],
      },
    ],
  },
];

export const participantsIn = (region: DemoRegion): ParticipantDef[] =>
  PARTICIPANTS.map((p) => (p.isOwn ? { ...p, groups: OWN_GROUPS[region] } : p));

const SEARCH_LEVELS: Record<CategoryCode, string[]> = {
  PHONES: ['manufacturer', 'model', 'capacity'],
  TABLETS: ['manufacturer', 'model', 'capacity'],
  WATCHES: ['manufacturer', 'model', 'size'],
  LAPTOPS: ['manufacturer', 'model', 'configuration'],
};

const VARIANT_ATTRIBUTE: Record<CategoryCode, string> = {
  PHONES: 'capacity',
  TABLETS: 'capacity',
  WATCHES: 'size',
  LAPTOPS: 'configuration',
};
const OPTION_ATTRIBUTE: Record<CategoryCode, string> = {
  PHONES: 'carrier',
  TABLETS: 'connectivity',
  WATCHES: 'connectivity',
  LAPTOPS: 'keyboard',
};
const CATEGORY_ORDER: CategoryCode[] = ['PHONES', 'TABLETS', 'WATCHES', 'LAPTOPS'];
export const MAX_DISPLAYED_QUANTITY = 500;
const BASE_DATE = Date.UTC(2026, 10, 1);

type ItemRow = typeof stockItems.$inferInsert;

const code = (text: string, length = 6) =>
  text
    .replace(/\+/g, 'P')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, length);
const colourCode = (colour: string) =>
  colour
    .split(/\s+/)
    .map((w) => code(w, 3))
    .join('');

/** Every (model, variant, colour, option, grade, warehouse) a participant could stock, as index tuples. */
function combinations(participant: ParticipantDef, words: ItemWords): number[][] {
  const warehouseCodes = participant.groups.flatMap((g) => g.warehouses);
  const all: number[][] = [];
  DEVICE_MODELS.forEach((model, m) =>
    model.variants.forEach((_, v) =>
      model.colors.forEach((_, c) =>
        words
          .optionsOf(model)
          .forEach((_, o) =>
            participant.grades.forEach((_, g) => warehouseCodes.forEach((_, w) => all.push([m, v, c, o, g, w]))),
          ),
      ),
    ),
  );
  return all;
}

function itemRow(
  participant: ParticipantDef,
  tuple: number[],
  random: Random,
  labels: CatalogueLabels,
  words: ItemWords,
  priceFactor: number,
): ItemRow {
  const [m, v, c, o, g, w] = tuple as [number, number, number, number, number, number];
  const model: DeviceModel = DEVICE_MODELS[m]!;
  const variant = model.variants[v]!;
  const colour = model.colors[c]!;
  const option = words.optionsOf(model)[o]!;
  const grade = participant.grades[g]!;
  const warehouse = participant.groups.flatMap((group) => group.warehouses)[w]!;
  const itemNumber = `${participant.itemPrefix}${model.code}-${code(variant, 8)}-${colourCode(colour)}-${code(option)}-${code(grade.code)}`;
  const increment = random.chance(0.08) ? 5 : random.chance(0.04) ? 10 : 1;
  const roll = random.next();
  const rawQuantity = roll < 0.1 ? 0 : roll < 0.13 ? random.int(MAX_DISPLAYED_QUANTITY + 1, 2500) : random.int(1, 300);
  const quantity = Math.floor(rawQuantity / increment) * increment;
  const variantFactor = 1 + v * 0.14;
  const optionFactor = o === 0 ? 1.04 : 1;
  const price = Math.max(
    5,
    Math.round(
      model.basePrice * priceFactor * variantFactor * optionFactor * grade.priceFactor * (0.95 + random.next() * 0.1),
    ),
  );
  const title = `${model.manufacturer} ${model.model} ${variant}`;
  const attributes: Record<string, string> = {
    manufacturer: model.manufacturer,
    model: model.model,
    [VARIANT_ATTRIBUTE[model.category]]: variant,
    color: words.word(colour),
    [OPTION_ATTRIBUTE[model.category]]: words.word(option),
    grade: grade.code,
    ...(model.processor ? { processor: model.processor } : {}),
  };
  return {
    participantId: participant.id,
    itemNumber,
    warehouseCode: warehouse.code,
    itemNumberWarehouse: `${itemNumber}-${warehouse.code}`,
    category: model.category,
    groupKey: `${model.code}|${variant}`,
    groupTitle: title,
    groupDescription: labels.groupDescriptions[model.category],
    skuDescription: `${title} ${words.word(colour)} ${words.word(option)} ${words.word(grade.label)}`,
    grade: grade.code,
    attributes,
    quantityAvailable: quantity,
    listPrice: random.chance(0.02) ? null : price,
    incrementSize: increment,
    minimumCheckoutQuantity: increment,
    pendingOrderItemCount: participant.isPxns && random.chance(0.3) ? random.int(1, 40) : 0,
    updatedAt: new Date(BASE_DATE + random.int(0, 20 * 24 * 60) * 60_000),
  };
}

function stocklistSettings(participant: ParticipantDef, labels: CatalogueLabels) {
  const allWarehouses = participant.groups.flatMap((g) => g.warehouses);
  const gradeCodes = participant.grades.map((g) => g.code);
  const half = Math.ceil(gradeCodes.length / 2);
  return {
    pxParticipantId: participant.id,
    category: CATEGORY_ORDER,
    categoryLabels: labels.categories,
    attributeLabels: labels.attributes,
    searchLevels: SEARCH_LEVELS,
    grade: gradeCodes,
    gradeLabels: Object.fromEntries(participant.grades.map((g) => [g.code, g.label])),
    gradeLabelDescriptions: Object.fromEntries(participant.grades.map((g) => [g.code, g.description])),
    gradeFilterGroups: [
      { ...labels.gradeGroups.top, grades: gradeCodes.slice(0, half) },
      { ...labels.gradeGroups.value, grades: gradeCodes.slice(half) },
    ],
    showGradeIcon: participant.isOwn,
    sortOrder: [
      'manufacturer',
      'model',
      VARIANT_ATTRIBUTE.PHONES,
      VARIANT_ATTRIBUTE.WATCHES,
      VARIANT_ATTRIBUTE.LAPTOPS,
    ],
    attributeSortAlgorithm: participant.attributeSortAlgorithm,
    warehouse: allWarehouses.map((w) => w.code),
    warehouseLabels: Object.fromEntries(allWarehouses.map((w) => [w.code, w.label])),
    warehouseAcceptingOffer: allWarehouses.filter((w) => w.acceptingOffers).map((w) => w.code),
    ...(participant.defaultAlertQuantity ? { defaultAlertQuantity: participant.defaultAlertQuantity } : {}),
    maxItemQuantityToBeDisplayed: MAX_DISPLAYED_QUANTITY,
    groupTopRightAttribute: 'manufacturer',
    groupBottomRightAttribute: 'grade',
    itemDescriptionRules: { itemNumberDescriptionPrefix: 'SKU ', itemNumberDescriptionSuffix: '' },
  };
}

/** The whole demo catalogue as rows, a pure function of its options. */
export function generateCatalogue({ items, seed = 20261122, language, region = 'us' }: CatalogueOptions) {
  const random = createRandom(seed);
  const participantDefs = participantsIn(region);
  const labels = catalogueLabels(language);
  const words = itemWords(region, language);
  const counts = participantDefs.map((p) => Math.floor(items * p.share));
  counts[0]! += items - counts.reduce((a, b) => a + b, 0);
  const itemRows: ItemRow[] = [];
  participantDefs.forEach((participant, index) => {
    const all = combinations(participant, words);
    const wanted = counts[index]!;
    if (wanted > all.length) throw new Error(`The catalogue holds at most ${all.length} items for ${participant.name}`);
    const chosen = random.shuffle(all).slice(0, wanted);
    chosen.sort((a, b) => a.reduce((diff, value, i) => diff || value - b[i]!, 0));
    for (const tuple of chosen) itemRows.push(itemRow(participant, tuple, random, labels, words, PRICE_FACTOR[region]));
  });
  const allWarehouses = participantDefs.flatMap((p) => p.groups.flatMap((g) => g.warehouses));
  return {
    participants: participantDefs.map((p) => ({
      id: p.id,
      name: p.name,
      isOwn: p.isOwn,
      isPxns: p.isPxns,
      isPxnr: p.isOwn,
      warehouseGroupSelectOrder: p.selectOrder,
    })),
    warehouseGroups: participantDefs.flatMap((p) =>
      p.groups.map((g) => ({ id: g.id, participantId: p.id, name: g.name, description: g.description })),
    ),
    warehouses: participantDefs.flatMap((p) =>
      p.groups.flatMap((g) =>
        g.warehouses.map((w) => ({ code: w.code, label: w.label, groupId: g.id, acceptingOffers: w.acceptingOffers })),
      ),
    ),
    categories: participantDefs.flatMap((p) =>
      CATEGORY_ORDER.map((c, i) => ({ participantId: p.id, code: c, label: labels.categories[c], sortOrder: i })),
    ),
    grades: participantDefs.flatMap((p) =>
      p.grades.map((g, i) => ({
        participantId: p.id,
        code: g.code,
        label: g.label,
        description: g.description,
        pxnrGrade: g.pxnrGrade ?? null,
        sortOrder: i,
      })),
    ),
    items: itemRows,
    settings: [
      ...participantDefs.map((p) => ({ key: `stocklist-settings:${p.id}`, value: stocklistSettings(p, labels) })),
      {
        key: 'inventory-settings',
        value: { warehouseLabels: Object.fromEntries(allWarehouses.map((w) => [w.code, w.label])) },
      },
      { key: 'network-settings', value: { isPxnr: true, pxnrParticipantId: 'acme', networkParticipant: true } },
      ...(CATALOGUE[region] ? [{ key: 'checkout-catalogue', value: CATALOGUE[region] }] : []),
    ],
  };
}

const BATCH = 1000;

export async function seedCatalogue(db: Db, options: CatalogueOptions) {
  const catalogue = generateCatalogue(options);
  await db.transaction(async (tx) => {
    await tx.insert(participants).values(catalogue.participants);
    await tx.insert(warehouseGroups).values(catalogue.warehouseGroups);
    await tx.insert(warehouses).values(catalogue.warehouses);
    await tx.insert(categories).values(catalogue.categories);
    await tx.insert(grades).values(catalogue.grades);
    await tx.insert(tenantSettings).values(catalogue.settings);
    await tx
      .insert(stockRevisions)
      .values(
        catalogue.participants.map((p) => ({ participantId: p.id, updatedAt: new Date(BASE_DATE + 21 * 86_400_000) })),
      );
    for (let i = 0; i < catalogue.items.length; i += BATCH) {
      await tx.insert(stockItems).values(catalogue.items.slice(i, i + BATCH));
    }
  });
  return {
    items: catalogue.items.length,
    groups: new Set(catalogue.items.map((i) => `${i.participantId}|${i.groupKey}|${i.warehouseCode}`)).size,
    participants: catalogue.participants.length,
    warehouses: catalogue.warehouses.length,
  };
}
