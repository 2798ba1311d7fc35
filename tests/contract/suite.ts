import { z } from 'zod';
import { answerSchemas, endpoints, PATH_PARAMETERS, type Endpoint } from '../../app/.server/api/contract/endpoints';
import { requestBodies } from '../../server/marketplace/contract/request-bodies';

/** The demo buyer of README's accounts: every authority, orders of every kind. */
export const DEMO_BUYER = { email: 'buyer@example.com', password: 'Demo#2026' };

export interface ContractOptions {
  /** The tenant API's origin; the paths carry /px-api-gateway. */
  base: string;
  fetch?: (request: Request) => Promise<Response>;
  buyer?: { email: string; password: string };
}

export interface Check {
  name: string;
  outcome: 'passed' | 'failed' | 'skipped';
  detail?: string;
}

const PARTICIPANT_HEADER = 'pxns-participant-id';

/** What the reads are made with: found through the tenant API itself, as the portal finds them. */
interface Found {
  token: string;
  participantId?: string;
  /** A participant of the network other than the tenant, whose stock the pxnr paths are about. */
  networkParticipantId?: string;
  itemNumberWarehouse?: string;
  orderNumber?: string;
  lotId?: number;
  /** A lot open for bids, with the least the buyer may bid on it now. */
  openLot?: { id: number; nextMinimum: number };
  preorderId?: number;
  lang?: string;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
}

/**
 * The contract suite: signs in as a buyer, makes every read the portal makes (each endpoint of the
 * registry marked `read`) and checks each answer against the schema the portal parses it with; then
 * the error shapes: 401 with an error body without a token, a refused sign-in, an unknown order.
 * Writes (offers, checkout, order changes) are left out: they would change the tenant's data.
 */
export async function runContract({
  base,
  fetch: send = (request) => fetch(request),
  buyer = DEMO_BUYER,
}: ContractOptions): Promise<Check[]> {
  const checks: Check[] = [];
  const call = async (
    method: string,
    path: string,
    init: { token?: string; headers?: Record<string, string>; body?: unknown } = {},
  ) => {
    const response = await send(
      new Request(new URL(path, base), {
        method: method.toUpperCase(),
        headers: {
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
    );
    const text = await response.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    return { status: response.status, body };
  };
  const record = (name: string, outcome: Check['outcome'], detail?: string) =>
    checks.push({ name, outcome, ...(detail ? { detail } : {}) });
  const checkBody = (name: string, schema: z.ZodType, body: unknown) => {
    const parsed = schema.safeParse(body);
    record(name, parsed.success ? 'passed' : 'failed', parsed.success ? undefined : describeIssues(parsed.error));
    return parsed.success;
  };

  const signIn = await call('post', '/px-api-gateway/identity/sign-in', { body: buyer });
  if (!checkBody(`POST /identity/sign-in as ${buyer.email}`, answerSchemas.SignInResult, signIn.body)) return checks;
  const signedIn = answerSchemas.SignInResult.parse(signIn.body);
  if (signedIn.status !== 'SIGNED_IN') {
    record('sign-in gives tokens', 'failed', `the buyer must set a new password first (${signedIn.status})`);
    return checks;
  }
  const found = await discover(call, signedIn.accessToken);

  for (const endpoint of endpoints.filter((e) => e.read && e.method === 'get')) {
    const name = `GET ${endpoint.path.replace('/px-api-gateway', '')}`;
    const path = concretePath(endpoint, found);
    if (!path) {
      record(name, 'skipped', 'the buyer has nothing to name in its path');
      continue;
    }
    const headers =
      endpoint.participant && found.participantId ? { [PARTICIPANT_HEADER]: found.participantId } : undefined;
    const answer = await call('get', path, { token: endpoint.auth === 'bearer' ? found.token : undefined, headers });
    const schema = answerSchemas[endpoint.answer as keyof typeof answerSchemas];
    if (answer.status >= 200 && answer.status < 300) checkBody(name, schema, answer.body);
    else if (endpoint.read === 'mayRefuse' && answer.status >= 400 && answer.status < 500)
      checkBody(`${name} (refused ${answer.status})`, answerSchemas.ErrorBody, answer.body);
    else record(name, 'failed', `answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`);

    if (endpoint.auth === 'bearer') {
      const anonymous = await call('get', path, { headers });
      if (anonymous.status !== 401)
        record(`${name} without a token`, 'failed', `answered ${anonymous.status}, not 401`);
      else checkBody(`${name} without a token: 401`, answerSchemas.ErrorBody, anonymous.body);
    }
  }

  await checkLimits(call, found, record, checkBody);
  await checkBidLimits(call, found, record, checkBody);

  const refused = await call('post', '/px-api-gateway/identity/sign-in', {
    body: { email: buyer.email, password: `${buyer.password}-wrong` },
  });
  if (refused.status >= 400 && refused.status < 500)
    checkBody(`POST /identity/sign-in with a wrong password: ${refused.status}`, answerSchemas.ErrorBody, refused.body);
  else record('POST /identity/sign-in with a wrong password', 'failed', `answered ${refused.status}`);
  const unknown = await call('get', '/px-api-gateway/orders/NO-SUCH-ORDER-0', { token: found.token });
  if (unknown.status === 404)
    checkBody('GET /orders/{orderNumber} of an unknown order: 404', answerSchemas.ErrorBody, unknown.body);
  else record('GET /orders/{orderNumber} of an unknown order', 'failed', `answered ${unknown.status}, not 404`);
  const document = await call('get', '/px-api-gateway/openapi.json');
  record(
    'GET /openapi.json',
    document.status === 200 && (document.body as { openapi?: string } | undefined)?.openapi === '3.1.0'
      ? 'passed'
      : 'skipped',
    document.status === 200 ? undefined : `answered ${document.status}`,
  );
  return checks;
}

type Record_ = (name: string, outcome: Check['outcome'], detail?: string) => void;
type CheckBody = (name: string, schema: z.ZodType, body: unknown) => boolean;

/** The values just past a documented limit, and one just inside it, from the parameter's JSON Schema. */
function edgesOf(schema: z.ZodType): { outside: string[]; inside: string[] } {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    type?: string;
    enum?: string[];
    minimum?: number;
    maximum?: number;
    maxLength?: number;
  };
  if (json.enum) return { outside: ['', `${json.enum[0]}-not`], inside: [json.enum[0]!] };
  if (json.type === 'integer') {
    const outside = [
      ...(json.minimum === undefined ? [] : [String(json.minimum - 1)]),
      ...(json.maximum === undefined ? [] : [String(json.maximum + 1)]),
      '1.5',
      'x',
    ];
    return { outside, inside: json.minimum === undefined ? [] : [String(json.minimum)] };
  }
  if (json.maxLength !== undefined)
    return { outside: ['x'.repeat(json.maxLength + 1)], inside: ['x'.repeat(json.maxLength)] };
  return { outside: [], inside: [] };
}

/**
 * The limits the document states, tried at the server: each read's query parameter past its limit is
 * a 400 in the error shape naming the parameter, and just inside it an answer; an id in a path past
 * its range (0, one past the largest) is a 400 naming the id, before any lookup.
 */
async function checkLimits(call: Call, found: Found, record: Record_, checkBody: CheckBody) {
  const refusedNaming = (label: string, name: string, answer: { status: number; body: unknown }) => {
    if (answer.status !== 400) return record(label, 'failed', `answered ${answer.status}, not 400`);
    if (!checkBody(label, answerSchemas.ErrorBody, answer.body)) return;
    const message = (answer.body as { message?: string }).message ?? '';
    if (!message.startsWith(`${name}:`)) record(`${label} names ${name}`, 'failed', `said "${message}"`);
  };
  for (const endpoint of endpoints.filter((e) => e.read === true && e.method === 'get' && e.query)) {
    const path = concretePath(endpoint, found);
    if (!path) continue;
    const headers =
      endpoint.participant && found.participantId ? { [PARTICIPANT_HEADER]: found.participantId } : undefined;
    for (const [name, schema] of Object.entries(endpoint.query!)) {
      const { outside, inside } = edgesOf(schema);
      for (const value of outside) {
        const label = `GET ${endpoint.path.replace('/px-api-gateway', '')}?${name}=${value.slice(0, 12)}${value.length > 12 ? '…' : ''}`;
        refusedNaming(label, name, await call('get', withQuery(path, name, value), { token: found.token, headers }));
      }
      for (const value of inside) {
        const label = `GET ${endpoint.path.replace('/px-api-gateway', '')}?${name}=${value.slice(0, 12)}${value.length > 12 ? '…' : ''} (at its limit)`;
        const answer = await call('get', withQuery(path, name, value), { token: found.token, headers });
        record(
          label,
          answer.status === 200 ? 'passed' : 'failed',
          answer.status === 200 ? undefined : `answered ${answer.status}`,
        );
      }
    }
  }
  for (const endpoint of endpoints.filter((e) => e.method === 'get' && e.auth === 'bearer')) {
    const names = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);
    if (!names.length || !names.every((name) => PATH_PARAMETERS[name] === PATH_PARAMETERS.id)) continue;
    // The pxnr paths are about a network participant's stock, another than the tenant's own.
    const participant = endpoint.participant === 'required' ? found.networkParticipantId : found.participantId;
    if (endpoint.participant === 'required' && !participant) continue;
    const headers = endpoint.participant && participant ? { [PARTICIPANT_HEADER]: participant } : undefined;
    for (const value of ['0', '2147483648']) {
      const path = endpoint.path.replace(/\{(\w+)\}/g, value);
      const label = `GET ${endpoint.path.replace('/px-api-gateway', '')} with ${value}`;
      refusedNaming(label, names[0]!, await call('get', path, { token: found.token, headers }));
    }
  }
}

/**
 * A bid's amount as the document states it, tried on the quote (which places nothing): the lot's next
 * minimum is answered with its charges; an amount past the document's limits, a body without one and
 * one with a field the document does not name are each refused with an error body.
 */
async function checkBidLimits(call: Call, found: Found, record: Record_, checkBody: CheckBody) {
  const name = 'POST /auctions/{lotId}/quote';
  const lot = found.openLot;
  if (!lot) return record(name, 'skipped', 'no open lot to quote a bid on');
  const path = `/px-api-gateway/auctions/${lot.id}/quote`;
  const quote = await call('post', path, { token: found.token, body: { amount: lot.nextMinimum } });
  if (quote.status === 200) checkBody(`${name} at the next minimum`, answerSchemas.BidQuote, quote.body);
  else record(`${name} at the next minimum`, 'failed', `answered ${quote.status}: ${JSON.stringify(quote.body)}`);
  const { outside } = edgesOf(requestBodies.BidQuoteRequest.shape.amount);
  const refused = [
    ...outside.map((value) => ({ amount: Number.isFinite(Number(value)) ? Number(value) : value })),
    {},
    { amount: lot.nextMinimum, extra: 1 },
  ];
  for (const body of refused) {
    const label = `${name} with ${JSON.stringify(body)}`;
    const answer = await call('post', path, { token: found.token, body });
    if (answer.status >= 400 && answer.status < 500)
      checkBody(`${label}: ${answer.status}`, answerSchemas.ErrorBody, answer.body);
    else record(label, 'failed', `answered ${answer.status}, not a refusal`);
  }
}

const withQuery = (path: string, name: string, value: string) =>
  `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ [name]: value })}`;

type Call = (
  method: string,
  path: string,
  init?: { token?: string; headers?: Record<string, string>; body?: unknown },
) => Promise<{ status: number; body: unknown }>;

/** The participant, an item and an order to read, found as the portal finds them; whatever is missing stays undefined. */
async function discover(call: Call, token: string): Promise<Found> {
  const found: Found = { token };
  const config = answerSchemas.TenantConfig.safeParse((await call('get', '/px-api-gateway/saas-config')).body);
  if (config.success) found.lang = config.data.language;
  const participants = answerSchemas.Participants.safeParse(
    (await call('get', '/px-api-gateway/stocklist/participants', { token })).body,
  );
  const participant = participants.success
    ? (participants.data.find((p) => p.isOwn) ?? participants.data[0])
    : undefined;
  found.networkParticipantId = participants.success
    ? participants.data.find((p) => !p.isOwn)?.pxnParticipantId
    : undefined;
  if (participant) {
    found.participantId = participant.pxnParticipantId;
    const headers = { [PARTICIPANT_HEADER]: participant.pxnParticipantId };
    const page = answerSchemas.StockPage.safeParse(
      (await call('get', '/px-api-gateway/stocklist/items', { token, headers })).body,
    );
    const group = page.success ? page.data.groups[0] : undefined;
    if (page.success && group) {
      const opened = answerSchemas.StockPage.safeParse(
        (
          await call(
            'get',
            `/px-api-gateway/stocklist/items?${new URLSearchParams({ warehouseGroup: page.data.warehouseGroup, open: group.groupId })}`,
            { token, headers },
          )
        ).body,
      );
      found.itemNumberWarehouse = opened.success
        ? opened.data.groups.find((g) => g.groupId === group.groupId)?.items[0]?.itemNumberWarehouse
        : undefined;
    }
  }
  const orders = answerSchemas.OrderListPage.safeParse((await call('get', '/px-api-gateway/orders', { token })).body);
  found.orderNumber = orders.success ? orders.data.items[0]?.phonexOrderNumber : undefined;
  const lots = answerSchemas.AuctionList.safeParse((await call('get', '/px-api-gateway/auctions', { token })).body);
  found.lotId = lots.success ? lots.data.lots[0]?.id : undefined;
  const open = lots.success
    ? lots.data.lots.find((lot) => lot.phase === 'OPEN' && lot.nextMinimum !== null)
    : undefined;
  if (open) found.openLot = { id: open.id, nextMinimum: open.nextMinimum! };
  const preorders = answerSchemas.PreorderList.safeParse(
    (await call('get', '/px-api-gateway/preorders', { token })).body,
  );
  found.preorderId = preorders.success ? preorders.data.preorders[0]?.id : undefined;
  return found;
}

/** The endpoint's path with its parameters filled in, or null when one is unknown. */
function concretePath(endpoint: Endpoint, found: Found): string | null {
  let missing = false;
  const known: Record<string, string | number | undefined> = {
    orderNumber: found.orderNumber,
    itemNumberWarehouse: found.itemNumberWarehouse,
    lotId: found.lotId,
    preorderId: found.preorderId,
  };
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = known[name];
    if (value === undefined) missing = true;
    return encodeURIComponent(value ?? '');
  });
  if (missing || (endpoint.participant === 'required' && !found.participantId)) return null;
  return endpoint.query?.lang && found.lang ? `${path}?lang=${encodeURIComponent(found.lang)}` : path;
}
