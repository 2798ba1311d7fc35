import { SUPPORTED_LANGUAGES } from '../../../app/locales/languages';
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
                               percent: 1500 = 15.00 %) and the reasons that need photos
  returns reasons              the return reasons, each with its label per language and whether it needs photos
  returns reason <CODE> [--en T] [--fr T] [--de T] [--photo-required yes|no]
                               add a reason (its English label needed) or change its labels and photos;
                               the languages not given keep their labels
  returns reason <CODE> --remove
                               take a reason off the list (requests that gave it keep it)`;

interface Reason {
  code: string;
  labels: Record<string, string>;
  photoRequired: boolean;
}

const REASON_CODE = /^[A-Z0-9_]{1,40}$/;
const MAX_REASONS = 50;
const MAX_LABEL = 200;

const RMA = /^RMA-[A-Za-z0-9-]{1,60}$/;
const usage = () => new Error(`Usage:\n${USAGE}`);
const text = (values: Values, name: string) =>
  typeof values[name] === 'string' ? (values[name] as string) : undefined;

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

/** What `returns reason <CODE>` asks, checked before anything is called: the labels by language, photos, or removal. */
export function reasonChange(
  code: string | undefined,
  values: Values,
): { code: string; labels: Record<string, string>; photoRequired?: boolean; remove: boolean } {
  if (!code) throw usage();
  if (!REASON_CODE.test(code))
    throw new Error(
      `A reason code is 1 to 40 capital letters, digits or _ (DOA, NOT_AS_GRADED): "${code.slice(0, 50)}"`,
    );
  const labels: Record<string, string> = {};
  for (const language of SUPPORTED_LANGUAGES) {
    const label = text(values, language)?.trim();
    if (label === undefined) continue;
    if (!label || label.length > MAX_LABEL || /[\u0000-\u001f\u007f]/.test(label))
      throw new Error(`--${language}: a label is 1 to ${MAX_LABEL} characters on one line`);
    labels[language] = label;
  }
  const photos = text(values, 'photo-required');
  if (photos !== undefined && photos !== 'yes' && photos !== 'no') throw new Error('--photo-required is yes or no');
  const remove = values.remove === true;
  if (remove && (Object.keys(labels).length || photos !== undefined)) throw new Error('--remove takes nothing else');
  if (!remove && !Object.keys(labels).length && photos === undefined)
    throw new Error(
      `Nothing to change: give a label (${SUPPORTED_LANGUAGES.map((l) => `--${l}`).join(', ')}), --photo-required or --remove`,
    );
  return { code, labels, photoRequired: photos === undefined ? undefined : photos === 'yes', remove };
}

/** The tenant's reasons after one change; a reason it cannot make (a new one without English, the last one removed) is an error that says so. */
export function changedReasons(change: ReturnType<typeof reasonChange>, reasons: Reason[]): Reason[] {
  const existing = reasons.find((r) => r.code === change.code);
  if (change.remove) {
    if (!existing)
      throw new Error(`No reason ${change.code}: the reasons are ${reasons.map((r) => r.code).join(', ')}`);
    if (reasons.length === 1) throw new Error('The last reason cannot be removed: a buyer must have one to choose');
    return reasons.filter((r) => r !== existing);
  }
  if (!existing) {
    if (!change.labels.en)
      throw new Error(`${change.code} is a new reason: give its English label (--en), the fallback of every language`);
    if (reasons.length >= MAX_REASONS) throw new Error(`At most ${MAX_REASONS} reasons`);
    return [...reasons, { code: change.code, labels: change.labels, photoRequired: change.photoRequired ?? false }];
  }
  return reasons.map((r) =>
    r === existing
      ? {
          code: r.code,
          labels: { ...r.labels, ...change.labels },
          photoRequired: change.photoRequired ?? r.photoRequired,
        }
      : r,
  );
}

/** The admin call of one `returns` command, or an error with the usage. */
export function returnRequest(
  [sub, rma]: string[],
  values: Values,
  current?: { reasons: Reason[] },
): { method: 'GET' | 'POST'; route: string; body?: unknown } {
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
      reasons:
        photos === undefined || !current
          ? undefined
          : current.reasons.map((r) => ({
              ...r,
              photoRequired: photos
                .split(',')
                .map((c) => c.trim())
                .includes(r.code),
            })),
    };
    const given = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    return Object.keys(given).length
      ? { method: 'POST', route: '/returns/settings', body: given }
      : { method: 'GET', route: '/returns/settings' };
  }
  if (sub === 'reasons') return { method: 'GET', route: '/returns/settings' };
  if (sub === 'reason') {
    const change = reasonChange(rma, values);
    return current
      ? { method: 'POST', route: '/returns/settings', body: { reasons: changedReasons(change, current.reasons) } }
      : { method: 'GET', route: '/returns/settings' };
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
        body: {
          instructions: text(values, 'instructions') ?? '',
          answer: text(values, 'answer'),
          rejectUnits:
            reject === undefined ? undefined : pairs(reject, 'reject').map(([unit, reason]) => ({ unit, reason })),
          actor,
          at,
        },
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
                if (!/^\d{1,10}$/.test(minor))
                  throw new Error(`--amounts: ${unit} takes a whole number of minor units (17451 is 174.51)`);
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
    'photo-required': { type: 'string' },
    remove: { type: 'boolean' },
    ...Object.fromEntries(SUPPORTED_LANGUAGES.map((language) => [language, { type: 'string' as const }])),
  },
  async run(args: string[], values: Values) {
    print(
      await withAdmin(async (call) => {
        // Checked before anything is asked of the server.
        if (args[0] === 'reason') reasonChange(args[1], values);
        const needsCurrent =
          (args[0] === 'settings' && text(values, 'photos-required') !== undefined) || args[0] === 'reason';
        const current = needsCurrent ? ((await call('GET', '/returns/settings')) as { reasons: Reason[] }) : undefined;
        const { method, route, body } = returnRequest(args, values, current);
        const answer = (await call(method, route, body)) as { reasons?: Reason[] };
        return args[0] === 'reasons' || args[0] === 'reason' ? answer.reasons : answer;
      }),
    );
  },
};
