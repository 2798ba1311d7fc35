import { eq, inArray } from 'drizzle-orm';
import { manifestTotals, type ManifestLine } from '../../../../app/domain/auctions/manifest';
import { DEFAULT_INCREMENTS, openingStanding, placeBid } from '../../../../app/domain/auctions/proxy-bidding';
import { standingColumns } from '../../services/auctions/standing';
import { randomImei } from '../../services/returns/imei';
import type { Db } from '../client';
import { databaseFileStore } from '../../services/shared/file-store';
import { auctionBids, auctionLotLines, auctionLotPhotos, auctionLots, users } from '../schema';
import { LOT_PHOTOS } from './assets/lot-photos';
import { ownWarehouses } from './orders';
import { wordIn } from './item-words';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "Lot" in the tenant's language: the titles are otherwise model names. */
const LOT_WORD: Record<string, string> = { en: 'Lot', fr: 'Lot', de: 'Los' };

interface DemoLot {
  models: [string, string];
  startsIn: number;
  endsIn: number;
  /** The end the seller set, when a late bid has moved it (soft close). */
  scheduledEndsIn?: number;
  startingPrice: number;
  reservePrice?: number;
  /** Maximums in order: [bidder, amount] with 1 for buyer@example.com, 2 for buyer2@example.com. */
  bids?: [1 | 2, number][];
  /** The seller's photos (assets/lot-photos.ts). */
  photos?: (keyof typeof LOT_PHOTOS)[];
}

/**
 * The demo's auctions (issue 53), relative to when the data is made: open lots (one ending within
 * the hour, one in its soft close, one below its reserve), a lot buyer@example.com won (it ended an
 * hour ago: the auctions job closes it at the server's first run and the award makes its order with
 * the buyer's preferences), lots starting soon, and a few more open ones. buyer@example.com and
 * buyer2@example.com (another company) bid against each other. Two lots have the seller's photos.
 */
const DEMO_LOTS: DemoLot[] = [
  {
    models: ['iPhone 13', 'iPhone 13 Pro'],
    startsIn: -2 * DAY,
    endsIn: 45 * MINUTE,
    startingPrice: 50_000,
    bids: [
      [1, 80_000],
      [2, 70_000],
    ],
    photos: ['lot-phones', 'lot-boxes'],
  },
  {
    models: ['Galaxy S22', 'Galaxy S21'],
    startsIn: -DAY,
    endsIn: 100_000,
    scheduledEndsIn: -20_000,
    startingPrice: 80_000,
    bids: [
      [2, 120_000],
      [1, 110_000],
    ],
  },
  {
    models: ['iPhone 14', 'iPhone 14 Plus'],
    startsIn: -DAY,
    endsIn: 6 * HOUR,
    startingPrice: 100_000,
    reservePrice: 400_000,
    bids: [
      [1, 150_000],
      [2, 180_000],
    ],
  },
  {
    models: ['Pixel 7', 'Pixel 7a'],
    startsIn: -3 * DAY,
    endsIn: -HOUR,
    startingPrice: 40_000,
    bids: [
      [2, 90_000],
      [1, 120_000],
    ],
  },
  { models: ['iPhone 12', 'iPhone 12 mini'], startsIn: DAY, endsIn: 3 * DAY, startingPrice: 30_000 },
  {
    models: ['Galaxy A54', 'Galaxy A34'],
    startsIn: 2 * DAY,
    endsIn: 4 * DAY,
    startingPrice: 25_000,
    reservePrice: 60_000,
  },
  { models: ['iPad Air', 'iPad mini'], startsIn: -HOUR, endsIn: DAY, startingPrice: 60_000, photos: ['lot-boxes'] },
  { models: ['iPhone 11', 'iPhone SE'], startsIn: -HOUR, endsIn: 2 * DAY, startingPrice: 20_000, bids: [[2, 26_000]] },
  {
    models: ['Galaxy S23', 'Galaxy Z Flip4'],
    startsIn: -HOUR,
    endsIn: 3 * DAY,
    startingPrice: 150_000,
    reservePrice: 200_000,
  },
];

const GRADES = ['A', 'B', 'C'];
const CAPACITIES = ['64GB', '128GB', '256GB'];
const COLOURS = ['Black', 'White', 'Blue'];

function manifestOf(lot: DemoLot, n: number, colourWord: (english: string) => string): ManifestLine[] {
  return lot.models.flatMap((model, m) =>
    GRADES.slice(0, 2 + ((n + m) % 2)).map((grade, g) => {
      const quantity = 5 + ((n * 7 + m * 5 + g * 3) % 20);
      return {
        model,
        grade,
        capacity: CAPACITIES[(n + g) % CAPACITIES.length]!,
        colour: colourWord(COLOURS[(n + m + g) % COLOURS.length]!),
        quantity,
        // The first line of each lot lists its units' IMEIs; the others are counted only.
        imeis: m === 0 && g === 0 ? Array.from({ length: quantity }, randomImei) : [],
      };
    }),
  );
}

export async function seedDemoAuctions(db: Db, language: string, now = Date.now()) {
  const [warehouse] = await ownWarehouses(db);
  if (!warehouse) return;
  const bidders = await db
    .select({ id: users.id, email: users.email, buyerId: users.buyerId })
    .from(users)
    .where(inArray(users.email, ['buyer@example.com', 'buyer2@example.com']));
  const bidder = (who: 1 | 2) =>
    bidders.find((b) => b.email === (who === 1 ? 'buyer@example.com' : 'buyer2@example.com'))!;
  const word = LOT_WORD[language] ?? LOT_WORD.en!;
  const files = databaseFileStore(db);
  for (const [n, lot] of DEMO_LOTS.entries()) {
    const lines = manifestOf(lot, n, wordIn(language));
    const endsAt = new Date(now + lot.endsIn);
    const [row] = await db
      .insert(auctionLots)
      .values({
        title: `${word} ${1001 + n} · ${lot.models.join(' / ')}`,
        participantId: warehouse.participantId,
        warehouseCode: warehouse.warehouseCode,
        startingPrice: lot.startingPrice,
        reservePrice: lot.reservePrice ?? null,
        startsAt: new Date(now + lot.startsIn),
        endsAt,
        scheduledEndsAt: lot.scheduledEndsIn === undefined ? endsAt : new Date(now + lot.scheduledEndsIn),
        ...manifestTotals(lines),
      })
      .returning();
    await db.insert(auctionLotLines).values(lines.map((l) => ({ ...l, lotId: row!.id })));
    for (const [position, name] of (lot.photos ?? []).entries()) {
      const fileId = await files.put(Buffer.from(LOT_PHOTOS[name], 'base64'), 'image/jpeg');
      await db.insert(auctionLotPhotos).values({ lotId: row!.id, fileId, position });
    }
    let standing = openingStanding(lot.startingPrice, lot.reservePrice ?? null);
    const bids = lot.bids ?? [];
    for (const [i, [who, amount]] of bids.entries()) {
      const { id: userId, buyerId } = bidder(who);
      const result = placeBid(standing, buyerId!, amount, DEFAULT_INCREMENTS);
      if (!result.accepted) throw new Error(`demo bid refused: ${JSON.stringify(result.refusal)}`);
      standing = result.standing;
      // The bids came in before the (current) end: the last one just before it, when the lot is in its soft close.
      const placedAt =
        lot.scheduledEndsIn !== undefined && i === bids.length - 1
          ? new Date(endsAt.getTime() - 2 * MINUTE)
          : new Date(Math.min(now, endsAt.getTime()) - (bids.length - i) * 20 * MINUTE);
      await db
        .insert(auctionBids)
        .values({ lotId: row!.id, buyerId: buyerId!, userId, maximum: amount, priceAfter: standing.price!, placedAt });
    }
    await db.update(auctionLots).set(standingColumns(standing)).where(eq(auctionLots.id, row!.id));
  }
}
