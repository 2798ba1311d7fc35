import { withAdmin } from './admin-client';
import { print, type Command, type Values } from './io';

const USAGE = `  offers list [--status S] [--email E]
                               offers, newest first (of one status, of one buyer's user)
  offers history <offerId>     who moved an offer, when, from which status to which
  offers accept <offerId> [--min N] [--hours H]
  offers counter <offerId> --price P [--min N] [--hours H]
  offers reject <offerId>      the seller's answer to an offer awaiting review
  offers review                run now what the seller's job runs: expiry and the automatic rules`;

const listFilter = (values: Values) =>
  new URLSearchParams(
    Object.entries({ status: values.status, email: values.email }).flatMap(([k, v]) =>
      typeof v === 'string' ? [[k, v]] : [],
    ),
  ).toString();

const optionalNumber = (value: string | boolean | undefined) => (typeof value === 'string' ? Number(value) : undefined);

/** `npm run marketplace -- offers ...`: the seller's side of offers. */
export const offersCommand: Command = {
  usage: USAGE,
  options: {
    status: { type: 'string' },
    email: { type: 'string' },
    min: { type: 'string' },
    hours: { type: 'string' },
  },
  async run([sub, id]: string[], values: Values) {
    const needId = () => {
      if (!id || !/^\d+$/.test(id)) throw new Error(`Usage:\n${USAGE}`);
      return id;
    };
    const answer = (action: string) =>
      withAdmin((call) =>
        call('POST', `/offers/${needId()}/review`, {
          action,
          price: optionalNumber(values.price),
          minimumQuantity: optionalNumber(values.min),
          validHours: optionalNumber(values.hours),
          actor: 'seller (cli)',
        }),
      );
    switch (sub) {
      case 'list':
        return print(await withAdmin((call) => call('GET', `/offers?${listFilter(values)}`)));
      case 'history':
        return print(await withAdmin((call) => call('GET', `/offers/${needId()}/history`)));
      case 'accept':
      case 'counter':
      case 'reject':
        return print(await answer(sub));
      case 'review':
        return print(await withAdmin((call) => call('POST', '/jobs/offer-review')));
      default:
        throw new Error(`Usage:\n${USAGE}`);
    }
  },
};
