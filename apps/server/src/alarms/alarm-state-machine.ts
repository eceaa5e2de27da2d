import { AlarmStatus as A, RepairStatus as R } from '@sl/contracts';

/**
 * The alarm workflow in one place (docs/alarms.md draws it). Every alarm and work-order status
 * change in the server goes through `alarmMove` / `orderMove`; nothing else decides a status.
 */
export type AlarmEvent = 'raise' | 'dispatch' | 'pickUp' | 'progress' | 'complete' | 'rollBack' | 'recall' | 'deviceCleared' | 'verificationCleared';
export type OrderEvent = 'pickUp' | 'progress' | 'complete' | 'rollBack' | 'recall';

interface Move {
  from: readonly number[];
  /** `null` keeps the status (the change is still logged). */
  to: number | null;
}

/** Alarm status moves. Open statuses are 1-4 and 7; 5 and 6 are final. */
export const ALARM_MOVES: Record<Exclude<AlarmEvent, 'raise'>, Move> = {
  // A work order is created for it (again, after a roll-back).
  dispatch: { from: [A.alarm, A.rolledBack], to: A.dispatching },
  pickUp: { from: [A.dispatching], to: A.awaitingRepair },
  progress: { from: [A.awaitingRepair, A.repairing], to: A.repairing },
  complete: { from: [A.awaitingRepair, A.repairing], to: A.repairComplete },
  rollBack: { from: [A.dispatching, A.awaitingRepair, A.repairing], to: A.rolledBack },
  // The dispatcher takes the order back: the alarm waits for a new dispatch.
  recall: { from: [A.dispatching, A.awaitingRepair, A.repairing], to: A.alarm },
  // The terminal reports the condition cleared. Without an open order the alarm closes itself (6);
  // with one, the crew still goes and closes it (the status stays; the recovery is logged).
  deviceCleared: { from: [A.alarm, A.rolledBack], to: A.autoRepairComplete },
  // The control verification saw the lamp doing what it should (lit when it should be, dark when it should be):
  // the same moves as a device recovery, logged as the verification's.
  verificationCleared: { from: [A.alarm, A.rolledBack], to: A.autoRepairComplete },
};
export const OPEN_ALARM_STATUSES: readonly number[] = [A.alarm, A.dispatching, A.awaitingRepair, A.repairing, A.rolledBack];
export const WITH_ORDER_STATUSES: readonly number[] = [A.dispatching, A.awaitingRepair, A.repairing];

/** Work-order (repair status) moves and the alarm event each one applies to the order's alarms. */
export const ORDER_MOVES: Record<OrderEvent, Move & { alarm: AlarmEvent }> = {
  pickUp: { from: [R.awaitingPickup], to: R.pickedUp, alarm: 'pickUp' },
  progress: { from: [R.pickedUp], to: R.pickedUp, alarm: 'progress' },
  complete: { from: [R.pickedUp], to: R.complete, alarm: 'complete' },
  rollBack: { from: [R.awaitingPickup, R.pickedUp], to: R.rolledBack, alarm: 'rollBack' },
  recall: { from: [R.awaitingPickup, R.pickedUp], to: R.recalled, alarm: 'recall' },
};

/** The status an alarm moves to, or `undefined` when the event is refused in its status. */
export function alarmMove(from: number, event: Exclude<AlarmEvent, 'raise'>): number | undefined {
  if (isRecovery(event) && WITH_ORDER_STATUSES.includes(from)) return from;
  const move = ALARM_MOVES[event];
  return move.from.includes(from) ? (move.to ?? from) : undefined;
}

/** A recovery (the device's, or the verification's): the condition cleared, so the alarm gets `clearedAt`. */
export const isRecovery = (event: AlarmEvent): event is 'deviceCleared' | 'verificationCleared' => event === 'deviceCleared' || event === 'verificationCleared';

/** The status a work order moves to, or `undefined` when refused. */
export function orderMove(from: number, event: OrderEvent): number | undefined {
  const move = ORDER_MOVES[event];
  return move.from.includes(from) ? (move.to ?? from) : undefined;
}
