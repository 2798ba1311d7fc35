import { PassThrough, type Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { createElement, Fragment, lazy, Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { closingTagsLast } from './react-stream-closing-tags';

/** A document followed by a late part outside it, as Remix renders its data scripts beside the routes. */
function documentWithLatePart() {
  const Late = lazy(
    () =>
      new Promise<{ default: () => ReturnType<typeof createElement> }>((resolve) =>
        setTimeout(() => resolve({ default: () => createElement('script', null, 'window.late = 1') }), 5),
      ),
  );
  return createElement(
    Fragment,
    null,
    createElement(
      'html',
      null,
      createElement('head', null, createElement('title', null, 'Stock')),
      createElement('body', null, createElement('main', null, 'x'.repeat(3000))),
    ),
    createElement(Suspense, null, createElement(Late)),
  );
}

function streamed(through: (out: Writable) => Writable): Promise<string> {
  const out = new PassThrough();
  const text = buffer(out).then((bytes) => bytes.toString('utf8'));
  const { pipe } = renderToPipeableStream(documentWithLatePart(), { onShellReady: () => pipe(through(out)) });
  return text;
}

const withFix = (out: Writable) => {
  const fix = closingTagsLast();
  fix.pipe(out);
  return fix;
};

/** What the transform makes of these bytes cut into chunks of `size`. */
async function inChunks(bytes: Buffer, size: number): Promise<string> {
  const fix = closingTagsLast();
  const out = buffer(fix);
  for (let at = 0; at < bytes.byteLength; at += size) fix.write(bytes.subarray(at, at + size));
  fix.end();
  return (await out).toString('utf8');
}

describe('closingTagsLast', () => {
  it('React 18 alone sends the late part after </html> (why the fix is there)', async () => {
    const raw = await streamed((out) => out);
    expect(raw.indexOf('</html>')).toBeLessThan(raw.indexOf('window.late'));
  });

  it('sends the same markup with </body></html> once, at the very end', async () => {
    const raw = await streamed((out) => out);
    const fixed = await streamed(withFix);
    expect(fixed.endsWith('</body></html>')).toBe(true);
    expect(fixed.split('</body></html>')).toHaveLength(2);
    expect(fixed).toBe(raw.replace('</body></html>', '') + '</body></html>');
  });

  it('finds the closing tags wherever chunks cut them', async () => {
    const raw = Buffer.from('<html><body><p>é</p></body></html><script>late()</script>');
    const expected = '<html><body><p>é</p><script>late()</script></body></html>';
    for (const size of [1, 2, 3, 5, 7, 13, 14, 15, 40, raw.byteLength])
      expect(await inChunks(raw, size), `chunks of ${size}`).toBe(expected);
  });

  it('passes a stream without the closing tags through unchanged', async () => {
    const raw = Buffer.from('<p>a fragment</body> with no end</p>');
    for (const size of [1, 4, 64]) expect(await inChunks(raw, size)).toBe(raw.toString('utf8'));
  });
});
