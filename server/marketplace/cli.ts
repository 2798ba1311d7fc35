import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DatabaseLockedError, isDatabaseLocked, openDatabase } from './db/client';
import { DEMO_ACCOUNTS, isSeeded, seedTenantDemoData } from './db/seed';
import { withAdmin } from './cli/admin-client';
import { EXTRA_COMMANDS, EXTRA_OPTIONS, EXTRA_USAGE } from './cli/commands';
import { print, type Values } from './cli/io';
import { usePasswordHashCost } from './services/identity/passwords';
import { loadTenantConfig } from './tenant-config';
import { getEnv } from '../../app/.server/env';

const USAGE = `Usage: npm run marketplace -- <command> [options]

Commands:
  seed [--items N] [--reset]   create the demo data (default SEED_ITEMS, 3000); --reset starts from an empty database
  accounts                     list the demo sign-in accounts
  stock set <itemNumberWarehouse> [--quantity N] [--price P] [--participant ID]
                               change an item's available quantity and/or list price, as the seller
  jobs run <name> [--at ISO-DATE]
                               run a background job now${EXTRA_USAGE}

While the portal runs on PGlite these commands reach it over HTTP (PORTAL_URL, default
http://localhost:3000) with the admin token in DATA_DIR; otherwise they open the database.
Environment: DATA_DIR (default ./data), DATABASE_URL (PostgreSQL instead of PGlite), TENANT_CONFIG.`;

async function main(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      items: { type: 'string' },
      reset: { type: 'boolean' },
      quantity: { type: 'string' },
      price: { type: 'string' },
      participant: { type: 'string' },
      at: { type: 'string' },
      ...EXTRA_OPTIONS,
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  if (!command || values.help) return console.log(USAGE);
  switch (command) {
    case 'accounts':
      for (const a of DEMO_ACCOUNTS) console.log(`${a.email.padEnd(24)} ${a.password.padEnd(12)} ${a.who}`);
      return;
    case 'seed':
      return seed(values.items, Boolean(values.reset));
    case 'stock':
      return stockCommand(rest, values as Values);
    case 'jobs':
      if (rest[0] !== 'run' || !rest[1]) throw new Error('Usage: jobs run <name> [--at ISO-DATE]');
      return print(
        await withAdmin((call) =>
          call(
            'POST',
            `/jobs/${encodeURIComponent(rest[1]!)}${values.at ? `?at=${encodeURIComponent(values.at)}` : ''}`,
          ),
        ),
      );
    default:
      if (command in EXTRA_COMMANDS) return EXTRA_COMMANDS[command]!.run(rest, values as Values);
      console.error(`Unknown command: ${command}\n\n${USAGE}`);
      process.exitCode = 2;
  }
}

async function stockCommand([sub, itemNumberWarehouse]: string[], values: Values) {
  if (sub !== 'set' || !itemNumberWarehouse)
    throw new Error('Usage: stock set <itemNumberWarehouse> [--quantity N] [--price P]');
  const body = {
    itemNumberWarehouse,
    participantId: values.participant,
    quantityAvailable: values.quantity === undefined ? undefined : Number(values.quantity),
    listPrice: values.price === undefined ? undefined : Number(values.price),
    actor: 'seller (cli)',
  };
  print(await withAdmin((call) => call('POST', '/stock', body)));
}

/** Seeds as the server's first start does: SEED_ITEMS items unless --items says otherwise. */
async function seed(itemsOption: string | undefined, reset: boolean) {
  const env = getEnv();
  usePasswordHashCost(env.PASSWORD_HASH_COST);
  const items = itemsOption === undefined ? env.SEED_ITEMS : Number(itemsOption);
  if (!Number.isInteger(items) || items < 0 || items > 200_000)
    throw new Error('--items must be a whole number from 0 to 200000');
  const dataDir = path.join(env.DATA_DIR, 'pglite');
  const databaseUrl = env.DATABASE_URL;
  if (!databaseUrl && isDatabaseLocked(dataDir)) {
    throw new Error(`The portal is running on ${dataDir}: stop it before seeding.`);
  }
  if (reset && !databaseUrl) fs.rmSync(dataDir, { recursive: true, force: true });
  const database = await openDatabase({ dataDir, databaseUrl });
  try {
    if (await isSeeded(database.db)) {
      console.log('The database already holds data; use --reset to start again.');
      return;
    }
    const started = Date.now();
    const summary = await seedTenantDemoData(database.db, loadTenantConfig(env.TENANT_CONFIG), items);
    console.log(JSON.stringify({ ...summary, ms: Date.now() - started }));
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof DatabaseLockedError || error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
