// npm run contract -- <base url>: the contract suite against a running tenant API (see docs/tenant-api.md).
import { DEMO_BUYER, runContract } from './suite';

const base = process.argv[2];
if (!base || !/^https?:\/\//.test(base)) {
  console.error('Usage: npm run contract -- <base url of the tenant API, e.g. http://127.0.0.1:3000>');
  console.error('CONTRACT_EMAIL and CONTRACT_PASSWORD name the buyer to sign in as (default: the demo buyer).');
  process.exit(2);
}
const buyer = {
  email: process.env.CONTRACT_EMAIL ?? DEMO_BUYER.email,
  password: process.env.CONTRACT_PASSWORD ?? DEMO_BUYER.password,
};
const checks = await runContract({ base, buyer }).catch((error: unknown) => {
  console.error(
    `The tenant API at ${base} could not be checked: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
for (const check of checks)
  console.log(`${check.outcome.padEnd(7)} ${check.name}${check.detail ? ` — ${check.detail}` : ''}`);
const failed = checks.filter((c) => c.outcome === 'failed').length;
console.log(
  `\n${checks.length} checks: ${checks.length - failed - checks.filter((c) => c.outcome === 'skipped').length} passed, ${failed} failed`,
);
process.exitCode = failed ? 1 : 0;
