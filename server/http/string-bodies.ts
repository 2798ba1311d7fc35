/**
 * Most responses this process makes are built from a string and read back in the same process: every
 * answer of the embedded marketplace (its JSON, read by the portal's API client), every loader's
 * data (Remix reads it back to render the page) and the page itself (written to the socket). Read
 * through the web-streams body, each string was copied, encoded, queued and decoded again: about
 * 25 µs a read, twelve reads on a stock page. Responses made after installStringBodies() keep their
 * string and give it to text(), json() and takeText() directly; any other use of the body (a stream,
 * clone, arrayBuffer) goes through the usual path and the string is forgotten.
 */

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

/**
 * Puts the string-keeping Response in place of the global one (which may already be
 * @hono/node-server's lightweight one: call this after getRequestListener, which replaces it).
 */
export function installStringBodies(): void {
  const Base = globalThis.Response as typeof Response & { [INSTALLED]?: true };
  if (Base[INSTALLED]) return;
  class StringBodyResponse extends Base {
    static readonly [INSTALLED] = true;
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
  Object.defineProperty(globalThis, 'Response', { value: StringBodyResponse, writable: true, configurable: true });
}

/**
 * The body of a response made from a string, once; null for any other body, once it was read, or
 * once its stream was taken up.
 */
export function takeText(response: Response): string | null {
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
