import { describe, expect, it } from 'vitest';
import { checkedKeysFor } from './checked-keys';

const tree = [{ key: 1, children: [{ key: 2, children: [{ key: 3 }, { key: 4 }] }, { key: 5 }] }];

describe('checkedKeysFor', () => {
  it('keeps half-checked parents out so the tree does not check their other children', () => {
    expect(checkedKeysFor(tree, [1, 2, 3])).toEqual([3]);
  });
  it('checks a parent whose leaves are all saved', () => {
    expect(checkedKeysFor(tree, [1, 2, 3, 4])).toEqual([2, 3, 4]);
    expect(checkedKeysFor(tree, [1, 2, 3, 4, 5])).toEqual([1, 2, 3, 4, 5]);
  });
});
