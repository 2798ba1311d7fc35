/**
 * Starts a cluster (tests/support/cluster.ts) until SIGTERM or SIGINT, which stop every replica:
 *
 *   tsx tests/support/cluster-cli.ts --database-url postgres://…/e2e_demo --port 3401 --data-dir data-e2e [--replicas 2] [--admin-url postgres://…/portal_test]
 *
 * The replicas get this process's environment (TENANT_CONFIG, SEED_ITEMS, …) with their own PORT,
 * DATA_DIR and DATABASE_URL. What a replica writes goes to this process's output.
 */
import { parseArgs } from 'node:util';
import { startCluster, type Cluster } from './cluster';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'admin-url': { type: 'string' },
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    replicas: { type: 'string', default: '2' },
  },
});
if (!values['database-url'] || !values.port || !values['data-dir']) {
  process.stderr.write(
    'usage: tsx tests/support/cluster-cli.ts --database-url URL --port N --data-dir DIR [--replicas N] [--admin-url URL]\n',
  );
  process.exit(2);
}

const OWN = new Set(['PORT', 'HOST', 'DATA_DIR', 'DATABASE_URL']);
const env = Object.fromEntries(
  Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined && !OWN.has(e[0])),
);

let cluster: Cluster | undefined;
let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await cluster?.stop();
  process.exit(code);
}
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));

try {
  cluster = await startCluster({
    databaseUrl: values['database-url'],
    adminUrl: values['admin-url'],
    port: Number(values.port),
    dataDir: values['data-dir'],
    replicas: Number(values.replicas),
    env,
    forwardOutput: true,
  });
  process.stdout.write(
    `cluster of ${cluster.replicas.length} at ${cluster.url}: ${cluster.replicas.map((r) => `${r.url} (pid ${r.pid})`).join(', ')}\n`,
  );
} catch (error) {
  process.stderr.write(`the cluster did not start: ${error instanceof Error ? error.message : String(error)}\n`);
  await stop(1);
}
