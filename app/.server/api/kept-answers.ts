import type { z } from 'zod';
import { createLru } from '~/domain/lru';

/**
 * Many answers of the tenant API come again text for text: the participants and the network
 * settings on every stock page, a stock page asked for again, empty offer and alert lists. Parsing
 * and checking them against their schema cost a stock page about 0.25 ms. An answer read through
 * here is parsed and checked once; the checked value is frozen (no caller can change what another
 * one is handed) and serves every later answer of the same text, while it is among the last
 * `limit` texts read for that schema. A text that fails the schema is not kept.
 */
export interface KeptAnswers<T extends z.ZodType> {
  readonly schema: T;
  read(text: string): z.ZodSafeParseResult<z.infer<T>>;
}

export function keptAnswers<T extends z.ZodType>(schema: T, limit = 32): KeptAnswers<T> {
  const kept = createLru<string, z.ZodSafeParseSuccess<z.infer<T>>>(limit);
  return {
    schema,
    read(text) {
      const hit = kept.get(text);
      if (hit) return hit;
      const parsed = schema.safeParse(JSON.parse(text));
      if (!parsed.success) return parsed;
      const value = Object.freeze({ success: true as const, data: deepFreeze(parsed.data) });
      kept.set(text, value);
      return value;
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
