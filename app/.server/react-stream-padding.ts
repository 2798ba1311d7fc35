import { Transform } from 'node:stream';

/** The size of the buffer React 18's Node renderer encodes its markup into (VIEW_SIZE in react-dom/server). */
export const REACT_VIEW_SIZE = 2048;
/** A character takes at most four bytes in UTF-8: at most three of a full view are left unwritten. */
const MOST_UNWRITTEN = 3;

/**
 * A stream for React 18's renderToPipeableStream that drops the zero bytes it sends after its markup.
 * React encodes markup into a 2,048-byte view; when the next character does not fit whole, it sends
 * the whole view, with the one to three bytes it did not write still zero (facebook/react#24985,
 * fixed by #26228 in React 19 only). The browser reads each zero inside an attribute as U+FFFD: a
 * French checkout's "TERMINÉ" button was named "TERMIN\uFFFDÉ" when its É fell on the boundary.
 * Only a full view ends in the bug's zeros; the renderer's markup holds no zero byte of its own.
 */
export function withoutReactViewPadding(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, chunk.byteLength === REACT_VIEW_SIZE ? chunk.subarray(0, writtenLength(chunk)) : chunk);
    },
  });
}

function writtenLength(view: Buffer): number {
  let end = view.byteLength;
  while (end > view.byteLength - MOST_UNWRITTEN && view[end - 1] === 0) end -= 1;
  return end;
}
