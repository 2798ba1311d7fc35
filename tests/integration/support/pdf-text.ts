import zlib from 'node:zlib';

/** WinAnsiEncoding where it differs from Latin-1 (the standard fonts' encoding), enough for money and punctuation. */
const WIN_ANSI: Record<number, string> = {
  0x80: '€',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x96: '–',
  0x97: '—',
};

const decodeHex = (hex: string) =>
  (hex.replace(/\s/g, '').match(/../g) ?? [])
    .map((pair) => {
      const byte = parseInt(pair, 16);
      return WIN_ANSI[byte] ?? String.fromCharCode(byte);
    })
    .join('');

/**
 * The text runs of a PDF made with the standard fonts (as pdfkit writes them: hex strings in TJ
 * arrays), one string per run, from every content stream, inflated when compressed. Enough to read
 * what a generated invoice says; not a general PDF reader.
 */
export function pdfTextRuns(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const runs: string[] = [];
  // Up to `endstream` with the line end before it: a compressed stream may itself end in a carriage
  // return (its last checksum byte, one stream in 256), which a pattern for the line end would take
  // from the data; zlib ignores what follows the end of its stream.
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    const bytes = Buffer.from(match[1]!, 'latin1');
    let content: string;
    try {
      content = zlib.inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F\s]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F\s]*)>\s*Tj/g)) {
      if (op[1] !== undefined)
        runs.push([...op[1].matchAll(/<([0-9a-fA-F\s]*)>/g)].map((h) => decodeHex(h[1]!)).join(''));
      else runs.push(decodeHex(op[2]!));
    }
  }
  return runs;
}
