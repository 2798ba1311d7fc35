import fs from 'node:fs';
import { withAdmin } from './admin-client';
import { print, type Command, type Values } from './io';

const USAGE = `  auctions list                the lots, newest first
  auctions show <lot>          a lot with its manifest
  auctions create --manifest FILE.xlsx --title T --warehouse CODE --start MINOR [--reserve MINOR]
                  --starts ISO --ends ISO [--photos A.jpg,B.png]
                               a lot from a manifest spreadsheet (columns Model, Grade, Quantity; Capacity,
                               Colour, IMEI optional), prices in minor units (17451 is 174.51), with up to
                               8 photos (JPEG, PNG, WebP or GIF, 2 MB each) buyers see on the lot's page
  auctions edit <lot> (the options of create)
                               replace a lot's terms and manifest (and its photos, when --photos is given),
                               before its first bid
  auctions cancel <lot> --reason R
  auctions close <lot>         end bidding now and close the lot (award or not)
  auctions bids <lot>          every bid with its bidder and maximum
  auctions second-chance <lot> offer a lot closed below its reserve to its highest bidder at the reserve`;

const MINOR = /^[1-9][0-9]{0,9}$/;

/** The request of one `auctions` command, or an error with the usage. */
export function auctionRequest(
  [sub, lot]: string[],
  values: Values,
  readFile: (path: string) => Buffer = (path) => fs.readFileSync(path),
): { method: 'GET' | 'POST' | 'PUT'; route: string; body?: unknown } {
  const usage = () => new Error(`Usage:\n${USAGE}`);
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : undefined);
  const minor = (name: string) => {
    const value = text(name);
    if (value === undefined) return undefined;
    if (!MINOR.test(value)) throw new Error(`--${name} takes a whole number of minor units above 0 (17451 is 174.51)`);
    return Number(value);
  };
  const lotBody = () => {
    const manifest = text('manifest');
    const title = text('title');
    const warehouseCode = text('warehouse');
    const startingPrice = minor('start');
    const startsAt = text('starts');
    const endsAt = text('ends');
    if (!manifest || !title || !warehouseCode || !startingPrice || !startsAt || !endsAt) throw usage();
    const photos = text('photos');
    return {
      title,
      warehouseCode,
      startingPrice,
      reservePrice: minor('reserve') ?? null,
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(endsAt).toISOString(),
      manifestXlsxBase64: readFile(manifest).toString('base64'),
      ...(photos === undefined
        ? {}
        : {
            photosBase64: photos
              .split(',')
              .filter((name) => name.trim())
              .map((name) => readFile(name.trim()).toString('base64')),
          }),
    };
  };
  if (sub === 'list') return { method: 'GET', route: '/auctions' };
  if (sub === 'create') return { method: 'POST', route: '/auctions', body: lotBody() };
  if (!lot || !/^[0-9]{1,9}$/.test(lot)) throw usage();
  const base = `/auctions/${lot}`;
  switch (sub) {
    case 'show':
      return { method: 'GET', route: base };
    case 'edit':
      return { method: 'PUT', route: base, body: lotBody() };
    case 'cancel': {
      const reason = text('reason');
      if (!reason) throw usage();
      return { method: 'POST', route: `${base}/cancel`, body: { reason } };
    }
    case 'close':
      return { method: 'POST', route: `${base}/close` };
    case 'bids':
      return { method: 'GET', route: `${base}/bids` };
    case 'second-chance':
      return { method: 'POST', route: `${base}/second-chance` };
    default:
      throw usage();
  }
}

/** `npm run marketplace -- auctions ...`: the seller's side of auctions. */
export const auctionsCommand: Command = {
  usage: USAGE,
  options: {
    manifest: { type: 'string' },
    title: { type: 'string' },
    warehouse: { type: 'string' },
    start: { type: 'string' },
    reserve: { type: 'string' },
    starts: { type: 'string' },
    ends: { type: 'string' },
    photos: { type: 'string' },
    reason: { type: 'string' },
  },
  async run(args: string[], values: Values) {
    const { method, route, body } = auctionRequest(args, values);
    print(await withAdmin((call) => call(method, route, body)));
  },
};
