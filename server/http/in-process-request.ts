/**
 * The portal's calls to the embedded marketplace never leave the process, yet each one was a full
 * Request: undici checks and copies its parts and gives it an AbortSignal, which Node 20 makes
 * transferable (about 8 µs a call, and a stock page makes eight). The marketplace reads the method,
 * URL and headers of a call without a body and nothing else. A request made here holds those three
 * and makes the full Request only when something else of it is asked for (its body, signal, a
 * clone), as @hono/node-server does for the requests it receives over HTTP. Calls with a body or a
 * signal get the full Request at once. A form's also carries the FormData the portal made (formOf),
 * so that a return request's photos reach the marketplace as the Files the portal read instead of
 * being written out as multipart and parsed back into copies (issue 49); read as a body, it is the
 * multipart form undici writes.
 *
 * Only for a transport that reads it as a Request (the embedded marketplace's fetch): undici's own
 * fetch needs the full one.
 */

const PARTS = Symbol('in-process request parts');
const FULL = Symbol('in-process request, full');
const FORM = Symbol('in-process request, its form');

interface Parts {
  url: string;
  method: string;
  headers: Headers;
}

interface InProcessRequest extends Request {
  [PARTS]: Parts;
  [FULL]?: Request;
}

function full(request: InProcessRequest): Request {
  const { url, method, headers } = request[PARTS];
  return (request[FULL] ??= new Request(url, { method, headers }));
}

const inProcessPrototype: object = Object.create(Request.prototype, {
  url: {
    get: function (this: InProcessRequest) {
      return this[PARTS].url;
    },
  },
  method: {
    get: function (this: InProcessRequest) {
      return this[PARTS].method;
    },
  },
  headers: {
    get: function (this: InProcessRequest) {
      return this[PARTS].headers;
    },
  },
  [Symbol.for('nodejs.util.inspect.custom')]: {
    value: function (this: InProcessRequest) {
      const { url, method } = this[PARTS];
      return `Request (in process) ${method} ${url}`;
    },
  },
});
for (const name of [
  'body',
  'bodyUsed',
  'cache',
  'credentials',
  'destination',
  'duplex',
  'integrity',
  'keepalive',
  'mode',
  'redirect',
  'referrer',
  'referrerPolicy',
  'signal',
]) {
  Object.defineProperty(inProcessPrototype, name, {
    get: function (this: InProcessRequest) {
      return (full(this) as unknown as Record<string, unknown>)[name];
    },
  });
}
for (const name of ['arrayBuffer', 'blob', 'clone', 'formData', 'json', 'text']) {
  Object.defineProperty(inProcessPrototype, name, {
    value: function (this: InProcessRequest) {
      return (full(this) as unknown as Record<string, () => unknown>)[name]!();
    },
  });
}

export function inProcessRequest(url: URL, init: RequestInit = {}): Request {
  if (init.body instanceof FormData && !init.signal)
    return Object.assign(new Request(url, init), { [FORM]: init.body });
  if (init.body != null || init.signal) return new Request(url, init);
  const method = init.method ?? 'GET';
  const request = Object.create(inProcessPrototype) as InProcessRequest;
  request[PARTS] = {
    url: url.href,
    method: /^(delete|get|head|options|post|put)$/i.test(method) ? method.toUpperCase() : method,
    headers: new Headers(init.headers),
  };
  return request;
}

/** Whether a request was made here (a call of the embedded portal), not received over HTTP. */
export function isInProcessRequest(request: Request): boolean {
  return PARTS in request || FORM in request;
}

/** The FormData a call of the embedded portal was made with, its Files as the portal holds them; null for any other request. */
export function formOf(request: Request): FormData | null {
  return (request as { [FORM]?: FormData })[FORM] ?? null;
}
