import { EventEmitter } from 'node:events';
import type { PushChannel, PushMessage } from '@sl/contracts';

/**
 * The users whose data scope includes a department; `members` adds the department's own users,
 * `permission` keeps only those who hold it.
 */
export interface DeptAudience {
  deptId: number | null;
  members?: boolean;
  permission?: string;
}

/** A resolved audience travels between instances, so it is plain data: no functions. */
export type BusAudience = 'everyone' | { userIds: number[] } | (DeptAudience & { deptPath: string | null });

export interface PushEnvelope {
  channel: PushChannel;
  message: PushMessage;
  audience: BusAudience;
}

/** Carries every push to every server instance; each instance delivers to its own sockets. */
export interface PushBus {
  publish(envelope: PushEnvelope): Promise<void>;
  /** Receives every instance's envelopes, this instance's included. */
  subscribe(listener: (envelope: PushEnvelope) => void): Promise<void>;
  close(): Promise<void>;
}

/** One instance: the envelope goes straight back to this instance's listeners. */
export class LocalPushBus implements PushBus {
  private readonly emitter = new EventEmitter();

  async publish(envelope: PushEnvelope) {
    this.emitter.emit('push', envelope);
  }

  async subscribe(listener: (envelope: PushEnvelope) => void) {
    this.emitter.on('push', listener);
  }

  async close() {
    this.emitter.removeAllListeners();
  }
}
