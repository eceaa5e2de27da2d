import { describe, expect, it } from 'vitest';
import { poleFromCode } from './pole-scanner';

/** What a scanned code opens (issue 30): a pole's QR code holds its page's URL; a barcode may hold the bare number. */
describe('the pole number in a scanned code', () => {
  it('reads the URL of the pole page, with or without host, query or fragment', () => {
    expect(poleFromCode('https://lights.example.cn/asset/pole/P-0008')).toBe('P-0008');
    expect(poleFromCode('/asset/pole/P-0008?from=qr#top')).toBe('P-0008');
    expect(poleFromCode('https://lights.example.cn/asset/pole/%E4%B8%9C-12')).toBe('东-12');
  });

  it('takes a bare code as the number, trimmed', () => {
    expect(poleFromCode(' P-0011 ')).toBe('P-0011');
  });
});
