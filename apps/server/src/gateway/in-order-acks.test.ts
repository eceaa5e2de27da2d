import { describe, expect, it } from 'vitest';
import { InOrderAcks } from './in-order-acks.js';

describe('InOrderAcks', () => {
  it('sends PUBACKs in the order the messages arrived, whatever order they are handled in', () => {
    const sent: number[] = [];
    const acks = new InOrderAcks((id) => sent.push(id));
    for (const id of [7, 3, 9, 1]) acks.received(id);
    acks.handled(9);
    acks.handled(3);
    expect(sent).toEqual([]);
    acks.handled(7);
    expect(sent).toEqual([7, 3, 9]);
    expect(acks.pending).toBe(1);
    acks.handled(1);
    expect(sent).toEqual([7, 3, 9, 1]);
    expect(acks.pending).toBe(0);
  });

  it('keeps its queue short over a long run', () => {
    const sent: number[] = [];
    const acks = new InOrderAcks((id) => sent.push(id));
    for (let i = 0; i < 10_000; i++) {
      acks.received(i % 65_535 + 1);
      acks.handled(i % 65_535 + 1);
    }
    expect(sent).toHaveLength(10_000);
    expect(acks.pending).toBe(0);
  });
});
