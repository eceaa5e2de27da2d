import { TerminalStatus, type TerminalFilter } from '@sl/contracts';
import type { ChangedFields, ListFields, ListSnapshot, TerminalChangeRepository } from './terminal-change-repository.js';
import { FreshRead } from './fresh-read.js';

/** Positions in ListFields. */
const F = { id: 0, sn: 1, name: 2, family: 3, model: 4, manufacturer: 5, imsi: 6, enterprise: 7, dept: 8, area: 9, box: 10, status: 11, register: 12, online: 13 } as const;
type TextField = typeof F.sn | typeof F.name | typeof F.imsi | typeof F.area;
const TEXT_FIELDS: TextField[] = [F.sn, F.name, F.imsi, F.area];

/** Named subsets of terminals the lists narrow to (the same as the SQL ones of TerminalAdminRepository). */
const SUBSETS = {
  inventory: (c: Columns, i: number) => c.status[i] === TerminalStatus.inFactory || c.status[i] === TerminalStatus.warehouse,
  boxed: (c: Columns, i: number) => c.box[i] !== -1,
  unboxed: (c: Columns, i: number) => c.box[i] === -1,
};
export type ListSubset = keyof typeof SUBSETS;

export interface ListQuery {
  filter: TerminalFilter;
  /** The departments the caller may see, or `all` (with the terminals of no department). */
  scope: ReadonlySet<number> | 'all';
  /** The departments `filter.deptId` stands for: it and those below it. */
  deptAndBelow?: ReadonlySet<number>;
  subset?: ListSubset;
  pageIndex: number;
  pageSize: number;
  afterId?: number;
}

/** ILIKE lowercases letters only; ASCII ones are lowercased alike in every locale but Turkish and Azeri (checked at load). */
const asciiLower = (s: string) => (/[A-Z]/.test(s) ? s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32)) : s);
/** Letters some locales lowercase into ASCII ones (İ → i, the Kelvin sign → k): a column holding one is searched in SQL. */
const FOLDS_INTO_ASCII = /[\u0130\u212A]/;
/** A pattern the copy matches exactly as ILIKE does: ASCII, or characters without case (CJK, digits, punctuation); no NUL (PostgreSQL refuses it). */
const matchableHere = (pattern: string) => [...pattern].every((c) => c !== '\u0000' && (c <= '\u007f' || (c.toLowerCase() === c && c.toUpperCase() === c)));

/** Searches a text column keeps the answers of (a filtered list read page after page asks the same one again). */
const KEPT_SEARCHES = 32;

/** Length of the pieces a text column indexes: a search for a part at least this long reads only the rows holding its rarest piece. */
const GRAM = 3;

/**
 * One text field of every terminal, lowercased. A search for a part of GRAM characters or more reads the positions of
 * its rarest piece (an index of every GRAM-character piece, built at the first such search) and keeps those that hold
 * the whole part; a shorter part is looked for in every value. The answers of the last KEPT_SEARCHES searches are kept.
 */
class TextColumn {
  private readonly kept = new Map<string, Int32Array>();
  private grams?: Map<string, Int32Array>;

  constructor(private readonly values: string[]) {}

  /** The positions (ascending) whose value contains `part` (already lowercased). */
  containing(part: string): Int32Array {
    let found = this.kept.get(part);
    if (found) {
      this.kept.delete(part);
    } else {
      const rows: number[] = [];
      if (part.length < GRAM) this.values.forEach((value, i) => value.includes(part) && rows.push(i));
      else for (const i of this.rarestPiece(part)) if (this.values[i].includes(part)) rows.push(i);
      found = Int32Array.from(rows);
      if (this.kept.size >= KEPT_SEARCHES) this.kept.delete(this.kept.keys().next().value!);
    }
    this.kept.set(part, found);
    return found;
  }

  /** The positions holding the piece of `part` fewest values hold (none when a piece is in no value). */
  private rarestPiece(part: string): Int32Array {
    this.grams ??= this.index();
    let rarest: Int32Array | undefined;
    for (let k = 0; k + GRAM <= part.length; k++) {
      const list = this.grams.get(part.slice(k, k + GRAM));
      if (!list) return new Int32Array(0);
      if (!rarest || list.length < rarest.length) rarest = list;
    }
    return rarest!;
  }

  private index(): Map<string, Int32Array> {
    const lists = new Map<string, number[]>();
    this.values.forEach((value, i) => {
      for (let k = 0; k + GRAM <= value.length; k++) {
        const gram = value.slice(k, k + GRAM);
        let list = lists.get(gram);
        if (!list) lists.set(gram, (list = []));
        if (list[list.length - 1] !== i) list.push(i);
      }
    });
    return new Map([...lists].map(([gram, list]) => [gram, Int32Array.from(list)]));
  }
}

/** The positions in both of two ascending lists. */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) out.push(a[i++]), j++;
    else if (a[i] < b[j]) i++;
    else j++;
  }
  return Int32Array.from(out);
}

/** The positions in either of ascending lists, ascending, each once. */
function union(lists: Int32Array[]): Int32Array {
  if (lists.length === 1) return lists[0];
  const marks = new Set<number>();
  for (const list of lists) for (const i of list) marks.add(i);
  return Int32Array.from([...marks].sort((x, y) => x - y));
}

/**
 * The list fields of every terminal by position: the small-integer ones as typed columns (null as -1), scanned without
 * touching a row; family and manufacturer as codes; the text ones lowercased (all a search reads). No row is kept whole.
 */
class Columns {
  readonly ids: Int32Array;
  readonly dept: Int32Array;
  readonly enterprise: Int32Array;
  readonly box: Int32Array;
  readonly model: Int16Array;
  readonly status: Int16Array;
  readonly register: Int16Array;
  readonly online: Int16Array;
  readonly family: Int16Array;
  readonly manufacturer: Int16Array;
  readonly text: Record<TextField, string[]>;
  /** Codes of the family and manufacturer strings, as met; `names[code]` the string again. */
  readonly codes: Map<string, number>;
  private readonly names: string[];

  constructor(rows: ListFields[], codes?: { codes: Map<string, number>; names: string[] }) {
    const n = rows.length;
    this.codes = codes?.codes ?? new Map();
    this.names = codes?.names ?? [''];
    this.ids = new Int32Array(n);
    this.dept = new Int32Array(n);
    this.enterprise = new Int32Array(n);
    this.box = new Int32Array(n);
    this.model = new Int16Array(n);
    this.status = new Int16Array(n);
    this.register = new Int16Array(n);
    this.online = new Int16Array(n);
    this.family = new Int16Array(n);
    this.manufacturer = new Int16Array(n);
    this.text = { [F.sn]: new Array<string>(n), [F.name]: new Array<string>(n), [F.imsi]: new Array<string>(n), [F.area]: new Array<string>(n) } as Record<TextField, string[]>;
    rows.forEach((t, i) => this.set(i, t));
  }

  /** The same columns with rows added and removed, ids ascending. */
  with(added: ListFields[], gone: ReadonlySet<number>): Columns {
    const kept = Array.from(this.ids.keys()).filter((i) => !gone.has(this.ids[i])).map((i) => this.row(i));
    return new Columns(kept.concat(added).sort((a, b) => a[F.id] - b[F.id]), { codes: this.codes, names: this.names });
  }

  set(i: number, t: ListFields): void {
    this.ids[i] = t[F.id];
    this.dept[i] = t[F.dept] ?? -1;
    this.enterprise[i] = t[F.enterprise] ?? -1;
    this.box[i] = t[F.box] ?? -1;
    this.model[i] = t[F.model];
    this.status[i] = t[F.status];
    this.register[i] = t[F.register];
    this.online[i] = t[F.online];
    this.family[i] = this.code(t[F.family]);
    this.manufacturer[i] = this.code(t[F.manufacturer]);
    for (const field of TEXT_FIELDS) this.text[field][i] = asciiLower(t[field] as string);
  }

  private row(i: number): ListFields {
    const orNull = (v: number) => (v === -1 ? null : v);
    const [sn, name, imsi, area] = TEXT_FIELDS.map((field) => this.text[field][i]);
    return [this.ids[i], sn, name, this.names[this.family[i]], this.model[i], this.names[this.manufacturer[i]], imsi, orNull(this.enterprise[i]), orNull(this.dept[i]), area, orNull(this.box[i]), this.status[i], this.register[i], this.online[i]];
  }

  private code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      this.codes.set(value, (code = this.names.length));
      this.names.push(value);
    }
    return code;
  }

  /** The position of the first id above `id`. */
  after(id: number): number {
    let lo = 0;
    let hi = this.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.ids[mid] <= id) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/**
 * The terminals' list fields in memory, ids ascending, so that a list's filters, count and page cost no scan of the
 * table: PostgreSQL reads only the page's rows. Before every answer the copy is brought up to date with the terminals
 * changed by the transactions its last read could not see (TerminalChangeRepository), in one statement; concurrent
 * lists share that read, each waiting for one that started after it came. So an answer holds every change committed
 * before the list was asked, whichever instance, connection or tool made it. `undefined` means "ask PostgreSQL": a text
 * filter the copy cannot match exactly as ILIKE does here (see `matchableHere`, FOLDS_INTO_ASCII, the locale).
 */
export class TerminalListIndex {
  private snapshot?: ListSnapshot;
  private columns = new Columns([]);
  private readonly text = new Map<TextField, TextColumn>();
  /** Per text field, how many values hold a letter that folds into ASCII. */
  private readonly folding = new Map<TextField, number>();
  private usable?: Promise<boolean>;
  /** A read of the changes that started after the call (joining one that has not started yet). */
  private readonly fresh = new FreshRead(() => this.refresh());

  constructor(private readonly changes: TerminalChangeRepository) {}

  /** The page's ids and the count of every match, or undefined when the list is for PostgreSQL to answer. */
  async page(q: ListQuery): Promise<{ ids: number[]; count: number } | undefined> {
    this.usable ??= this.changes.asciiCaseIsLocal().catch((err: unknown) => {
      this.usable = undefined;
      throw err;
    });
    if (!(await this.usable)) return undefined;
    const texts = this.textFilters(q.filter);
    if (!texts) return undefined;
    await this.fresh.next();
    for (const [fields] of texts) if (fields.some((f) => (this.folding.get(f) ?? 0) > 0)) return undefined;
    return this.select(q, texts);
  }

  /** The text filters as [fields any of which may hold it, lowercased part]; undefined when one is not matchable here. */
  private textFilters(f: TerminalFilter): Array<[TextField[], string]> | undefined {
    const parts: Array<[TextField[], string | undefined]> = [[[F.sn], f.sn], [[F.name], f.name], [[F.area], f.area], [[F.name, F.sn, F.imsi], f.keyword]];
    const asked = parts.filter((p): p is [TextField[], string] => !!p[1]);
    if (!asked.every(([, part]) => matchableHere(part))) return undefined;
    return asked.map(([fields, part]) => [fields, asciiLower(part)]);
  }

  private select(q: ListQuery, texts: Array<[TextField[], string]>): { ids: number[]; count: number } {
    const c = this.columns;
    const first = q.afterId ? c.after(q.afterId) : 0;
    const skip = q.afterId ? 0 : (q.pageIndex - 1) * q.pageSize;
    const candidates = texts.length ? texts.map(([fields, part]) => union(fields.map((f) => this.column(f).containing(part)))).reduce(intersect) : undefined;
    const test = this.predicate(q);
    if (!candidates && !test) return { ids: Array.from(c.ids.subarray(first + skip, first + skip + q.pageSize)), count: c.ids.length };
    const ids: number[] = [];
    let count = 0;
    let from = 0;
    const n = candidates ? candidates.length : c.ids.length;
    for (let k = 0; k < n; k++) {
      const i = candidates ? candidates[k] : k;
      if (test && !test(i)) continue;
      count++;
      if (i >= first && from++ >= skip && ids.length < q.pageSize) ids.push(c.ids[i]);
    }
    return { ids, count };
  }

  /** The filters but the text ones as one test of a position, or undefined when none narrows the list. */
  private predicate(q: ListQuery): ((i: number) => boolean) | undefined {
    const c = this.columns;
    const f = q.filter;
    const tests: Array<(i: number) => boolean> = [];
    const inSet = (set: ReadonlySet<number>) => {
      const max = Math.max(0, ...set);
      const allowed = new Uint8Array(max + 1);
      for (const d of set) allowed[d] = 1;
      return (i: number) => c.dept[i] >= 0 && c.dept[i] <= max && allowed[c.dept[i]] === 1;
    };
    if (q.scope !== 'all') tests.push(inSet(q.scope));
    if (f.deptId) tests.push(inSet(q.deptAndBelow ?? new Set()));
    const equal = (column: Int16Array | Int32Array, value: number | undefined | null) => value && tests.push((i) => column[i] === value);
    equal(c.model, f.model);
    equal(c.online, f.onlineState);
    equal(c.status, f.status && f.status !== TerminalStatus.all ? f.status : undefined);
    equal(c.register, f.registerState);
    equal(c.enterprise, f.enterpriseId);
    equal(c.box, f.boxId);
    // A family or manufacturer no terminal has matches none (code -1).
    if (f.family) equal(c.family, c.codes.get(f.family) ?? -1);
    if (f.manufacturer) equal(c.manufacturer, c.codes.get(f.manufacturer) ?? -1);
    const keep = q.subset && SUBSETS[q.subset];
    if (keep) tests.push((i) => keep(c, i));
    if (!tests.length) return undefined;
    return tests.length === 1 ? tests[0] : (i) => tests.every((t) => t(i));
  }

  private column(field: TextField): TextColumn {
    let column = this.text.get(field);
    if (!column) this.text.set(field, (column = new TextColumn(this.columns.text[field])));
    return column;
  }

  private async refresh(): Promise<void> {
    if (this.snapshot) {
      const changed = await this.changes.changedSince(this.snapshot);
      if (!changed.stale) return this.apply(changed);
    }
    const all = await this.changes.all();
    this.reset(new Columns(all.rows));
    this.snapshot = all.snapshot;
  }

  private apply({ snapshot, rows }: ChangedFields): void {
    const gone = new Set<number>();
    const added: ListFields[] = [];
    for (const row of rows) {
      const at = this.position(row[0]);
      if (row.length === 1) {
        if (at !== -1) gone.add(row[0]);
      } else if (at === -1) {
        added.push(row);
      } else {
        const old = TEXT_FIELDS.map((field) => this.columns.text[field][at]);
        this.columns.set(at, row);
        TEXT_FIELDS.forEach((field, k) => {
          const now = this.columns.text[field][at];
          if (now === old[k]) return;
          this.text.delete(field);
          this.folding.set(field, (this.folding.get(field) ?? 0) - Number(FOLDS_INTO_ASCII.test(old[k])) + Number(FOLDS_INTO_ASCII.test(now)));
        });
      }
    }
    if (gone.size || added.length) this.reset(this.columns.with(added, gone));
    this.snapshot = snapshot;
  }

  private reset(columns: Columns): void {
    this.columns = columns;
    this.text.clear();
    for (const field of TEXT_FIELDS) this.folding.set(field, columns.text[field].filter((v) => FOLDS_INTO_ASCII.test(v)).length);
  }

  private position(id: number): number {
    const at = this.columns.after(id) - 1;
    return at >= 0 && this.columns.ids[at] === id ? at : -1;
  }
}
