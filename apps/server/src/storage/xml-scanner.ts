import { StringDecoder } from 'node:string_decoder';

export interface XmlHandler {
  /** An element starts; a self-closing one is followed at once by its `close`. */
  open(name: string, attrs: Record<string, string>): void;
  close(name: string): void;
  text(value: string): void;
}

/** The markup or text is not XML this scanner reads. */
export class XmlError extends Error {}

/** The longest tag or run of text held while waiting for its end; cells are far shorter. */
const MAX_PENDING = 1024 * 1024;

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * A streaming reader of the XML that .xlsx parts are made of: bytes go in as they are unpacked and
 * the handler hears each element and run of text, while only the unfinished piece is held. Names
 * lose their namespace prefix (`x:row` is `row`, `r:id` is `id`); the predefined entities and
 * character references are decoded; comments, processing instructions and CDATA are understood.
 * A DOCTYPE is refused: workbooks never carry one, and no entity of a document is ever expanded.
 */
export class XmlScanner {
  private pending = '';
  private readonly decoder = new StringDecoder('utf8');

  constructor(private readonly handler: XmlHandler) {}

  write(chunk: Buffer): void {
    const s = this.pending + this.decoder.write(chunk);
    this.pending = s.slice(this.scan(s, false));
    if (this.pending.length > MAX_PENDING) throw new XmlError('a tag or text run is too long');
  }

  end(): void {
    const s = this.pending + this.decoder.end();
    this.pending = '';
    const rest = s.slice(this.scan(s, true));
    if (rest.includes('<')) throw new XmlError('unfinished markup');
  }

  /** Hands over every complete piece of `s`; answers where the unfinished rest starts. */
  private scan(s: string, final: boolean): number {
    let at = 0;
    while (at < s.length) {
      const lt = s.indexOf('<', at);
      if (lt < 0) return at; // text may go on in the next chunk
      if (lt > at) this.handler.text(decodeEntities(s.slice(at, lt)));
      const end = markupEnd(s, lt, final);
      if (end < 0) return lt;
      this.markup(s.slice(lt, end));
      at = end;
    }
    return at;
  }

  private markup(m: string): void {
    if (m.startsWith('<![CDATA[')) return this.handler.text(m.slice(9, -3));
    if (m.startsWith('<!--') || m.startsWith('<?')) return;
    if (m[1] === '/') return this.handler.close(localName(m.slice(2, -1).trim()));
    const selfClosing = m.endsWith('/>');
    const body = m.slice(1, selfClosing ? -2 : -1);
    const nameEnd = body.search(/[\s]|$/);
    const name = localName(body.slice(0, nameEnd));
    if (!name) throw new XmlError('a tag without a name');
    const attrs: Record<string, string> = {};
    for (const [, key, double, single] of body.slice(nameEnd).matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      attrs[localName(key)] = decodeEntities(double ?? single);
    }
    this.handler.open(name, attrs);
    if (selfClosing) this.handler.close(name);
  }
}

/** Where the markup starting at `lt` ends (just past it), or -1 when its end has not arrived yet. */
function markupEnd(s: string, lt: number, final: boolean): number {
  const until = (closer: string, from: number) => {
    const at = s.indexOf(closer, from);
    return at < 0 ? -1 : at + closer.length;
  };
  if (s[lt + 1] === '!') {
    if (s.startsWith('<!--', lt)) return until('-->', lt + 4);
    if (s.startsWith('<![CDATA[', lt)) return until(']]>', lt + 9);
    if (!final && s.length - lt < 9) return -1; // too little yet to tell a comment or CDATA from a DOCTYPE
    throw new XmlError('a DOCTYPE or unknown declaration');
  }
  if (s[lt + 1] === '?') return until('?>', lt + 2);
  const gt = s.indexOf('>', lt);
  if (gt < 0) return -1;
  if (!/["']/.test(s.slice(lt, gt))) return gt + 1;
  let quote = '';
  for (let i = lt + 1; i < s.length; i++) {
    const ch = s[i];
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '>') return i + 1;
  }
  return -1;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? whole;
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
