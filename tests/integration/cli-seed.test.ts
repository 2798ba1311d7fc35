import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/marketplace/db/client';
import { seedTenantDemoData } from '../../server/marketplace/db/seed';
import { loadTenantConfig } from '../../server/marketplace/tenant-config';

const TENANT = 'config/tenants/second.json';

/** The money of every seeded order (its number holds the time it was made): what the tenant's terms decide. */
async function orderCharges(database: Database) {
  const { rows } = await database.db.execute(
    sql`SELECT subtotal, freight, freight_discount, promotion, tax, tax_description, total FROM orders ORDER BY id`,
  );
  return rows;
}

describe('npm run marketplace -- seed', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-seed-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("makes a French tenant's demo orders as its first start does: its promotion's words, its tax rounding, SEED_ITEMS items", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'server/marketplace/cli.ts', 'seed'],
      { env: { ...process.env, DATA_DIR: dir, TENANT_CONFIG: TENANT, SEED_ITEMS: '40' } },
    );
    expect(JSON.parse(stdout)).toMatchObject({ items: 40 });
    const seededByCli = await openDatabase({ dataDir: path.join(dir, 'pglite') });
    const firstStart = await openDatabase({ dataDir: 'memory://' });
    try {
      await seedTenantDemoData(firstStart.db, loadTenantConfig(TENANT), 40);
      const charges = await orderCharges(seededByCli);
      expect(charges.some((order) => String(order.promotion).includes('Livraison'))).toBe(true);
      expect(charges).toEqual(await orderCharges(firstStart));
    } finally {
      await seededByCli.close();
      await firstStart.close();
    }
  });
});
