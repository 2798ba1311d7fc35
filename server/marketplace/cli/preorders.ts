import { withAdmin } from './admin-client';
import { print, type Command, type Values } from './io';

const USAGE = `  preorders list               every pre-order, newest first
  preorders show <ID>          a pre-order with its commitments (who, how many, state, order)
  preorders announce --warehouse W --item ITEM --model M --grade G [--capacity C] --expected-quantity N
                     --expected-date YYYY-MM-DD (--unit-price MINOR | --price-min MINOR --price-max MINOR)
                     [--minimum N] --cut-off ISO-DATE-TIME
                               announce coming stock buyers may commit to until the cut-off (prices in
                               minor units: 42000 is 420.00)
  preorders allocate <ID> --quantity N [--unit-price MINOR]
                               the stock arrived: allocate N units by the tenant's rule (the final price
                               within the range, when it is one); each share becomes an order
  preorders cancel <ID> --reason TEXT
                               cancel it before its allocation; each committed buyer sees the reason and
                               is e-mailed it
  preorders rule [first-come|pro-rata]
                               show or set how arrived stock is shared (pro rata: largest remainder)`;

const usage = () => new Error(`Usage:\n${USAGE}`);
const text = (values: Values, name: string) =>
  typeof values[name] === 'string' ? (values[name] as string) : undefined;

function whole(values: Values, name: string, required = false): number | undefined {
  const value = text(values, name);
  if (value === undefined) {
    if (required) throw new Error(`--${name} is needed`);
    return undefined;
  }
  if (!/^\d{1,10}$/.test(value)) throw new Error(`--${name} must be a whole number`);
  return Number(value);
}

function required(values: Values, name: string): string {
  const value = text(values, name);
  if (!value) throw new Error(`--${name} is needed`);
  return value;
}

const RULES: Record<string, string> = { 'first-come': 'FIRST_COME', 'pro-rata': 'PRO_RATA' };

/** The admin call of one `preorders` command, or an error with the usage. */
export function preorderRequest(
  [sub, id]: string[],
  values: Values,
): { method: 'GET' | 'POST'; route: string; body?: unknown } {
  if (sub === 'list') return { method: 'GET', route: '/preorders' };
  if (sub === 'rule') {
    if (!id) return { method: 'GET', route: '/preorders/settings' };
    if (!RULES[id]) throw new Error(`The rule is first-come or pro-rata, not "${id.slice(0, 40)}"`);
    return { method: 'POST', route: '/preorders/settings', body: { allocationRule: RULES[id] } };
  }
  if (sub === 'announce') {
    const cutOff = new Date(required(values, 'cut-off'));
    if (Number.isNaN(cutOff.getTime())) throw new Error('--cut-off must be a date and time (2027-01-10T17:00:00Z)');
    return {
      method: 'POST',
      route: '/preorders',
      body: {
        participantId: text(values, 'participant'),
        warehouseCode: required(values, 'warehouse'),
        itemNumber: required(values, 'item'),
        model: required(values, 'model'),
        grade: required(values, 'grade'),
        capacity: text(values, 'capacity') ?? '',
        expectedQuantity: whole(values, 'expected-quantity', true),
        expectedDate: required(values, 'expected-date'),
        unitPrice: whole(values, 'unit-price'),
        priceMin: whole(values, 'price-min'),
        priceMax: whole(values, 'price-max'),
        minimumCommitment: whole(values, 'minimum') ?? 1,
        cutOff: cutOff.toISOString(),
      },
    };
  }
  if (!id || !/^\d{1,12}$/.test(id)) throw usage();
  if (sub === 'show') return { method: 'GET', route: `/preorders/${id}` };
  if (sub === 'allocate')
    return {
      method: 'POST',
      route: `/preorders/${id}/allocate`,
      body: { quantity: whole(values, 'quantity', true), unitPrice: whole(values, 'unit-price') },
    };
  if (sub === 'cancel')
    return { method: 'POST', route: `/preorders/${id}/cancel`, body: { reason: required(values, 'reason') } };
  throw usage();
}

/** `npm run marketplace -- preorders ...`: the seller's side of pre-orders. */
export const preordersCommand: Command = {
  usage: USAGE,
  options: Object.fromEntries(
    [
      'warehouse',
      'item',
      'model',
      'grade',
      'capacity',
      'expected-quantity',
      'expected-date',
      'unit-price',
      'price-min',
      'price-max',
      'minimum',
      'cut-off',
      'quantity',
      'participant',
      'reason',
    ].map((name) => [name, { type: 'string' as const }]),
  ),
  async run(args: string[], values: Values) {
    const { method, route, body } = preorderRequest(args, values);
    print(await withAdmin((call) => call(method, route, body)));
  },
};
