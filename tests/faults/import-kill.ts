import { eq } from 'drizzle-orm';
import { offerImportBatches, offerImportRows, offers } from '../../server/marketplace/db/schema';
import { importFile } from '../bench/make-import-file';
import { buyerOf, freshBuyer, NONE, stockOf, WHOLE, type FaultScenario } from './kill-mid-flight';

/** Rows of each import: enough that its submission (one transaction) takes a while to write. */
const ROWS = Number(process.env.FAULT_IMPORT_ROWS ?? 400);
const WAREHOUSES = ['MIA', 'LAX', 'NYC', 'AMS', 'DAL'];

interface Submission {
  email: string;
  token: string;
  batchId: number;
  expected: number;
}

const api = (server: { url: string }, path: string) =>
  `${server.url}/px-api-gateway/stocklist/offer/bulk-offer-import${path}`;

/** A real xlsx of ROWS offers uploaded and reviewed; the submission (accept) is what is killed. */
export const importSubmission: FaultScenario<Submission> = {
  name: 'offer import submission',
  async prepare(server) {
    const { email, token } = await freshBuyer(server);
    const rows: { itemNumber: string; warehouse: string; quantity: number; price: number }[] = [];
    for (const warehouse of WAREHOUSES) {
      for (const item of await stockOf(server, warehouse, 1)) {
        if (rows.length < ROWS)
          rows.push({
            itemNumber: item.itemNumberWarehouse.slice(0, -(warehouse.length + 1)),
            warehouse,
            quantity: 1,
            price: item.listPrice,
          });
      }
    }
    const form = new FormData();
    form.append('file', new File([new Uint8Array(await importFile(rows))], 'faults.xlsx'));
    const uploaded = await fetch(api(server, ''), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'file-name': 'faults.xlsx' },
      body: form,
    });
    if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
    const review = (await (await fetch(api(server, ''), { headers: { authorization: `Bearer ${token}` } })).json()) as {
      batchId: number;
      counts: { valid: number; conflicts: number };
    };
    const expected = review.counts.valid + review.counts.conflicts;
    if (expected !== rows.length) throw new Error(`the review has ${expected} valid offers of ${rows.length} rows`);
    return { email, token, batchId: review.batchId, expected };
  },
  async fire(server, { token, batchId, expected }) {
    const response = await fetch(api(server, '/accept'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ batchId, expected }),
    });
    return response.ok;
  },
  async inspect(db, { email, batchId, expected }) {
    const buyerId = await buyerOf(db, email);
    const placed = await db.select({ id: offers.id }).from(offers).where(eq(offers.buyerId, buyerId));
    const batch = await db
      .select({ id: offerImportBatches.id })
      .from(offerImportBatches)
      .where(eq(offerImportBatches.id, batchId));
    const rows = await db
      .select({ id: offerImportRows.id })
      .from(offerImportRows)
      .where(eq(offerImportRows.batchId, batchId));
    if (!placed.length)
      return batch.length === 1 && rows.length === expected
        ? NONE
        : { half: `no offers, but the import holds ${batch.length} batch and ${rows.length} of ${expected} rows` };
    if (placed.length !== expected) return { half: `${placed.length} of ${expected} offers in the cart` };
    return batch.length ? { half: `${placed.length} offers placed, but the import is still there` } : WHOLE;
  },
};
