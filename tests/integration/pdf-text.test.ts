import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfTextRuns } from './support/pdf-text';

const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');

/** A content stream as pdfkit writes one: `stream`, its bytes, a line end, `endstream`. */
const pdfWith = (stream: Buffer) =>
  Buffer.concat([
    Buffer.from('%PDF-1.3\n1 0 obj\n<< >>\nstream\n', 'latin1'),
    stream,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]);

describe('the test helper that reads a PDF’s text', () => {
  it('reads a compressed stream whose last byte is a carriage return', () => {
    // A zlib stream ends in its checksum, whose last byte is the sum of the bytes before it (mod 256):
    // each 'x' more (hex 78, 55 + 56) moves it by 111, so one of 256 lengths ends the stream in \r.
    let text = '';
    let deflated = Buffer.alloc(0);
    for (let length = 0; deflated.at(-1) !== 0x0d; length++) {
      text = `Total ${'x'.repeat(length)}`;
      deflated = zlib.deflateSync(`BT [<${hex(text)}>] TJ ET`);
    }
    expect(pdfTextRuns(pdfWith(deflated))).toEqual([text]);
  });

  it('reads uncompressed and compressed streams alike', () => {
    expect(pdfTextRuns(pdfWith(Buffer.from(`BT <${hex('FACTURE')}> Tj ET`, 'latin1')))).toEqual(['FACTURE']);
    expect(pdfTextRuns(pdfWith(zlib.deflateSync(`BT [<${hex('Numéro')}> -20 <${hex(' 1')}>] TJ ET`)))).toEqual([
      'Numéro 1',
    ]);
  });
});
