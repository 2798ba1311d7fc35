import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { servers } from './servers';
import { admin } from './fixtures';
import { placeOrder, type Placed } from './orders';

const run = promisify(execFile);

/**
 * A placed order, shipped with IMEIs `daysAgo` days ago and paid in full by the seller: its IMEIs and
 * total. The IMEIs are made up unless given (one a unit, line after line).
 */
export async function shippedOrder(
  slot: number,
  daysAgo = 1,
  { imeis, ...options }: NonNullable<Parameters<typeof placeOrder>[1]> & { imeis?: readonly string[] } = {},
): Promise<Placed & { imeis: string[] }> {
  const placed = await placeOrder(slot, options);
  const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  let next = 0;
  const { shipment } = (await admin('POST', `/orders/${placed.orderNumber}/ship`, {
    trackingNumber: `1ZRET${slot}`,
    ...(imeis
      ? { lines: placed.lines.map((l) => ({ ...l, imeis: imeis.slice(next, (next += l.quantity)) })) }
      : { generateImeis: true }),
    at,
  })) as { shipment: { lines: { imeis: string[] }[] } };
  await admin('POST', `/orders/${placed.orderNumber}/payments`, {});
  return { ...placed, imeis: shipment.lines.flatMap((l) => l.imeis) };
}

/** The seller's CLI (`npm run marketplace -- ...`) against the running demo portal, as an operator types it. */
export async function sellerCli(...args: string[]) {
  const { port, dataDir } = servers().demo;
  // node --import tsx: what npx tsx runs, without npx finding tsx first (about a second a call).
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'server/marketplace/cli.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), PORTAL_URL: `http://localhost:${port}` },
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}
