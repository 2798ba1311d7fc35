import { Transform } from 'node:stream';

const CLOSING_TAGS = Buffer.from('</body></html>');
/** The longest start of the closing tags a chunk can end with, the rest coming in the next one. */
const MOST_HELD = CLOSING_TAGS.byteLength - 1;

/**
 * A stream for React 18's renderToPipeableStream that sends the document's `</body></html>` last.
 * Remix renders the scripts that carry the page's loader data after the document element (beside
 * the routes, not inside them), and React 18 closes the document where the element ends, so they
 * came after `</html>`: a parse error to the HTML standard ("stray start tag script", where the W3C
 * checker gives up on the page), which browsers recover from by moving them into the body. React 19
 * holds the closing tags until the stream ends; this does the same (decision 051). Until they have
 * passed, a chunk's last bytes wait for the next chunk, in case they begin them.
 */
export function closingTagsLast(): Transform {
  let held = Buffer.alloc(0);
  let taken = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (taken) return done(null, chunk);
      const bytes = held.byteLength ? Buffer.concat([held, chunk]) : chunk;
      const at = bytes.indexOf(CLOSING_TAGS);
      if (at >= 0) {
        taken = true;
        held = Buffer.alloc(0);
        return done(null, Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + CLOSING_TAGS.byteLength)]));
      }
      const sent = Math.max(0, bytes.byteLength - MOST_HELD);
      held = Buffer.from(bytes.subarray(sent));
      done(null, sent ? bytes.subarray(0, sent) : undefined);
    },
    flush(done) {
      done(null, taken ? CLOSING_TAGS : held.byteLength ? held : undefined);
    },
  });
}
