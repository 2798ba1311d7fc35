import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { preorderCommitments, preorders, users } from '../schema';
import { DEMO_ORDERS_BUYER, ownWarehouses } from './orders';

const DAY = 86_400_000;
const day = (from: number, days: number) => new Date(from + days * DAY).toISOString().slice(0, 10);

/**
 * The demo's pre-orders (issue 53): three open ones (a fixed price, a price range, a high minimum),
 * and one whose stock arrived with the demo buyer's commitment of 50 units, 40 of which arrived: the
 * allocation job, which a server runs as it starts when a pre-order waits (app.ts), makes the demo
 * buyer's order through the checkout's charges, as it would for any arrival.
 */
export async function seedDemoPreorders(db: Db): Promise<void> {
  const [where] = await ownWarehouses(db);
  const [buyer] = await db
    .select({ id: users.id, buyerId: users.buyerId })
    .from(users)
    .where(eq(users.email, DEMO_ORDERS_BUYER));
  if (!where || !buyer?.buyerId) return;
  const now = Date.now();
  const base = { participantId: where.participantId, warehouseCode: where.warehouseCode };
  await db.insert(preorders).values([
    {
      ...base,
      itemNumber: 'PRE-IP15P-128-A',
      model: 'iPhone 15 Pro',
      grade: 'A',
      capacity: '128GB',
      expectedQuantity: 400,
      expectedDate: day(now, 21),
      priceMin: 61_500,
      priceMax: 61_500,
      minimumCommitment: 10,
      cutOff: new Date(now + 14 * DAY),
    },
    {
      ...base,
      itemNumber: 'PRE-S24-256-B',
      model: 'Galaxy S24',
      grade: 'B',
      capacity: '256GB',
      expectedQuantity: 250,
      expectedDate: day(now, 30),
      priceMin: 38_000,
      priceMax: 42_500,
      minimumCommitment: 5,
      cutOff: new Date(now + 20 * DAY),
    },
    {
      ...base,
      itemNumber: 'PRE-PX8-128-A+',
      model: 'Pixel 8',
      grade: 'A+',
      capacity: '128GB',
      expectedQuantity: 1_000,
      expectedDate: day(now, 45),
      priceMin: 33_900,
      priceMax: 33_900,
      minimumCommitment: 50,
      cutOff: new Date(now + 35 * DAY),
    },
  ]);
  const [arrived] = await db
    .insert(preorders)
    .values({
      ...base,
      itemNumber: 'PRE-IP14-128-A',
      model: 'iPhone 14',
      grade: 'A',
      capacity: '128GB',
      expectedQuantity: 200,
      expectedDate: day(now, -2),
      priceMin: 42_000,
      priceMax: 42_000,
      minimumCommitment: 10,
      cutOff: new Date(now - 5 * DAY),
      status: 'ARRIVED',
      arrivedQuantity: 40,
      unitPrice: 42_000,
      allocationRule: 'FIRST_COME',
      arrivedAt: new Date(now - DAY),
    })
    .returning({ id: preorders.id });
  await db.insert(preorderCommitments).values({
    preorderId: arrived!.id,
    buyerId: buyer.buyerId,
    userId: buyer.id,
    quantity: 50,
    placedAt: new Date(now - 12 * DAY),
    updatedAt: new Date(now - 12 * DAY),
  });
}
