import { ApiError } from '../../../errors';
import { sheetJs } from '../../shared/heavy-libraries';
import { tooManyCells, tooManyStrings } from './refusals';

/**
 * A look at a legacy .xls before SheetJS reads it. SheetJS parses the whole workbook stream at once
 * (every sheet, `sheetRows` only stops it keeping rows), so its records are counted first: the
 * shared strings it would hold (the SST record's count, which SheetJS reads exactly that many of)
 * and the cells of all sheets (a MULRK record packs a number in 6 bytes: a 10 MB file could
 * otherwise become two million cell objects). No XML here, so no nesting to bound.
 */

export interface XlsLimits {
  sheetCells: number;
  sharedStrings: number;
  sharedStringsBytes: number;
}

interface CfbEntry {
  content?: Uint8Array;
}
interface CfbApi {
  read(data: Uint8Array, options: { type: 'buffer' }): unknown;
  find(container: unknown, path: string): CfbEntry | null;
}

const unreadable = () => new ApiError(400, 'importUnreadable', 'The file could not be read as a spreadsheet');

/** BIFF8 record types (MS-XLS 2.3). */
const RECORD = {
  sst: 0x00fc,
  continued: 0x003c,
  formula: 0x0006,
  number: 0x0203,
  label: 0x0204,
  boolErr: 0x0205,
  rk: 0x027e,
  labelSst: 0x00fd,
  richString: 0x00d6,
  mulRk: 0x00bd,
} as const;
const SINGLE_CELLS: ReadonlySet<number> = new Set([
  RECORD.formula,
  RECORD.number,
  RECORD.label,
  RECORD.boolErr,
  RECORD.rk,
  RECORD.labelSst,
  RECORD.richString,
]);

export async function guardXls(bytes: Uint8Array, limits: XlsLimits): Promise<void> {
  const cfb = (await sheetJs()).CFB as CfbApi;
  let workbook: CfbEntry | null;
  try {
    const container = cfb.read(bytes, { type: 'buffer' });
    workbook = cfb.find(container, 'Workbook') ?? cfb.find(container, 'Book');
  } catch {
    throw unreadable();
  }
  const data = workbook?.content;
  // Not a BIFF workbook: SheetJS says what it is (or that it cannot read it).
  if (!data) return;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let cells = 0;
  let stringBytes = 0;
  let inStrings = false;
  for (let at = 0; at + 4 <= data.byteLength;) {
    const type = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    const body = at + 4;
    if (type === RECORD.sst) {
      if (length >= 8 && view.getUint32(body + 4, true) > limits.sharedStrings)
        throw tooManyStrings(limits.sharedStrings, limits.sharedStringsBytes);
      inStrings = true;
    } else if (type !== RECORD.continued) inStrings = false;
    if (inStrings && (stringBytes += length) > limits.sharedStringsBytes)
      throw tooManyStrings(limits.sharedStrings, limits.sharedStringsBytes);
    if (SINGLE_CELLS.has(type)) cells += 1;
    else if (type === RECORD.mulRk && length >= 6) cells += Math.floor((length - 6) / 6);
    if (cells > limits.sheetCells) throw tooManyCells(limits.sheetCells);
    at = body + length;
  }
}
