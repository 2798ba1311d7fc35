/**
 * Most responses this process makes are built from a string and read back in the same process: every
 * answer of the embedded marketplace (its JSON, read by the portal's API client) and the small
 * answers written to the socket (the texts scripts, the API's JSON). Read
 * through the web-streams body, each string was copied, encoded, queued and decoded again: about
 * 25 µs a read, twelve reads on a stock page. Responses made after installStringBodies() keep their
 * string and give it to text(), json() and takeText() directly; any other use of the body (a stream,
 * clone, arrayBuffer) goes through the usual path and the string is forgotten. The marketplace's
 * large answers go one step further (app/.server/in-process-data.ts): their responses keep the data itself.
 */

import { DATA_RESPONSE, TAKE_DATA, type MakeDataResponse } from '../../app/.server/in-process-data';

/** Bodies made from a string and not read yet. */
const unread = new WeakMap<Response, string>();
/** Responses whose string body was read through text(), json() or takeText(). */
const read = new WeakSet<Response>();
/** The stream of a string body someone asked for (Remix's isResponse looks at `body` without reading it). */
const streams = new WeakMap<Response, ReadableStream>();
/**
 * The status text a string body's response was made with. @hono/node-server's Response builds the
 * full one (checking and copying the string, making its stream) only when a property it does not
 * keep is read; statusText was one, read for every page sent (about 0.25 ms of a 50 KB page).
 */
const statusTexts = new WeakMap<Response, string>();
const INSTALLED = Symbol.for('buyer-portal.string-bodies');
/** Data of data responses (DataResponse below) not read yet. */
const unreadData = new WeakMap<Response, unknown>();
/** The stream a data response gave for its body: its JSON, written only if someone reads it. */
const dataStreams = new WeakMap<Response, NonNullable<Response['body']>>();

/**
 * Puts the string-keeping Response in place of the global one (which may already be
 * @hono/node-server's lightweight one: call this after getRequestListener, which replaces it).
 */
export function installStringBodies(): void {
  const Base = globalThis.Response as typeof Response & { [INSTALLED]?: true };
  if (Base[INSTALLED]) return;
  class StringBodyResponse extends Base {
    static readonly [INSTALLED] = true;
    /**
     * The platform's Response.json() makes a response of the platform's class whatever it is called
     * on, which `instanceof Response` (this class, once installed) does not recognise: an action's
     * `catch` would take a thrown refusal (formRefusal) for a failure of its own.
     */
    static override json(data: unknown, init: ResponseInit = {}): Response {
      const headers = new Headers(init.headers);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      return new StringBodyResponse(JSON.stringify(data), { ...init, headers });
    }
    constructor(body?: BodyInit | null, init?: ResponseInit) {
      super(body, init);
      if (typeof body === 'string') {
        unread.set(this, body);
        statusTexts.set(this, init?.statusText ?? '');
      }
    }
    override get statusText(): string {
      return statusTexts.get(this) ?? super.statusText;
    }
    override text(): Promise<string> {
      if (read.has(this)) return Promise.reject(usedUp());
      const text = takeText(this);
      return text === null ? super.text() : Promise.resolve(text);
    }
    override json(): Promise<any> {
      if (read.has(this)) return Promise.reject(usedUp());
      const text = takeText(this);
      if (text === null) return super.json();
      try {
        return Promise.resolve(JSON.parse(text));
      } catch (error) {
        return Promise.reject(error);
      }
    }
    override get bodyUsed(): boolean {
      if (read.has(this)) return true;
      return unread.has(this) && !streams.has(this) ? false : super.bodyUsed;
    }
    override get body(): Response['body'] {
      if (read.has(this)) return null;
      const stream = super.body;
      if (stream && unread.has(this)) streams.set(this, stream);
      return stream;
    }
  }

  /**
   * An answer of the embedded marketplace as a JSON response, the data kept as it is (see
   * app/.server/in-process-data.ts). json() hands the data over (a copy through JSON when JSON would
   * not give it back as it is), text() and takeText() write it, and its body is a stream that writes
   * it when read: what goes out over HTTP.
   */
  class DataResponse extends StringBodyResponse {
    // @hono/node-server's Response, made without a body, builds the full one for its status or its
    // headers (about 3 µs); a page reads both of each loader's answer and of each data answer.
    readonly #status: number;
    #headers: Headers | HeadersInit | undefined;
    constructor(data: unknown, init: ResponseInit) {
      super(null, init);
      this.#status = init.status ?? 200;
      this.#headers = init.headers;
      unreadData.set(this, data);
      statusTexts.set(this, init.statusText ?? '');
    }
    override get status(): number {
      return this.#status;
    }
    override get ok(): boolean {
      return this.#status >= 200 && this.#status < 300;
    }
    override get headers(): Headers {
      if (!(this.#headers instanceof Headers)) this.#headers = new Headers(this.#headers);
      return this.#headers;
    }
    [TAKE_DATA](): { data: unknown } | null {
      return takeData(this);
    }
    override json(): Promise<any> {
      const taken = takeData(this);
      return taken
        ? Promise.resolve(isPlainJson(taken.data) ? taken.data : JSON.parse(JSON.stringify(taken.data)))
        : Promise.reject(usedUp());
    }
    override text(): Promise<string> {
      const text = takeText(this);
      return text === null ? Promise.reject(usedUp()) : Promise.resolve(text);
    }
    override async arrayBuffer(): Promise<ArrayBuffer> {
      return new TextEncoder().encode(await this.text()).buffer as ArrayBuffer;
    }
    override async blob(): Promise<Blob> {
      return new Blob([await this.text()], { type: this.headers.get('content-type') ?? '' });
    }
    override clone(): Response {
      if (!unreadData.has(this)) throw usedUp();
      return new DataResponse(unreadData.get(this), {
        status: this.status,
        statusText: this.statusText,
        headers: this.headers,
      });
    }
    override get bodyUsed(): boolean {
      return !unreadData.has(this);
    }
    override get body(): Response['body'] {
      let stream = dataStreams.get(this);
      if (stream || !unreadData.has(this)) return stream ?? null;
      // A high-water mark of 0: nothing is pulled, so nothing written, before a read.
      stream = new ReadableStream<Uint8Array<ArrayBuffer>>(
        {
          pull: (controller) => {
            const taken = takeData(this, true);
            if (taken) controller.enqueue(new TextEncoder().encode(JSON.stringify(taken.data)));
            controller.close();
          },
        },
        { highWaterMark: 0 },
      );
      dataStreams.set(this, stream);
      return stream;
    }
  }
  const makeDataResponse: MakeDataResponse = (data, init) => new DataResponse(data, init);
  Object.defineProperty(StringBodyResponse, DATA_RESPONSE, { value: makeDataResponse });
  Object.defineProperty(globalThis, 'Response', { value: StringBodyResponse, writable: true, configurable: true });
}

/** The data of a data response, once; not once its stream is being read (unless by that stream). */
function takeData(response: Response, byItsStream = false): { data: unknown } | null {
  if (!unreadData.has(response) || (!byItsStream && dataStreams.get(response)?.locked)) return null;
  const data = unreadData.get(response);
  unreadData.delete(response);
  read.add(response);
  return { data };
}

/** Whether JSON gives the value back as it is: no Date, undefined, class instance, NaN, -0 or hole. */
export function isPlainJson(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!isPlainJson(value[i])) return false;
        return true;
      }
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return false;
      for (const key in value) if (!isPlainJson((value as Record<string, unknown>)[key])) return false;
      return true;
    }
    default:
      return false;
  }
}

/**
 * The body of a response made from a string (or a data response's JSON), once; null for any other
 * body, once it was read, or once its stream was taken up.
 */
export function takeText(response: Response): string | null {
  if (unreadData.has(response)) {
    const taken = takeData(response);
    return taken ? JSON.stringify(taken.data) : null;
  }
  const text = unread.get(response);
  if (text === undefined) return null;
  unread.delete(response);
  if (streams.get(response)?.locked) return null;
  read.add(response);
  return text;
}

function usedUp() {
  return new TypeError('Body is unusable: Body has already been read');
}
