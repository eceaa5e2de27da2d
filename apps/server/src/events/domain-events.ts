import { EventEmitter } from 'node:events';
import type { AlarmNotice } from '../alarms/alarm-workflow.js';
import type { PresenceNotice, ReadingNotice, TaskNotice } from '../gateway/ports.js';

/** Terminal rows changed (added, edited, moved, status, secret, removed); `terminalIds` absent: any of them. */
export interface TerminalChange {
  terminalIds?: number[];
  kind: 'added' | 'edited' | 'removed';
}

/** Terminals changed since a copy's last read, by any instance or connection (the change notes): these, or 'all'. */
export type TerminalsChanged = number[] | 'all';

/** A citizen's fault report was stored (what the public may know of it: no phone, no address, no photo). */
export interface CitizenReportNotice {
  reportId: number;
  alarmId: number | null;
  terminalId: number;
  deptId: number | null;
  problem: string;
  at: Date;
}

/**
 * Every event one domain raises for others, by name. Subscriptions live in reactions.ts (one place); a
 * domain raises an event and never knows who listens.
 */
export interface DomainEvents {
  /** A heartbeat was stored: whether the lamp (or a cabinet loop) is lit. Raised by the gateway. */
  'reading.stored': ReadingNotice;
  /** A terminal's online state changed (OnlineState). Raised by the gateway's presence. */
  'terminal.presence': PresenceNotice;
  /** An alarm was raised, moved, cleared or announced again. Raised by the one AlarmWorkflow. */
  'alarm.changed': AlarmNotice;
  /** A command's task settled (reply, failed publish, time-out). Raised by the gateway's command service. */
  'task.settled': TaskNotice;
  /** Terminal rows changed through the console. Raised by the devices domain. */
  'terminal.changed': TerminalChange;
  /** A citizen reported a fault of a pole. Raised by the citizen domain. */
  'citizen.reported': CitizenReportNotice;
}

export type DomainEventName = keyof DomainEvents;
export type DomainListener<K extends DomainEventName> = (event: DomainEvents[K]) => void;

interface ListenerLog {
  error(obj: object, msg: string): void;
}

/** A small typed bus: a failing listener is logged and never reaches the raiser or the other listeners. */
export class DomainEventBus {
  private readonly emitter = new EventEmitter();

  constructor(private readonly log: ListenerLog = { error: () => undefined }) {
    this.emitter.setMaxListeners(0);
  }

  emit<K extends DomainEventName>(name: K, event: DomainEvents[K]): void {
    for (const listener of this.emitter.listeners(name) as Array<DomainListener<K>>) {
      try {
        listener(event);
      } catch (err) {
        this.log.error({ err, event: name }, 'a domain event listener failed');
      }
    }
  }

  /** Subscribes; returns the unsubscribe function. */
  on<K extends DomainEventName>(name: K, listener: DomainListener<K>): () => void {
    this.emitter.on(name, listener);
    return () => this.off(name, listener);
  }

  off<K extends DomainEventName>(name: K, listener: DomainListener<K>): void {
    this.emitter.off(name, listener);
  }

  listenerCount(name: DomainEventName): number {
    return this.emitter.listenerCount(name);
  }
}
