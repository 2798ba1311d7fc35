import { PassThrough, type Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { createElement, Suspense } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { withoutReactViewPadding } from './react-stream-padding';

/** A page of many short texts with accents, each a string chunk of React's, and a button named in French. */
const page = (lead: number) =>
  createElement(
    Suspense,
    null,
    createElement(
      'main',
      null,
      createElement('p', null, 'x'.repeat(lead)),
      Array.from({ length: 120 }, (_, i) =>
        createElement('button', { key: i, 'aria-label': `TERMINÉ ${i}` }, 'Adresse d’expédition'),
      ),
    ),
  );

function streamed(lead: number, through: (out: Writable) => Writable): Promise<Buffer> {
  const out = new PassThrough();
  const bytes = buffer(out);
  const { pipe } = renderToPipeableStream(page(lead), {
    onAllReady: () => pipe(through(out)),
  });
  return bytes;
}

const withFix = (out: Writable) => {
  const fix = withoutReactViewPadding();
  fix.pipe(out);
  return fix;
};

describe('withoutReactViewPadding', () => {
  // Some lead lengths put an accented character across a 2,048-byte boundary, some do not.
  const leads = Array.from({ length: 12 }, (_, i) => 100 + i);

  it('React 18 alone sends zero bytes where a character did not fit its view (why the fix is there)', async () => {
    const raw = await Promise.all(leads.map((lead) => streamed(lead, (out) => out)));
    expect(raw.some((bytes) => bytes.includes(0))).toBe(true);
  });

  it('sends the markup renderToString makes, with no zero byte, wherever the boundary falls', async () => {
    for (const lead of leads) {
      const bytes = await streamed(lead, withFix);
      expect(bytes.includes(0)).toBe(false);
      expect(bytes.toString('utf8')).toBe(renderToString(page(lead)));
    }
  });

  it('leaves a chunk that is not a full view as it is', async () => {
    const fix = withoutReactViewPadding();
    const out = buffer(fix);
    fix.end(Buffer.from([0x41, 0]));
    expect([...(await out)]).toEqual([0x41, 0]);
  });
});
