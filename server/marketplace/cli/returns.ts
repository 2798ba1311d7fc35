import { withAdmin } from './admin-client';
import { print, type Command, type Values } from './io';

const USAGE = `  returns list [--email E] [--status S]
                               return requests, newest first
  returns show <RMA>           a request's units, reasons, credits and history
  returns approve <RMA> [--instructions T] [--answer T] [--reject "UNIT=reason;..."]
                               approve with return instructions; the units named (IMEI, or ITEM#n) are rejected
  returns reject <RMA> --reason T
                               reject every unit of the request
  returns receive <RMA>        the units came back
  returns credit <RMA> [--amounts "UNIT=MINOR;..."]
                               credit the received units to the order's ledger (each its price paid less the
                               restocking fee unless given, in minor units: 17451 is 174.51)
  returns replace <RMA>        the received units are replaced instead
  returns settings [--window-days N] [--restocking-fee-rate R] [--photos-required CODE,CODE]
                               show or change the return window, the restocking fee (hundredths of a
                               percent: 1500 = 15.00 %) and the reasons that need photos`;

const RMA = /^RMA-[A-Za-z0-9-]{1,60}$/;
const usage = () => new Error(`Usage:\n${USAGE}`);
const text = (values: Values, name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);

/** "KEY=VALUE;KEY=VALUE" as pairs; a malformed entry is an error that names it. */
function pairs(value: string, name: string): [string, string][] {
  return value
    .split(';')
    .map((e) => e.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.indexOf('=');
      if (at <= 0 || at === entry.length - 1) throw new Error(`--${name}: not UNIT=VALUE: "${entry}"`);
      return [entry.slice(0, at).trim(), entry.slice(at + 1).trim()];
    });
}

function whole(values: Values, name: string): number | undefined {
  const value = text(values, name);
  if (value === undefined) return undefined;
  if (!/^\d{1,10}$/.test(value)) throw new Error(`--${name} must be a whole number`);
  return Number(value);
}

/** The admin call of one `returns` command, or an error with the usage. */
export function returnRequest([sub, rma]: string[], values: Values, current?: { reasons: { code: string; labels: Record<string, string>; photoRequired: boolean }[] }): { method: 'GET' | 'POST'; route: string; body?: unknown } {
  const actor = 'seller (cli)';
  const at = text(values, 'at');
  if (sub === 'list') {
    const query = new URLSearchParams();
    if (text(values, 'email')) query.set('email', text(values, 'email')!);
    if (text(values, 'status')) query.set('status', text(values, 'status')!.toUpperCase());
    return { method: 'GET', route: `/returns${query.size ? `?${query}` : ''}` };
  }
  if (sub === 'settings') {
    const photos = text(values, 'photos-required');
    const body = {
      windowDays: whole(values, 'window-days'),
      restockingFeeRate: whole(values, 'restocking-fee-rate'),
      reasons: photos === undefined || !current ? undefined : current.reasons.map((r) => ({ ...r, photoRequired: photos.split(',').map((c) => c.trim()).includes(r.code) })),
    };
    const given = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    return Object.keys(given).length ? { method: 'POST', route: '/returns/settings', body: given } : { method: 'GET', route: '/returns/settings' };
  }
  if (!rma || !RMA.test(rma)) throw usage();
  const base = `/returns/${rma}`;
  switch (sub) {
    case 'show':
      return { method: 'GET', route: base };
    case 'approve': {
      const reject = text(values, 'reject');
      return {
        method: 'POST',
        route: `${base}/approve`,
        body: { instructions: text(values, 'instructions') ?? '', answer: text(values, 'answer'), rejectUnits: reject === undefined ? undefined : pairs(reject, 'reject').map(([unit, reason]) => ({ unit, reason })), actor, at },
      };
    }
    case 'reject': {
      const reason = text(values, 'reason');
      if (!reason) throw usage();
      return { method: 'POST', route: `${base}/reject`, body: { reason, actor, at } };
    }
    case 'credit': {
      const amounts = text(values, 'amounts');
      const parsed =
        amounts === undefined
          ? undefined
          : Object.fromEntries(
              pairs(amounts, 'amounts').map(([unit, minor]) => {
                if (!/^\d{1,10}$/.test(minor)) throw new Error(`--amounts: ${unit} takes a whole number of minor units (17451 is 174.51)`);
                return [unit, Number(minor)];
              }),
            );
      return { method: 'POST', route: `${base}/credit`, body: { amounts: parsed, actor, at } };
    }
    case 'receive':
    case 'replace':
      return { method: 'POST', route: `${base}/${sub}`, body: { actor, at } };
    default:
      throw usage();
  }
}

/** `npm run marketplace -- returns ...`: the seller's side of return requests. */
export const returnsCommand: Command = {
  usage: USAGE,
  options: {
    instructions: { type: 'string' },
    answer: { type: 'string' },
    reject: { type: 'string' },
    reason: { type: 'string' },
    amounts: { type: 'string' },
    'window-days': { type: 'string' },
    'restocking-fee-rate': { type: 'string' },
    'photos-required': { type: 'string' },
  },
  async run(args: string[], values: Values) {
    print(
      await withAdmin(async (call) => {
        const current = args[0] === 'settings' && text(values, 'photos-required') !== undefined ? await call('GET', '/returns/settings') : undefined;
        const { method, route, body } = returnRequest(args, values, current);
        return call(method, route, body);
      }),
    );
  },
};
