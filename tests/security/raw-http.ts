import http from 'node:http';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The Set-Cookie lines, as sent. */
  setCookies: string[];
  /** Each header line as sent (Node joins repeated headers in `headers`), names in lower case. */
  lines: [name: string, value: string][];
}

/**
 * A request whose path goes out exactly as written (fetch and curl normalise `//`, `/./` and `%2e`;
 * this does not), like `curl --path-as-is`.
 */
export function rawRequest(
  base: string,
  rawPath: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
    const request = http.request(
      { host: url.hostname, port: url.port, method: options.method ?? 'GET', path: rawPath, headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => {
          const cookies = response.headers['set-cookie'] ?? [];
          const lines: [string, string][] = [];
          for (let i = 0; i < response.rawHeaders.length; i += 2)
            lines.push([response.rawHeaders[i]!.toLowerCase(), response.rawHeaders[i + 1]!]);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body, setCookies: cookies, lines });
        });
      },
    );
    request.on('error', reject);
    if (options.body !== undefined) request.write(options.body);
    request.end();
  });
}

/** A sign-in form post as the portal's page sends it. */
export function signInForm(email: string, password: string): string {
  return new URLSearchParams({ intent: 'sign-in', email, password, redirectTo: '' }).toString();
}

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
export const JSON_TYPE = { 'content-type': 'application/json' };

/** True when the response signed someone in: a session cookie, or tokens from the tenant API. */
export function signedIn(response: RawResponse): boolean {
  return (
    response.setCookies.some((c) => c.startsWith('__session=') && !/max-age=0|expires=Thu, 01 Jan 1970/i.test(c)) ||
    response.body.includes('accessToken')
  );
}

export interface EarlyAnswer {
  /** The status of the request with the large body (0: no answer came). */
  status: number;
  /** Its Connection header, as sent. */
  connection: string | undefined;
  /** Whether a request sent next by the same keep-alive client failed (the connection it was given was dead). */
  nextFailed: boolean;
}

/**
 * A request with a body of `bodyBytes` (declared, then sent as it would be by a client that does
 * not wait for an answer first), followed at once by a GET of `/healthz` from the same keep-alive
 * client, which reuses the connection unless the first answer said `Connection: close`.
 */
export async function largeBodyThenNext(
  base: string,
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; bodyBytes: number; chunkDelayMs?: number },
): Promise<EarlyAnswer> {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await new Promise<{ status: number; connection: string | undefined }>((resolve) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: options.method ?? 'POST',
          path: pathname,
          agent,
          headers: { ...options.headers, 'content-length': String(options.bodyBytes) },
        },
        (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
          );
          response.on('error', () => resolve({ status: 0, connection: undefined }));
        },
      );
      // The body may be refused before it is all sent: the client then sees its write fail, not the answer.
      request.on('error', () => resolve({ status: 0, connection: undefined }));
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let left = options.bodyBytes;
      // With a delay, the body comes as over a slow link: 64 KiB at a time.
      const write = () => {
        while (left > 0) {
          const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
          left -= part.length;
          if (!request.write(part)) return void request.once('drain', write);
          if (options.chunkDelayMs) return void setTimeout(write, options.chunkDelayMs);
        }
        request.end();
      };
      write();
      setTimeout(() => resolve({ status: 0, connection: undefined }), 20_000).unref();
    });
    const nextFailed = await new Promise<boolean>((resolve) => {
      const request = http.get({ host: url.hostname, port: url.port, path: '/healthz', agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode !== 200));
        response.on('error', () => resolve(true));
      });
      request.on('error', () => resolve(true));
      request.setTimeout(10_000, () => request.destroy());
    });
    return { ...first, nextFailed };
  } finally {
    agent.destroy();
  }
}
