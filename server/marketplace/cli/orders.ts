import { withAdmin } from './admin-client';
import { print, type Command, type Values } from './io';

const USAGE = `  orders list --email E        a buyer's orders with their statuses and totals
  orders show <orderNumber>    an order's lines, shipments, invoices and events
  orders ship <orderNumber> --tracking T [--lines "ITEM=QTY[:IMEI,IMEI...];..."] [--imeis auto]
                               ship units (all that remain without --lines) under a tracking number,
                               one IMEI per unit given or made up with --imeis auto
  orders invoice <orderNumber> [--lines "ITEM=QTY;..."]
                               invoice shipped units not invoiced yet (all of them without --lines)
  orders cancel-lines <orderNumber> [--lines "ITEM=QTY;..."]
                               cancel units not shipped (all of them without --lines); stock takes them back
  orders pay <orderNumber> [--amount MINOR] [--reference R]
                               record a payment received outside the portal (the balance owed without --amount,
                               in minor units: 17451 is 174.51)
  orders refund <orderNumber> [--amount MINOR] [--reference R]
                               record money given back (the credit owed, else all that was paid, without --amount)
  orders status <orderNumber> <ON_HOLD|AWAITING_SHIPPING_QUOTE|UNSHIPPED|PARTIALLY_SHIPPED|SHIPPED|INVOICED>
                               set the fulfilment status outright (demos)`;

const ORDER_NUMBER = /^[A-Za-z0-9-]{1,40}$/;

/** "ITEM=QTY[:IMEI,IMEI];ITEM=QTY" as lines; a malformed entry is an error that names it. */
export function parseLines(text: string, withImeis: boolean) {
  return text
    .split(';')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^([^=\s]+)=(\d+)(?::([\d,\s]*))?$/.exec(entry);
      if (!match || (match[3] !== undefined && !withImeis))
        throw new Error(`Not a line: "${entry}" (expected ITEM=QTY${withImeis ? '[:IMEI,IMEI...]' : ''})`);
      const imeis = match[3]
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      return { itemNumberWarehouse: match[1]!, quantity: Number(match[2]), ...(imeis ? { imeis } : {}) };
    });
}

/** The request body and route of one `orders` command, or an error with the usage. */
export function orderRequest(
  [sub, orderNumber, status]: string[],
  values: Values,
): { method: 'GET' | 'POST'; route: string; body?: unknown } {
  const usage = () => new Error(`Usage:\n${USAGE}`);
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  if (sub === 'list') {
    const email = text('email');
    if (!email) throw usage();
    return { method: 'GET', route: `/orders?email=${encodeURIComponent(email)}` };
  }
  if (!orderNumber || !ORDER_NUMBER.test(orderNumber)) throw usage();
  const base = `/orders/${orderNumber}`;
  const actor = 'seller (cli)';
  const lines = (withImeis: boolean) =>
    text('lines') === undefined ? undefined : parseLines(text('lines')!, withImeis);
  const at = text('at');
  switch (sub) {
    case 'show':
      return { method: 'GET', route: base };
    case 'ship': {
      const trackingNumber = text('tracking');
      if (!trackingNumber) throw usage();
      const imeis = text('imeis');
      if (imeis !== undefined && imeis !== 'auto')
        throw new Error('--imeis takes only "auto" (give IMEIs per line in --lines)');
      return {
        method: 'POST',
        route: `${base}/ship`,
        body: { trackingNumber, lines: lines(true), generateImeis: imeis === 'auto', actor, at },
      };
    }
    case 'invoice':
      return { method: 'POST', route: `${base}/invoice`, body: { lines: lines(false), actor, at } };
    case 'cancel-lines':
      return { method: 'POST', route: `${base}/cancel-lines`, body: { lines: lines(false), actor, at } };
    case 'pay':
    case 'refund': {
      const amount = text('amount');
      if (amount !== undefined && !/^[1-9][0-9]{0,9}$/.test(amount))
        throw new Error('--amount takes a whole number of minor units above 0 (17451 is 174.51)');
      return {
        method: 'POST',
        route: `${base}/${sub === 'pay' ? 'payments' : 'refunds'}`,
        body: { amount: amount === undefined ? undefined : Number(amount), reference: text('reference'), actor, at },
      };
    }
    case 'status':
      if (!status) throw usage();
      return { method: 'POST', route: `${base}/status`, body: { status: status.toUpperCase(), actor, at } };
    default:
      throw usage();
  }
}

/** `npm run marketplace -- orders ...`: the seller's side of orders. */
export const ordersCommand: Command = {
  usage: USAGE,
  options: {
    tracking: { type: 'string' },
    lines: { type: 'string' },
    imeis: { type: 'string' },
    amount: { type: 'string' },
    reference: { type: 'string' },
  },
  async run(args: string[], values: Values) {
    const { method, route, body } = orderRequest(args, values);
    print(await withAdmin((call) => call(method, route, body)));
  },
};
