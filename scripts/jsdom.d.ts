// jsdom ships no types and @types/jsdom is not installed: the part scripts/image-proof-journey.ts and the request-level tests use.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { url?: string });
    readonly window: Window & typeof globalThis;
  }
}
