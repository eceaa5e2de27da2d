import type { AlarmPushItem } from '@sl/contracts';
import type { AlarmNotice } from './alarm-workflow.js';

/** One alarm change waiting in a window, with what the shaper needs to show it only to who may see it. */
export interface HeldAlarm {
  item: AlarmPushItem;
  deptId: number | null;
}

export interface CoalescerOutput {
  /** A quiet moment: this change goes out at once, to its department's audience. */
  single(notice: AlarmNotice): void;
  /** The changes held during a window, at most once per window. */
  batch(held: HeldAlarm[]): void;
}

/**
 * Alarm storms: the first change after a quiet second goes out at once; changes during the next
 * second are held and sent together when it ends, so a browser gets at most one alarm push a second.
 */
export class AlarmPushCoalescer {
  private held: HeldAlarm[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly out: CoalescerOutput,
    private readonly toItem: (n: AlarmNotice) => AlarmPushItem,
    private readonly windowMs = 1000,
  ) {}

  add(notice: AlarmNotice): void {
    if (this.timer === null) {
      this.out.single(notice);
      this.open();
    } else {
      this.held.push({ item: this.toItem(notice), deptId: notice.deptId });
    }
  }

  private open() {
    this.timer = setTimeout(() => this.flush(), this.windowMs);
    this.timer.unref?.();
  }

  private flush() {
    this.timer = null;
    if (!this.held.length) return; // quiet again: the next change goes out at once
    const held = this.held;
    this.held = [];
    this.out.batch(held);
    this.open();
  }

  close() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.held = [];
  }
}
