import { describe, expect, it } from 'vitest';
import { alarmMove, orderMove, type AlarmEvent, type OrderEvent } from './alarm-state-machine.js';

// Written out by hand from docs/alarms.md, status by status: `-` is refused.
// Columns: alarm statuses 1..7.
const ALARM_TABLE: Record<Exclude<AlarmEvent, 'raise'>, Array<number | '-'>> = {
  //              1    2    3    4    5    6    7
  dispatch:      [2,  '-', '-', '-', '-', '-',  2],
  pickUp:        ['-', 3, '-', '-', '-', '-', '-'],
  progress:      ['-', '-', 4,   4, '-', '-', '-'],
  complete:      ['-', '-', 5,   5, '-', '-', '-'],
  rollBack:      ['-', 7,   7,   7, '-', '-', '-'],
  recall:        ['-', 1,   1,   1, '-', '-', '-'],
  deviceCleared: [6,   2,   3,   4, '-', '-',  6],
  verificationCleared: [6, 2, 3,   4, '-', '-',  6],
};
// Columns: repair statuses 1, 2, 3, 4, 6.
const ORDER_STATUSES = [1, 2, 3, 4, 6];
const ORDER_TABLE: Record<OrderEvent, Array<number | '-'>> = {
  //         1    2    3    4    6
  pickUp:   [2,  '-', '-', '-', '-'],
  progress: ['-', 2,  '-', '-', '-'],
  complete: ['-', 3,  '-', '-', '-'],
  rollBack: [4,   4,  '-', '-', '-'],
  recall:   [6,   6,  '-', '-', '-'],
};

describe('alarm state machine', () => {
  for (const [event, row] of Object.entries(ALARM_TABLE) as Array<[Exclude<AlarmEvent, 'raise'>, Array<number | '-'>]>) {
    row.forEach((expected, i) => {
      const from = i + 1;
      it(`alarm ${from} --${event}--> ${expected === '-' ? 'refused' : expected}`, () => {
        expect(alarmMove(from, event)).toBe(expected === '-' ? undefined : expected);
      });
    });
  }
  for (const [event, row] of Object.entries(ORDER_TABLE) as Array<[OrderEvent, Array<number | '-'>]>) {
    row.forEach((expected, i) => {
      const from = ORDER_STATUSES[i];
      it(`order ${from} --${event}--> ${expected === '-' ? 'refused' : expected}`, () => {
        expect(orderMove(from, event)).toBe(expected === '-' ? undefined : expected);
      });
    });
  }
  it('refuses statuses that do not exist', () => {
    expect(alarmMove(0, 'dispatch')).toBeUndefined();
    expect(alarmMove(8, 'deviceCleared')).toBeUndefined();
    expect(orderMove(5, 'recall')).toBeUndefined();
  });
});
