import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { IMPORT_LIMITS } from '../../../../../app/domain/offers/import';
import type { ApiError } from '../../../errors';
import { XmlGuard, type XmlLimits, type XmlPartKind } from './xml-guard';

const LIMITS: XmlLimits = {
  ...IMPORT_LIMITS,
  xmlDepth: 8,
  sheetRows: 3,
  sheetCells: 8,
  sharedStrings: 2,
  sharedStringsBytes: 400,
  cellXmlBytes: 80,
  cellElements: 4,
  partElements: 10,
};

/** Pushes `xml` through a guard in chunks of `size` bytes: the messageCode it fails with, or 'ok'. */
async function guard(kind: XmlPartKind, xml: string, size = 7, limits = LIMITS): Promise<string> {
  const bytes = Buffer.from(xml);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  try {
    for await (const _ of Readable.from(chunks).pipe(new XmlGuard(kind, limits))) {
      // drained
    }
    return 'ok';
  } catch (error) {
    return (error as ApiError).messageCode;
  }
}

const sheet = (rows: string) => `<?xml version="1.0"?><worksheet><sheetData>${rows}</sheetData></worksheet>`;

describe('the XML guard of an xlsx part', () => {
  it('passes what Excel writes, whatever the chunks: comments, CDATA, instructions and quoted > or / in attributes', async () => {
    const xml = sheet(
      `<!-- a > b --><row r="1" x="a>b/"><c r="A1" t="inlineStr"><is><t><![CDATA[<x><y>]]></t></is></c><?pi a>b?><c r='B1'/></row>`,
    );
    for (const size of [1, 2, 3, 7, 1000]) expect(await guard('worksheet', xml, size)).toBe('ok');
  });

  it('stops nesting deeper than the limit, in any part', async () => {
    const nested = (depth: number) => '<x>'.repeat(depth) + '<y/>' + '</x>'.repeat(depth);
    expect(await guard('other', nested(8))).toBe('ok');
    expect(await guard('other', nested(9))).toBe('importTooComplex');
    expect(await guard('worksheet', sheet(`<row><c><is><t>${nested(4)}</t></is></c></row>`))).toBe('importTooComplex');
  });

  it("counts rows and cells, blank ones and the blank cells left of a row's last included", async () => {
    expect(await guard('worksheet', sheet('<row/><row/><row/>'))).toBe('ok');
    expect(await guard('worksheet', sheet('<row/><row/><row/><row/>'))).toBe('importTooManySheetRows');
    expect(await guard('worksheet', sheet('<row><c r="H1"/></row>'))).toBe('ok');
    expect(await guard('worksheet', sheet('<row><c r="I1"/></row>'))).toBe('importTooManyCells');
    expect(
      await guard(
        'worksheet',
        sheet(
          '<row><c r="A1"/><c r="A1"/><c r="A1"/><c r="A1"/><c r="A1"/><c r="A1"/><c r="A1"/><c r="A1"/><c r="A1"/></row>',
        ),
      ),
    ).toBe('importTooManyCells');
    expect(await guard('worksheet', sheet('<row><c/><c/><c/><c/></row><row><c/><c/><c/><c/></row>'))).toBe('ok');
    expect(await guard('worksheet', sheet('<row><c/><c/><c/><c/></row><row><c/><c/><c/><c/><c/></row>'))).toBe(
      'importTooManyCells',
    );
  });

  it('bounds the elements and bytes of one cell or shared string', async () => {
    expect(await guard('worksheet', sheet('<row><c><is><r><t>a</t></r></is></c></row>'))).toBe('ok');
    expect(await guard('worksheet', sheet('<row><c><is><r><t>a</t></r><r><t>b</t></r></is></c></row>'))).toBe(
      'importTooComplex',
    );
    expect(await guard('worksheet', sheet(`<row><c><v>${'1'.repeat(70)}</v></c></row>`))).toBe('ok');
    expect(await guard('worksheet', sheet(`<row><c><v>${'1'.repeat(80)}</v></c></row>`))).toBe('importTooComplex');
    expect(await guard('worksheet', sheet(`<row><c r="A1" x="${'1'.repeat(90)}"/></row>`), 16)).toBe(
      'importTooComplex',
    );
    expect(await guard('sharedStrings', `<sst><si><t>${'x'.repeat(80)}</t></si></sst>`)).toBe('importTooComplex');
  });

  it('counts shared strings and their bytes', async () => {
    expect(await guard('sharedStrings', '<sst><si><t>a</t></si><si><t>b</t></si></sst>')).toBe('ok');
    expect(await guard('sharedStrings', '<sst><si><t>a</t></si><si><t>b</t></si><si><t>c</t></si></sst>')).toBe(
      'importTooManyStrings',
    );
    expect(await guard('sharedStrings', `<sst><si><t>a</t></si><!--${'-'.repeat(400)}--></sst>`)).toBe(
      'importTooManyStrings',
    );
  });

  it('bounds the elements of the other parts and refuses a DOCTYPE', async () => {
    expect(await guard('other', `<a>${'<b/>'.repeat(9)}</a>`)).toBe('ok');
    expect(await guard('other', `<a>${'<b/>'.repeat(10)}</a>`)).toBe('importTooComplex');
    expect(await guard('other', '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>')).toBe(
      'importTooComplex',
    );
  });
});
