import { withAdmin } from './admin-client';
import { print, type Command, type Values } from './io';

const USAGE = `  orders-terms show <orderNumber>
                               an order's payment terms, fees now and their history
  orders-terms set <orderNumber> [--grace-end ISO|none | --grace-days-ago N]
                   [--period-end ISO|none | --period-end-days-ago N]
                   [--reservation-rate R] [--cancellation-rate R] [--agreed true|false]
                               set an order's terms as the seller (rates in hundredths of a
                               percent per 24 hours: 150 = 1.50 %)`;

const OPTIONS = {
  'grace-end': { type: 'string' },
  'grace-days-ago': { type: 'string' },
  'period-end': { type: 'string' },
  'period-end-days-ago': { type: 'string' },
  'reservation-rate': { type: 'string' },
  'cancellation-rate': { type: 'string' },
  agreed: { type: 'string' },
} as const;

const usage = () => new Error(`Usage:\n${USAGE}`);

function whole(value: string | boolean | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) throw new Error(`--${name} must be a whole number`);
  return Number(value);
}

function date(value: string | boolean | undefined, name: string): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === 'none') return null;
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
    throw new Error(`--${name} must be an ISO date or none`);
  return new Date(value).toISOString();
}

function flag(value: string | boolean | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new Error('--agreed must be true or false');
}

/** The body of the admin call from the command's options; only what was given. */
export function termsChangeOf(values: Values) {
  const body = {
    gracePeriodEnd: date(values['grace-end'], 'grace-end'),
    graceDaysAgo: whole(values['grace-days-ago'], 'grace-days-ago'),
    racFeePeriodEnd: date(values['period-end'], 'period-end'),
    periodEndDaysAgo: whole(values['period-end-days-ago'], 'period-end-days-ago'),
    reservationFeeRate: whole(values['reservation-rate'], 'reservation-rate'),
    cancellationFeeRate: whole(values['cancellation-rate'], 'cancellation-rate'),
    racFeeAgreed: flag(values.agreed),
    actor: 'seller (cli)',
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}

/** `npm run marketplace -- orders-terms ...`: the seller's side of reservation and cancellation terms. */
export const orderTermsCommand: Command = {
  usage: USAGE,
  options: OPTIONS,
  async run([sub, orderNumber]: string[], values: Values) {
    if (!orderNumber || !/^[A-Za-z0-9-]{1,40}$/.test(orderNumber)) throw usage();
    switch (sub) {
      case 'show':
        return print(await withAdmin((call) => call('GET', `/order-terms/${orderNumber}`)));
      case 'set':
        return print(await withAdmin((call) => call('POST', `/order-terms/${orderNumber}`, termsChangeOf(values))));
      default:
        throw usage();
    }
  },
};
