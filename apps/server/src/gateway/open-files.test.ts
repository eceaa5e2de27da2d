import { describe, expect, it } from 'vitest';
import { OWN_FILES, openFilesLimit, terminalsBeyondLimit } from './open-files.js';

const limits = (soft: string, hard = soft) => [
  'Limit                     Soft Limit           Hard Limit           Units     ',
  'Max processes             96367                96367                processes ',
  `Max open files            ${soft.padEnd(20)} ${hard.padEnd(20)} files     `,
  'Max locked memory         8388608              8388608              bytes     ',
].join('\n');

describe('open files', () => {
  it('reads the soft limit on open files, and nothing where it is unlimited or cannot be read', () => {
    expect(openFilesLimit(() => limits('20000'))).toBe(20_000);
    expect(openFilesLimit(() => limits('1024', '524288'))).toBe(1024);
    expect(openFilesLimit(() => limits('unlimited'))).toBeUndefined();
    expect(openFilesLimit(() => { throw new Error('ENOENT'); })).toBeUndefined();
    expect(openFilesLimit(() => 'Limit Soft Hard\n')).toBeUndefined();
  });

  it('counts the terminals the broker could not hold a socket for', () => {
    expect(terminalsBeyondLimit(20_000, 19_000)).toBe(0);
    expect(terminalsBeyondLimit(20_000, 20_000 - OWN_FILES)).toBe(0);
    expect(terminalsBeyondLimit(20_000, 100_000)).toBe(80_000 + OWN_FILES);
    expect(terminalsBeyondLimit(undefined, 100_000)).toBe(0);
  });
});
