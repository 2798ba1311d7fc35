import { Transform, type TransformCallback } from 'node:stream';
import { tooComplex, tooManyCells, tooManySheetRows, tooManyStrings } from './refusals';

/**
 * A guard on the inflated XML of an xlsx part, between the zip and exceljs's sax parser: it counts
 * elements, nesting, rows, cells and shared strings as the bytes go by, and fails the stream the
 * moment one passes its limit, before the parser has built anything for it. exceljs keeps a tag
 * stack, an event array per chunk and a cached string per `<si>` without bounds, so a 6 KB file of
 * half a million nested elements or three million shared strings costs it hundreds of megabytes.
 *
 * It reads bytes only as far as XML structure needs (tags, quotes, comments, CDATA, processing
 * instructions), jumping between them with Buffer.indexOf; it does not check well-formedness (the
 * parser after it does). A DOCTYPE (never in an xlsx) is refused, so no entity is ever declared.
 */

/** Which counters apply to a part. */
export type XmlPartKind = 'worksheet' | 'sharedStrings' | 'other';

export interface XmlLimits {
  /** Elements open at once anywhere in a part. */
  xmlDepth: number;
  /** `<row>` elements in the sheet, blank ones included. */
  sheetRows: number;
  /**
   * Cells of the sheet, the blank ones left of each row's last cell included: exceljs walks every
   * row up to its last column, so one cell in column XFD makes a row cost 16,384.
   */
  sheetCells: number;
  /** `<si>` elements in the shared strings part. */
  sharedStrings: number;
  /** Unpacked bytes of the shared strings part. */
  sharedStringsBytes: number;
  /** Bytes of one cell's XML (a `<c>` or an `<si>`, from its start tag to its end tag). */
  cellXmlBytes: number;
  /** Elements inside one cell (runs of rich text, their fonts...). */
  cellElements: number;
  /** Elements of any other part (workbook, relationships, styles). */
  partElements: number;
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const QUESTION = 0x3f;
const BANG = 0x21;
const DASH = 0x2d;
const BRACKET = 0x5d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const COLON = 0x3a;
/** Longer names are not ones this guard looks for: they are counted, not compared. */
const NAME_BYTES = 16;

const enum State {
  Text,
  TagStart,
  OpenName,
  Attributes,
  Quoted,
  CloseTag,
  Bang,
  Comment,
  Cdata,
  Instruction,
}

/** The column number of a cell's `r="XFD5"` attribute, as exceljs reads it (its letters only). */
function columnOf(attributes: string): number | undefined {
  const letters = /(?:^|\s)r\s*=\s*["']\$?([A-Za-z]+)/.exec(attributes)?.[1];
  if (!letters) return undefined;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column;
}

const isNameEnd = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === SLASH || b === GT;

export class XmlGuard extends Transform {
  private state = State.Text;
  /** Bytes of the part before the current chunk. */
  private offset = 0;
  private depth = 0;
  private elements = 0;
  private rows = 0;
  private cells = 0;
  /** The last column of the current row so far. */
  private rowEnd = 0;
  private strings = 0;
  /** The depth a cell (`<c>` or `<si>`) was opened at, while inside one. */
  private cellDepth = -1;
  private cellStart = 0;
  private cellElements = 0;
  private tagStart = 0;
  private name: number[] = [];
  private nameLength = 0;
  /** The attributes of a worksheet's `<c>`, kept to read its reference; null for other elements. */
  private cellTag: string | null = null;
  /** The last two bytes seen in the current markup, across chunks (`/>`, `-->`, `]]>`, `?>`). */
  private last = 0;
  private beforeLast = 0;
  private quote = 0;
  private bang = '';

  constructor(
    private readonly kind: XmlPartKind,
    private readonly limits: XmlLimits,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      if (this.kind === 'sharedStrings' && this.offset + chunk.length > this.limits.sharedStringsBytes) {
        throw tooManyStrings(this.limits.sharedStrings, this.limits.sharedStringsBytes);
      }
      this.scan(chunk);
      this.offset += chunk.length;
      this.checkCellBytes(this.offset);
      const inTag = this.state === State.OpenName || this.state === State.Attributes || this.state === State.Quoted;
      if (inTag && this.offset - this.tagStart > this.limits.cellXmlBytes) throw tooComplex();
    } catch (error) {
      done(error as Error);
      return;
    }
    done(null, chunk);
  }

  private scan(chunk: Buffer): void {
    let i = 0;
    const end = chunk.length;
    while (i < end) {
      switch (this.state) {
        case State.Text: {
          const at = chunk.indexOf(LT, i);
          if (at < 0) return;
          this.tagStart = this.offset + at;
          this.checkCellBytes(this.tagStart);
          this.state = State.TagStart;
          i = at + 1;
          break;
        }
        case State.TagStart: {
          const b = chunk[i]!;
          if (b === SLASH) {
            this.state = State.CloseTag;
            i++;
          } else if (b === QUESTION) {
            this.state = State.Instruction;
            this.last = 0;
            i++;
          } else if (b === BANG) {
            this.state = State.Bang;
            this.bang = '';
            i++;
          } else {
            this.state = State.OpenName;
            this.nameLength = 0;
          }
          break;
        }
        case State.OpenName: {
          const b = chunk[i]!;
          if (isNameEnd(b)) {
            this.state = State.Attributes;
            this.last = 0;
            this.cellTag = this.kind === 'worksheet' && this.localName() === 'c' ? '' : null;
          } else {
            if (this.nameLength < NAME_BYTES) this.name[this.nameLength] = b;
            this.nameLength++;
            i++;
          }
          break;
        }
        case State.Attributes: {
          let j = i;
          for (; j < end; j++) {
            const b = chunk[j]!;
            if (b === QUOTE || b === APOSTROPHE || b === GT) break;
            this.last = b;
          }
          if (j === end) {
            if (this.cellTag !== null) this.cellTag += chunk.toString('latin1', i, end);
            return;
          }
          const b = chunk[j]!;
          if (b === GT) {
            if (this.cellTag !== null) this.cellTag += chunk.toString('latin1', i, j);
            this.startTag(this.last === SLASH);
            this.state = State.Text;
          } else {
            if (this.cellTag !== null) this.cellTag += chunk.toString('latin1', i, j + 1);
            this.quote = b;
            this.state = State.Quoted;
          }
          i = j + 1;
          break;
        }
        case State.Quoted: {
          const at = chunk.indexOf(this.quote, i);
          if (this.cellTag !== null) this.cellTag += chunk.toString('latin1', i, at < 0 ? end : at + 1);
          if (at < 0) return;
          this.last = this.quote;
          this.state = State.Attributes;
          i = at + 1;
          break;
        }
        case State.CloseTag: {
          const at = chunk.indexOf(GT, i);
          if (at < 0) return;
          this.endTag();
          this.state = State.Text;
          i = at + 1;
          break;
        }
        case State.Bang: {
          this.bang += String.fromCharCode(chunk[i]!);
          i++;
          if (this.bang === '--') {
            this.state = State.Comment;
            this.last = this.beforeLast = 0;
          } else if (this.bang === '[CDATA[') {
            this.state = State.Cdata;
            this.last = this.beforeLast = 0;
          } else if (!'--'.startsWith(this.bang) && !'[CDATA['.startsWith(this.bang)) throw tooComplex();
          break;
        }
        case State.Comment:
        case State.Cdata:
        case State.Instruction: {
          // Ends at `-->`, `]]>` or `?>`: byte by byte, as the end may straddle two chunks.
          const b = chunk[i]!;
          i++;
          if (b === GT) {
            const ended =
              this.state === State.Instruction
                ? this.last === QUESTION
                : this.state === State.Comment
                  ? this.last === DASH && this.beforeLast === DASH
                  : this.last === BRACKET && this.beforeLast === BRACKET;
            if (ended) {
              this.state = State.Text;
              break;
            }
          }
          this.beforeLast = this.last;
          this.last = b;
          break;
        }
      }
    }
  }

  /** The element's name without its namespace prefix, when short enough to be one this guard counts. */
  private localName(): string {
    if (this.nameLength > NAME_BYTES) return '';
    let from = 0;
    for (let k = 0; k < this.nameLength; k++) if (this.name[k] === COLON) from = k + 1;
    return String.fromCharCode(...this.name.slice(from, this.nameLength));
  }

  private startTag(selfClosing: boolean): void {
    const { limits } = this;
    this.elements++;
    if (this.cellDepth >= 0 && ++this.cellElements > limits.cellElements) throw tooComplex();
    let cell = false;
    if (this.kind === 'worksheet') {
      const name = this.localName();
      if (name === 'row') {
        if (++this.rows > limits.sheetRows) throw tooManySheetRows(limits.sheetRows);
        this.rowEnd = 0;
      }
      if (name === 'c') {
        const column = columnOf(this.cellTag ?? '') ?? this.rowEnd + 1;
        this.cells += Math.max(1, column - this.rowEnd);
        this.rowEnd = Math.max(this.rowEnd, column);
        if (this.cells > limits.sheetCells) throw tooManyCells(limits.sheetCells);
        cell = true;
      }
    } else if (this.kind === 'sharedStrings') {
      if (this.localName() === 'si') {
        if (++this.strings > limits.sharedStrings)
          throw tooManyStrings(limits.sharedStrings, limits.sharedStringsBytes);
        cell = true;
      }
    } else if (this.elements > limits.partElements) throw tooComplex();
    if (selfClosing) return;
    this.depth++;
    if (this.depth > limits.xmlDepth) throw tooComplex();
    if (cell && this.cellDepth < 0) {
      this.cellDepth = this.depth;
      this.cellStart = this.tagStart;
      this.cellElements = 0;
    }
  }

  private endTag(): void {
    if (this.depth === this.cellDepth) this.cellDepth = -1;
    if (this.depth > 0) this.depth--;
  }

  private checkCellBytes(at: number): void {
    if (this.cellDepth >= 0 && at - this.cellStart > this.limits.cellXmlBytes) throw tooComplex();
  }
}
