import type { z } from 'zod';
import { createLru } from '~/domain/lru';

/**
 * Many answers of the tenant API come again text for text: the participants and the network
 * settings on every stock page, a stock page asked for again, empty offer and alert lists. Parsing
 * and checking them against their schema cost a stock page about 0.25 ms. An answer read through
 * here is parsed and checked once; the checked value is frozen (no caller can change what another
 * one is handed) and serves every later answer of the same text, while it is among the last
 * `limit` texts read for that schema. A text that fails the schema is not kept.
 *
 * The embedded marketplace hands some of these answers over as data (routes/kept-json.ts): the value
 * it keeps, the same object each time it answers the same. Those are checked once per object and
 * kept while the marketplace keeps the object; a new page is then checked without its JSON being
 * written and parsed again.
 */
export interface KeptAnswers<T extends z.ZodType> {
  readonly schema: T;
  read(text: string): z.ZodSafeParseResult<z.infer<T>>;
  readData(value: unknown): z.ZodSafeParseResult<z.infer<T>>;
}

export function keptAnswers<T extends z.ZodType>(schema: T, limit = 32): KeptAnswers<T> {
  const kept = createLru<string, z.ZodSafeParseSuccess<z.infer<T>>>(limit);
  const keptByValue = new WeakMap<object, z.ZodSafeParseSuccess<z.infer<T>>>();
  const checked = (value: unknown) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? Object.freeze({ success: true as const, data: deepFreeze(parsed.data) }) : parsed;
  };
  return {
    schema,
    read(text) {
      const hit = kept.get(text);
      if (hit) return hit;
      const value = checked(JSON.parse(text));
      if (value.success) kept.set(text, value);
      return value;
    },
    readData(value) {
      if (typeof value !== 'object' || value === null) return checked(value);
      const hit = keptByValue.get(value);
      if (hit) return hit;
      const answer = checked(value);
      if (answer.success) keptByValue.set(value, answer);
      return answer;
    },
  };
}

function deepFreeze<V>(value: V): V {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
