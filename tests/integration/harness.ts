import fs from 'node:fs';
import { EMPTY_SELECTION, type Selection } from '../../app/domain/checkout/selection';
import type { PayPalSettings } from '../../server/marketplace/services/payments/paypal';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { AppLoadContext } from '@remix-run/node';
import { inProcessRequest } from '../../server/http/in-process-request';
import { createMarketplace } from '../../server/marketplace/app';
import { openDatabase } from '../../server/marketplace/db/client';
import { seedTenantDemoData } from '../../server/marketplace/db/seed';
import { createMailer } from '../../server/marketplace/mailer';
import { loadTenantConfig } from '../../server/marketplace/tenant-config';
import type { TenantConfig } from '../../app/domain/tenant-config';

export const ADMIN_TOKEN = 'test-admin-token';

/** A real marketplace on an in-memory PGlite (or the PostgreSQL database given, empty) with a small demo catalogue. */
export async function startTestMarketplace(
  options: {
    items?: number;
    accessTokenTtlSeconds?: number;
    config?: TenantConfig;
    payPal?: PayPalSettings;
    databaseUrl?: string;
  } = {},
) {
  const database = await openDatabase(
    options.databaseUrl ? { databaseUrl: options.databaseUrl } : { dataDir: 'memory://' },
  );
  const config = options.config ?? loadTenantConfig();
  await seedTenantDemoData(database.db, config, options.items ?? 60);
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
  const marketplace = await createMarketplace({
    database,
    config,
    mailer: createMailer({ from: 'test@localhost', outboxDir }),
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    adminToken: ADMIN_TOKEN,
    payPal: options.payPal,
  });
  return {
    marketplace,
    database,
    outboxDir,
    async close() {
      await database.close();
      fs.rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}

/** The portal's context on a transport; its requests are made as the server makes them for the embedded marketplace unless told otherwise. */
export function portalContext(
  transport: AppLoadContext['tenantApi'],
  base = 'http://embedded-marketplace',
  tenantRequest: AppLoadContext['tenantRequest'] = inProcessRequest,
): AppLoadContext {
  return {
    tenantApi: transport,
    tenantRequest,
    tenantApiBase: base,
    cspNonce: 'test',
    logger: pino({ level: 'silent' }),
  };
}

/** Requests as fetch() takes them, for a transport over HTTP. */
export const standardRequest = (url: URL, init: RequestInit) => new Request(url, init);

export function latestCode(outboxDir: string): string {
  const files = fs.readdirSync(outboxDir).sort();
  const text = fs.readFileSync(path.join(outboxDir, files.at(-1)!), 'utf8');
  return /verification code is (\d{6})/.exec(text)![1]!;
}

export interface OutboxMail {
  to: string;
  subject: string;
  /** The plain-text part, decoded. */
  text: string;
  /** File names of the attachments. */
  attachments: string[];
}

/** Undoes quoted-printable (soft line breaks and =XX bytes) as UTF-8. */
function fromQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const unfolded = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < unfolded.length; i++) {
    const hex = unfolded[i] === '=' ? /^[0-9A-F]{2}/i.exec(unfolded.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(unfolded[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header value with its RFC 2047 encoded words (=?UTF-8?Q|B?...?=) decoded. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : fromQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** Every .eml in the outbox, oldest first, decoded far enough to read its words. */
export function readOutbox(outboxDir: string): OutboxMail[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((file) => {
      const raw = fs.readFileSync(path.join(outboxDir, file), 'utf8');
      const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
      const headers = head.replace(/\r?\n[ \t]+/g, ' ');
      const header = (name: string) => decodeHeader(new RegExp(`^${name}: (.*)$`, 'mi').exec(headers)?.[1] ?? '');
      const body = rest.join('\n\n');
      // The text part: the whole body of a single-part mail, or the first text/plain part of a multipart one.
      const boundary = /^Content-Type: multipart\/[^\r\n]*boundary="?([^";\r\n]+)"?/im.exec(headers)?.[1];
      const part = (boundary ? body.split(`--${boundary}`) : [])
        .map((p) => p.replace(/^\r?\n/, '').split(/\r?\n\r?\n/))
        .find(([partHead = '']) => /^Content-Type: text\/plain/im.test(partHead));
      const plain = part
        ? {
            head: part[0]!,
            content: part
              .slice(1)
              .join('\n\n')
              .replace(/\r?\n$/, ''),
          }
        : null;
      const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(plain ? plain.head : headers)?.[1]?.toLowerCase();
      const content = plain ? plain.content : body;
      const text =
        encoding === 'quoted-printable'
          ? fromQuotedPrintable(content)
          : encoding === 'base64'
            ? Buffer.from(content, 'base64').toString('utf8')
            : content;
      const attachments = [...raw.matchAll(/filename="?([^"\r\n;]+)"?/gi)].map((m) => decodeHeader(m[1]!));
      return { to: header('To'), subject: header('Subject'), text: text.replace(/\r\n/g, '\n'), attachments };
    });
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the test marketplace like a client would: JSON in and out, optional bearer token and headers. */
export function apiCaller(marketplace: { fetch: (request: Request) => Promise<Response> }) {
  return async (
    method: Method,
    route: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ) => {
    const response = await marketplace.fetch(
      new Request(`http://m/px-api-gateway${route}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-admin-token': ADMIN_TOKEN,
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      }),
    );
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const body: any = response.status === 204 ? null : await response.json();
    return { status: response.status, body };
  };
}

/** Signs a user in and answers the access token. */
export async function accessToken(
  call: ReturnType<typeof apiCaller>,
  email: string,
  password: string,
): Promise<string> {
  const { body } = await call('POST', '/identity/sign-in', { body: { email, password } });
  if (!body?.accessToken) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body)}`);
  return body.accessToken as string;
}

/**
 * A checkout ready to submit, made through the tenant API as a buyer would: offers at list price for
 * these items, handed to checkout with the first addresses, standard shipping not insured.
 */
export async function readyCheckout(
  call: ReturnType<typeof apiCaller>,
  token: string,
  items: { inw: string; listPrice: number | null; quantity: number }[],
  { paymentMethodCode = 'WIRE_TRANSFER', warehouse = 'MIA' }: { paymentMethodCode?: string; warehouse?: string } = {},
) {
  const offerIds: number[] = [];
  for (const item of items)
    offerIds.push(
      (
        await call('POST', '/stocklist/offer', {
          token,
          body: { itemNumberWarehouse: item.inw, offerQuantity: item.quantity, offerPrice: item.listPrice },
        })
      ).body.offerId,
    );
  const started = await call('POST', `/cart/cart-checkout/${warehouse}`, { token, body: offerIds });
  if (!started.body?.checkoutId)
    throw new Error(`checkout of ${warehouse} not started: ${started.status} ${JSON.stringify(started.body)}`);
  const { checkoutId } = started.body;
  const payload = (await call('GET', `/checkout/${checkoutId}`, { token })).body;
  return {
    checkoutId: checkoutId as string,
    submissionKey: payload.submissionKey as string,
    selection: firstChoices(payload, paymentMethodCode),
    offerIds,
  };
}

/** A checkout's selection of its first ship-to and bill-to addresses and ACME's standard shipping, uninsured. */
export function firstChoices(
  payload: { options: { shippingAddresses: { id: number }[]; billingAddresses: { id: number }[] } },
  paymentMethodCode = 'WIRE_TRANSFER',
): Selection {
  return {
    ...EMPTY_SELECTION,
    shippingAddressId: payload.options.shippingAddresses[0]!.id,
    shippingMethodCode: 'ACME_STANDARD_SHIPPING',
    insured: false,
    billingAddressId: payload.options.billingAddresses[0]!.id,
    paymentMethodCode,
  };
}

/** An order placed through the tenant API as a buyer would (a checkout made by readyCheckout, submitted). */
export async function submitOrder(
  call: ReturnType<typeof apiCaller>,
  token: string,
  items: { inw: string; listPrice: number | null; quantity: number }[],
  {
    paymentMethodCode = 'WIRE_TRANSFER',
    readyToRelease = true,
    warehouse,
  }: { paymentMethodCode?: string; readyToRelease?: boolean; warehouse?: string } = {},
) {
  const { checkoutId, submissionKey, selection, offerIds } = await readyCheckout(call, token, items, {
    paymentMethodCode,
    warehouse,
  });
  const submitted = await call('POST', `/checkout/${checkoutId}/submit`, {
    token,
    body: { submissionKey, readyToRelease, selection },
  });
  if (submitted.status !== 201)
    throw new Error(`submission answered ${submitted.status}: ${JSON.stringify(submitted.body)}`);
  return { orderNumber: submitted.body.phonexOrderNumber as string, selection, offerIds };
}
