import { zipOf } from './sheets';

/**
 * Small xlsx files that cost a naive reader a lot (issue "Money and abuse", item 3): each is a
 * valid-looking workbook whose first sheet has the import's header, built by hand so that the
 * hostile part is exactly what the test says it is.
 */

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
  '<sheets><sheet name="Offers" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';
const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_END = '</sheetData></worksheet>';

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const HEADER_ROW = `<row r="1">${inline('A1', 'Item #')}${inline('B1', 'Warehouse')}${inline('C1', 'New Offer Quantity')}${inline('D1', 'New Offer Price')}</row>`;
const offerRow = (r: number) =>
  `<row r="${r}">${inline(`A${r}`, 'ITEM-1')}${inline(`B${r}`, 'LAX')}<c r="C${r}"><v>1</v></c><c r="D${r}"><v>10</v></c></row>`;

/** An xlsx of this sheet XML (between `<sheetData>` and `</sheetData>`), and a shared strings part if given. */
export function handMadeXlsx(sheetData: string | Buffer, sharedStrings?: Buffer): Buffer {
  const sheet = Buffer.concat([
    Buffer.from(SHEET_START),
    typeof sheetData === 'string' ? Buffer.from(sheetData) : sheetData,
    Buffer.from(SHEET_END),
  ]);
  return zipOf([
    { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
    { name: '_rels/.rels', data: Buffer.from(ROOT_RELS) },
    { name: 'xl/workbook.xml', data: Buffer.from(WORKBOOK) },
    { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(WORKBOOK_RELS) },
    ...(sharedStrings ? [{ name: 'xl/sharedStrings.xml', data: sharedStrings }] : []),
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
  ]);
}

/** A cell holding `depth` nested elements (about 6 KB zipped for 500,000). */
export function deeplyNestedCell(depth: number): Buffer {
  return handMadeXlsx(
    Buffer.concat([
      Buffer.from(HEADER_ROW + '<row r="2"><c r="A2" t="inlineStr"><is><t>'),
      Buffer.from('<x>'.repeat(depth) + '</x>'.repeat(depth)),
      Buffer.from(`</t></is></c></row>${offerRow(3)}`),
    ]),
  );
}

/** A cell of `count` sibling elements, none nested: work per cell without depth. */
export function crowdedCell(count: number): Buffer {
  return handMadeXlsx(
    `${HEADER_ROW}<row r="2"><c r="A2" t="inlineStr"><is>${'<r><t>a</t></r>'.repeat(count)}</is></c></row>${offerRow(3)}`,
  );
}

/** A shared strings part of `count` distinct strings, one of them used (3,000,000 make a file of about 8 MB). */
export function manySharedStrings(count: number): Buffer {
  const parts: string[] = [
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${count}">`,
  ];
  for (let i = 0; i < count; i++) parts.push(`<si><t>${i.toString(36)}</t></si>`);
  parts.push('</sst>');
  return handMadeXlsx(
    `${HEADER_ROW}<row r="2"><c r="A2" t="s"><v>0</v></c>${inline('B2', 'LAX')}<c r="C2"><v>1</v></c><c r="D2"><v>10</v></c></row>`,
    Buffer.from(parts.join('')),
  );
}

/** The header, `count` blank rows (no row numbers, as the format allows), then one offer: 2,000,000 make a file of about 20 KB. */
export function blankRows(count: number): Buffer {
  return handMadeXlsx(HEADER_ROW + '<row/>'.repeat(count) + offerRow(count + 2));
}

/** One offer row with a cell far to the right: every row read is as wide as the sheet's last column. */
export function farRightCells(rows: number): Buffer {
  const parts: string[] = [HEADER_ROW];
  for (let r = 2; r < rows + 2; r++) parts.push(`<row r="${r}"><c r="XFD${r}"><v>1</v></c></row>`);
  parts.push(offerRow(rows + 2));
  return handMadeXlsx(parts.join(''));
}
