import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zipOf } from '../../test/support/zip.js';
import { CellTooLong, readFirstSheet, WorkbookUnreadable } from './xlsx-first-sheet.js';
import { XmlError, XmlScanner } from './xml-scanner.js';
import { ZipTooLarge } from './zip-entries.js';

const limits = { columns: 4, firstRow: 2, maxRows: 100, maxCellChars: 50, maxUnpackedBytes: 1024 * 1024 };
const written = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());

/** A workbook of one sheet whose <sheetData> is given as is, with optional shared strings. */
function handWritten(sheetData: string, sharedStrings?: string): Buffer {
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return zipOf([
    { name: 'xl/workbook.xml', data: Buffer.from(`<x:workbook xmlns:x="s" xmlns:r="${rel}"><x:sheets><x:sheet name="a" sheetId="1" r:id="rId1"/></x:sheets></x:workbook>`) },
    { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from(`<Relationships><Relationship Id="rId1" Type="${rel}/worksheet" Target="/xl/worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`) },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(`<?xml version="1.0"?><!-- made by hand --><x:worksheet xmlns:x="s"><x:sheetData>${sheetData}</x:sheetData></x:worksheet>`) },
    ...(sharedStrings === undefined ? [] : [{ name: 'xl/sharedStrings.xml', data: Buffer.from(`<sst>${sharedStrings}</sst>`) }]),
  ]);
}

describe('first sheet of a workbook, read as a stream', () => {
  it('reads what ExcelJS writes: shared and rich text, numbers, booleans, formulas, gaps, the first tab only', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('users');
    ws.addRow(['header', 'ignored', 'too', 'x']);
    ws.addRow([' alice ', 13800000000, true, { formula: '1+1', result: 2 }]);
    ws.addRow([]);
    ws.getCell('A4').value = { richText: [{ text: 'bo', font: { bold: true } }, { text: 'b' }] };
    ws.getCell('D4').value = 2.5;
    ws.getCell('E4').value = 'beyond the columns read';
    wb.addWorksheet('second').addRow(['never read']);
    const { rows, more } = await readFirstSheet(await written(wb), limits);
    expect(rows).toEqual([
      { row: 2, cells: ['alice', '13800000000', 'true', '2'] },
      { row: 4, cells: ['bob', '', '', '2.5'] },
    ]);
    expect(more).toBe(false);
  });

  it('follows the workbook to its first tab, with prefixes, entities, inline strings and phonetic runs', async () => {
    const data = handWritten(
      '<x:row r="2"><x:c r="B2" t="inlineStr"><x:is><x:t>a &amp; b &#x4E2D;</x:t></x:is></x:c><x:c r="C2" t="s"><x:v>1</x:v></x:c></x:row>' +
        '<x:row><x:c t="s"><x:v>0</x:v></x:c></x:row>',
      '<si><t>zero</t></si><si><r><t>日本</t></r><rPh><t>にほん</t></rPh></si>',
    );
    expect((await readFirstSheet(data, limits)).rows).toEqual([
      { row: 2, cells: ['', 'a & b 中', '日本', ''] },
      { row: 3, cells: ['zero', '', '', ''] },
    ]);
  });

  it('stops once it holds enough rows and tells there are more', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => `<row r="${i + 2}"><c t="inlineStr"><is><t>u${i}</t></is></c></row>`).join('');
    const read = await readFirstSheet(handWritten(rows), { ...limits, maxRows: 10 });
    expect(read.rows.map((r) => r.cells[0])).toEqual(Array.from({ length: 10 }, (_, i) => `u${i}`));
    expect(read.more).toBe(true);
    // Rows without a value are not counted, nor is the header.
    const sparse = handWritten('<row r="1"><c t="inlineStr"><is><t>h</t></is></c></row><row r="2"/><row r="3"><c s="1"/></row><row r="4"><c><v>1</v></c></row>');
    expect(await readFirstSheet(sparse, { ...limits, maxRows: 1 })).toEqual({ rows: [{ row: 4, cells: ['1', '', '', ''] }], more: false });
  });

  it('refuses an overlong cell, naming where it is, whether inline or shared', async () => {
    const long = 'x'.repeat(51);
    await expect(readFirstSheet(handWritten(`<row r="7"><c r="C7" t="inlineStr"><is><t>${long}</t></is></c></row>`), limits)).rejects.toEqual(new CellTooLong(7, 3));
    await expect(readFirstSheet(handWritten('<row r="2"><c r="B2" t="s"><v>0</v></c></row>', `<si><t>${long}</t></si>`), limits)).rejects.toEqual(new CellTooLong(2, 2));
  });

  it('calls anything else unreadable, and a sheet past the budget too large', async () => {
    await expect(readFirstSheet(Buffer.from('not a zip'), limits)).rejects.toBeInstanceOf(WorkbookUnreadable);
    await expect(readFirstSheet(zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<x/>') }]), limits)).rejects.toBeInstanceOf(WorkbookUnreadable);
    await expect(readFirstSheet(handWritten('<row r="2"><c t="s"><v>5</v></c></row>', '<si><t>a</t></si>'), limits)).rejects.toBeInstanceOf(WorkbookUnreadable);
    await expect(readFirstSheet(handWritten('<row r="2"><c><v>1</v></c></row>'.repeat(1000)), { ...limits, maxUnpackedBytes: 10_000 })).rejects.toBeInstanceOf(ZipTooLarge);
  });
});

describe('XML scanner', () => {
  const events = (xml: string, pieceSize: number) => {
    const seen: string[] = [];
    const scanner = new XmlScanner({
      open: (name, attrs) => seen.push(`<${name}${Object.entries(attrs).map(([k, v]) => ` ${k}=${v}`).join('')}>`),
      close: (name) => seen.push(`</${name}>`),
      text: (value) => seen.push(value),
    });
    const bytes = Buffer.from(xml);
    for (let at = 0; at < bytes.length; at += pieceSize) scanner.write(bytes.subarray(at, at + pieceSize));
    scanner.end();
    return seen.filter((e) => e.trim() !== '').join('');
  };

  it('reads the same events whatever the pieces the bytes arrive in', () => {
    const xml = '<?xml version="1.0"?><a:r b="1 > 0" c=\'q"\'><!-- <no> --><t>中&lt;文</t><![CDATA[<raw>]]><e/></a:r>';
    const expected = '<r b=1 > 0 c=q"><t>中<文</t><raw><e></e></r>';
    for (const size of [1, 2, 3, 7, 1000]) expect(events(xml, size)).toBe(expected);
  });

  it('refuses a DOCTYPE and unfinished markup', () => {
    expect(() => events('<!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>', 100)).toThrow(XmlError);
    expect(() => events('<x><y', 100)).toThrow(XmlError);
  });
});
