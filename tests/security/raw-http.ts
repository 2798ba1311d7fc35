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
          for (let i = 0; i < response.rawHeaders.length; i += 2) lines.push([response.rawHeaders[i]!.toLowerCase(), response.rawHeaders[i + 1]!]);
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
  return response.setCookies.some((c) => c.startsWith('__session=') && !/max-age=0|expires=Thu, 01 Jan 1970/i.test(c)) || response.body.includes('accessToken');
}
