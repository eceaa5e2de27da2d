import path from 'node:path/posix';
import { XmlScanner, type XmlHandler } from './xml-scanner.js';
import { entryChunks, zipEntries, ZipTooLarge, type ZipEntry } from './zip-entries.js';

export interface SheetRow {
  /** The row's number on the sheet (1 is the first). */
  row: number;
  /** Trimmed text of the first `columns` cells, '' where empty. */
  cells: string[];
}

export interface SheetLimits {
  /** How many columns, from A, are read. */
  columns: number;
  /** Rows numbered below this (a header) are skipped. */
  firstRow: number;
  /** Reading stops once this many rows with a value are held. */
  maxRows: number;
  /** A longer cell is refused (CellTooLong). */
  maxCellChars: number;
  /** What all the parts read may unpack to in all (ZipTooLarge past it). */
  maxUnpackedBytes: number;
}

/** The file is not an .xlsx workbook this reader can follow. */
export class WorkbookUnreadable extends Error {}

export class CellTooLong extends Error {
  constructor(
    readonly row: number,
    readonly column: number,
  ) {
    super(`cell in row ${row}, column ${column} is too long`);
  }
}

/** A cell as the sheet holds it: its text, or the index of a shared string looked up afterwards. */
type RawCell = string | { shared: number };

const REL_TYPE = { officeDocument: '/officeDocument', sharedStrings: '/sharedStrings' };

/**
 * The rows of a workbook's first sheet (the first tab), read as a stream: the sheet is unpacked and
 * scanned a piece at a time and left as soon as `maxRows` rows with a value are held, and of the
 * shared strings only those the held rows use are kept. Memory follows `maxRows`, never the size
 * of the sheet. `more` tells whether the sheet has another row with a value after the ones held.
 * Rows without a value in the read columns are left out.
 */
export async function readFirstSheet(data: Buffer, limits: SheetLimits): Promise<{ rows: SheetRow[]; more: boolean }> {
  const entries = zipEntries(data);
  if (!entries) throw new WorkbookUnreadable('not a zip archive');
  const parts = new Map(entries.map((e) => [e.name.toLowerCase(), e]));
  const budget = { left: limits.maxUnpackedBytes };
  const read = (name: string, handler: StoppableHandler) => readPart(data, parts.get(name.toLowerCase()), budget, handler);
  try {
    const workbookPath = (await relationships(read, '_rels/.rels', '')).byType(REL_TYPE.officeDocument) ?? 'xl/workbook.xml';
    const sheetId = await firstSheetId(read, workbookPath);
    const workbookRels = await relationships(read, relsPathOf(workbookPath), path.dirname(workbookPath));
    const sheetPath = sheetId === undefined ? undefined : workbookRels.byId(sheetId);
    if (!sheetPath || !parts.has(sheetPath.toLowerCase())) throw new WorkbookUnreadable('the first sheet is missing');

    const sheet = new SheetHandler(limits);
    await read(sheetPath, sheet);
    const needed = new Map<number, string | undefined>();
    for (const r of sheet.rows) for (const c of r.cells) if (typeof c === 'object') needed.set(c.shared, undefined);
    if (needed.size > 0) {
      const stringsPath = workbookRels.byType(REL_TYPE.sharedStrings) ?? 'xl/sharedStrings.xml';
      await read(stringsPath, new SharedStringsHandler(needed, limits.maxCellChars));
    }
    const rows = sheet.rows.flatMap(({ row, cells }) => {
      const text = cells.map((c, i) => {
        if (typeof c === 'string') return c;
        const s = needed.get(c.shared);
        if (s === undefined) throw new WorkbookUnreadable(`shared string ${c.shared} is missing`);
        if (s.length > limits.maxCellChars) throw new CellTooLong(row, i + 1);
        return s.trim();
      });
      return text.some((t) => t !== '') ? [{ row, cells: text }] : [];
    });
    return { rows, more: sheet.more };
  } catch (err) {
    if (err instanceof ZipTooLarge || err instanceof CellTooLong || err instanceof WorkbookUnreadable) throw err;
    throw new WorkbookUnreadable(err instanceof Error ? err.message : String(err));
  }
}

interface StoppableHandler extends XmlHandler {
  /** Set once the handler has what it needs; the rest of the part is not unpacked. */
  done: boolean;
}

/** Scans one part; a part that is absent reads as empty. */
async function readPart(data: Buffer, entry: ZipEntry | undefined, budget: { left: number }, handler: StoppableHandler): Promise<void> {
  if (!entry) return;
  const scanner = new XmlScanner(handler);
  for await (const chunk of entryChunks(data, entry, budget)) {
    scanner.write(chunk);
    if (handler.done) return;
  }
  scanner.end();
}

type PartReader = (name: string, handler: StoppableHandler) => Promise<void>;

/** `xl/workbook.xml` → `xl/_rels/workbook.xml.rels` */
const relsPathOf = (part: string) => path.join(path.dirname(part), '_rels', `${path.basename(part)}.rels`);

/** The relationships of a part, with targets resolved to part names. */
async function relationships(read: PartReader, relsPath: string, baseDir: string) {
  const found: Array<{ id: string; type: string; target: string }> = [];
  await read(relsPath, {
    done: false,
    open(name, attrs) {
      if (name !== 'Relationship' || !attrs.Target || attrs.TargetMode === 'External') return;
      const target = attrs.Target.startsWith('/') ? attrs.Target.slice(1) : path.join(baseDir, attrs.Target);
      found.push({ id: attrs.Id ?? '', type: attrs.Type ?? '', target: path.normalize(target) });
    },
    close() {},
    text() {},
  });
  return {
    byId: (id: string) => found.find((r) => r.id === id)?.target,
    byType: (suffix: string) => found.find((r) => r.type.endsWith(suffix))?.target,
  };
}

/** The relationship id of the workbook's first `<sheet>`, the first tab. */
async function firstSheetId(read: PartReader, workbookPath: string): Promise<string | undefined> {
  let id: string | undefined;
  await read(workbookPath, {
    done: false,
    open(name, attrs) {
      if (name === 'sheet' && !this.done) {
        id = attrs.id;
        this.done = true;
      }
    },
    close() {},
    text() {},
  });
  return id;
}

/** Column number of a cell reference: `C12` → 3. */
function columnOf(ref: string): number | undefined {
  const letters = /^[A-Za-z]{1,3}/.exec(ref)?.[0];
  if (!letters) return undefined;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/** The rows of a worksheet part (`<row><c t="…"><v>…</v></c></row>`), up to the limit. */
class SheetHandler implements StoppableHandler {
  done = false;
  more = false;
  readonly rows: Array<{ row: number; cells: RawCell[] }> = [];
  private rowNumber = 0;
  private cells: RawCell[] = [];
  private hasValue = false;
  private column = 0;
  private type = 'n';
  private value = '';
  private cellHasValue = false;
  private inValue = false;
  private inInline = false;
  private inText = false;
  private phonetic = 0;

  constructor(private readonly limits: SheetLimits) {}

  private get reading() {
    return !this.done && this.column >= 1 && this.column <= this.limits.columns && this.rowNumber >= this.limits.firstRow;
  }

  open(name: string, attrs: Record<string, string>) {
    if (this.done) return;
    switch (name) {
      case 'row': {
        const r = attrs.r === undefined ? this.rowNumber + 1 : Number(attrs.r);
        if (!Number.isSafeInteger(r) || r < 1) throw new WorkbookUnreadable(`row number "${attrs.r}"`);
        this.rowNumber = r;
        this.column = 0;
        this.cells = Array.from({ length: this.limits.columns }, () => '');
        this.hasValue = false;
        break;
      }
      case 'c':
        this.column = (attrs.r === undefined ? undefined : columnOf(attrs.r)) ?? this.column + 1;
        this.type = attrs.t ?? 'n';
        this.value = '';
        this.cellHasValue = false;
        break;
      case 'v':
        this.inValue = true;
        this.value = '';
        break;
      case 'is':
        this.inInline = true;
        this.value = '';
        break;
      case 't':
        this.inText = this.inInline && this.phonetic === 0;
        break;
      case 'rPh':
        this.phonetic++;
        break;
    }
  }

  text(value: string) {
    if (!(this.inValue || this.inText) || !this.reading) return;
    this.value += value;
    if (this.value.length > this.limits.maxCellChars) throw new CellTooLong(this.rowNumber, this.column);
  }

  close(name: string) {
    if (this.done) return;
    switch (name) {
      case 'v':
        this.inValue = false;
        this.cellHasValue = true;
        break;
      case 't':
        this.inText = false;
        break;
      case 'rPh':
        this.phonetic--;
        break;
      case 'is':
        this.inInline = false;
        this.cellHasValue = true;
        break;
      case 'c':
        if (this.reading && this.cellHasValue) {
          const cell = cellValue(this.type, this.value);
          this.cells[this.column - 1] = cell;
          if (typeof cell === 'object' || cell !== '') this.hasValue = true;
        }
        this.inValue = this.inInline = this.inText = false;
        break;
      case 'row':
        if (!this.hasValue || this.rowNumber < this.limits.firstRow) break;
        if (this.rows.length < this.limits.maxRows) this.rows.push({ row: this.rowNumber, cells: this.cells });
        else this.more = this.done = true;
        break;
    }
  }
}

/** A cell's value by its type, as text the way a spreadsheet shows it (numbers without trailing zeros). */
function cellValue(type: string, raw: string): RawCell {
  switch (type) {
    case 's': {
      const index = Number(raw.trim());
      if (!Number.isSafeInteger(index) || index < 0) throw new WorkbookUnreadable(`shared string index "${raw}"`);
      return { shared: index };
    }
    case 'b':
      return raw.trim() === '1' ? 'true' : 'false';
    case 'n': {
      const n = Number(raw);
      return raw.trim() !== '' && Number.isFinite(n) ? String(n) : raw.trim();
    }
    default:
      return raw.trim();
  }
}

/** The shared strings (`<si>`, text of its `<t>` runs, phonetic runs left out) whose index is in `needed`. */
class SharedStringsHandler implements StoppableHandler {
  done = false;
  private index = -1;
  private value = '';
  private inText = false;
  private phonetic = 0;
  private readonly last: number;

  constructor(
    private readonly needed: Map<number, string | undefined>,
    private readonly maxChars: number,
  ) {
    this.last = [...needed.keys()].reduce((a, b) => Math.max(a, b), -1);
  }

  open(name: string) {
    if (name === 'si') {
      this.index++;
      this.value = '';
    } else if (name === 't') this.inText = this.phonetic === 0 && this.needed.has(this.index);
    else if (name === 'rPh') this.phonetic++;
  }

  text(value: string) {
    // One character past the limit is enough to tell the cell is too long.
    if (this.inText && this.value.length <= this.maxChars) this.value += value.slice(0, this.maxChars + 1 - this.value.length);
  }

  close(name: string) {
    if (name === 't') this.inText = false;
    else if (name === 'rPh') this.phonetic--;
    else if (name === 'si') {
      if (this.needed.has(this.index)) this.needed.set(this.index, this.value);
      if (this.index >= this.last) this.done = true;
    }
  }
}
