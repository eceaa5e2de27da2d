import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { zipOf } from '../../test/support/zip.js';
import { zipExpansion } from './zip-budget.js';

const MB = 1024 * 1024;

describe('zip expansion budget', () => {
  it('passes a real workbook', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('users').addRows([['username'], ['alice']]);
    expect(await zipExpansion(Buffer.from(await wb.xlsx.writeBuffer()), MB)).toBe('ok');
  });

  it('refuses an archive that unpacks past the budget, whether it says so or lies', async () => {
    const big = Buffer.alloc(3 * MB);
    expect(await zipExpansion(zipOf([{ name: 'a.xml', data: big }]), 2 * MB)).toBe('tooLarge');
    expect(await zipExpansion(zipOf([{ name: 'a.xml', data: big, declared: 10 }]), 2 * MB)).toBe('tooLarge');
    expect(await zipExpansion(zipOf([1, 2, 3].map((i) => ({ name: `${i}.xml`, data: Buffer.alloc(MB) }))), 2 * MB)).toBe('tooLarge');
    expect(await zipExpansion(zipOf([{ name: 'a.xml', data: big }]), 4 * MB)).toBe('ok');
  });

  it('calls what it cannot follow unreadable', async () => {
    expect(await zipExpansion(Buffer.from('not a zip at all'), MB)).toBe('unreadable');
    const zip = zipOf([{ name: 'a.xml', data: Buffer.alloc(100) }]);
    zip.writeUInt32LE(0, 0); // the local header the directory points to is gone
    expect(await zipExpansion(zip, MB)).toBe('unreadable');
  });
});
