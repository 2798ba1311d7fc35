import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ApiFailure, callApi } from './client';
import { keptAnswers } from './kept-answers';

/** A schema that counts how often it parsed an answer. */
function countingSchema() {
  const seen = { parses: 0 };
  const schema = z.object({ id: z.number(), tags: z.array(z.object({ name: z.string() })) }).transform((value) => {
    seen.parses++;
    return value;
  });
  return { schema, seen };
}

const answer = (id: number) => JSON.stringify({ id, tags: [{ name: `t${id}` }] });

describe('kept answers', () => {
  it('parses and checks a text once, and hands every later read of it the same frozen value', () => {
    const { schema, seen } = countingSchema();
    const answers = keptAnswers(schema);
    const first = answers.read(answer(1));
    const again = answers.read(answer(1));
    expect(first.success && again.success).toBe(true);
    expect(again).toBe(first);
    expect(seen.parses).toBe(1);
    const value = first.data!;
    expect(Object.isFrozen(value) && Object.isFrozen(value.tags) && Object.isFrozen(value.tags[0])).toBe(true);
    expect(() => (value.tags as { name: string }[]).push({ name: 'x' })).toThrow(TypeError);
  });

  it('parses another text on its own', () => {
    const { schema, seen } = countingSchema();
    const answers = keptAnswers(schema);
    expect(answers.read(answer(1)).data?.id).toBe(1);
    expect(answers.read(answer(2)).data?.id).toBe(2);
    expect(seen.parses).toBe(2);
  });

  it('does not keep a text that fails the schema', () => {
    const answers = keptAnswers(z.object({ id: z.number() }));
    expect(answers.read('{"id":"1"}').success).toBe(false);
    expect(answers.read('{"id":"1"}').success).toBe(false);
  });

  it('keeps only the last `limit` texts read', () => {
    const { schema, seen } = countingSchema();
    const answers = keptAnswers(schema, 2);
    answers.read(answer(1));
    answers.read(answer(2));
    answers.read(answer(1)); // read again: now the latest
    answers.read(answer(3)); // drops 2, the least recently read
    expect(seen.parses).toBe(3);
    answers.read(answer(1));
    expect(seen.parses).toBe(3);
    answers.read(answer(2));
    expect(seen.parses).toBe(4);
  });

  it('checks a value handed over as data once per value, and never keeps one that fails', () => {
    const { schema, seen } = countingSchema();
    const answers = keptAnswers(schema);
    const value = { id: 1, tags: [{ name: 't1' }] };
    const first = answers.readData(value);
    expect(answers.readData(value)).toBe(first);
    expect(seen.parses).toBe(1);
    // The checked value is the schema's own: freezing it leaves the marketplace's value as it was.
    expect(Object.isFrozen(first.data) && !Object.isFrozen(value) && !Object.isFrozen(value.tags)).toBe(true);
    expect(answers.readData({ id: 1, tags: [{ name: 't1' }] })).not.toBe(first);
    expect(seen.parses).toBe(2);
    const broken = { id: 'one', tags: [] };
    expect(answers.readData(broken).success).toBe(false);
    expect(answers.readData(broken).success).toBe(false);
  });

  it('serves tenant API calls: the same answer twice is one value, a broken one is still refused', async () => {
    const { schema, seen } = countingSchema();
    const answers = keptAnswers(schema);
    let body = answer(7);
    const context = {
      tenantApi: async () => new Response(body, { status: 200 }),
      tenantApiBase: 'http://tenant',
      cspNonce: '',
      logger: pino({ level: 'silent' }),
    };
    const first = await callApi(context, '/x', { schema: answers });
    expect(await callApi(context, '/x', { schema: answers })).toBe(first);
    expect(seen.parses).toBe(1);
    body = '{"id":"seven"}';
    expect(((await callApi(context, '/x', { schema: answers }).catch((e: unknown) => e)) as ApiFailure).status).toBe(
      502,
    );
  });
});
