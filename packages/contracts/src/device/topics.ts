import type { DeviceFamily } from '../enums.js';

export const UP_KINDS = ['hello', 'heartbeat', 'event', 'reply'] as const;
export type UpKind = (typeof UP_KINDS)[number];
export const DOWN_KINDS = ['ack', 'command'] as const;
export type DownKind = (typeof DOWN_KINDS)[number];

export const SN_PATTERN = /^[A-Za-z0-9_-]{4,32}$/;
export const MAX_PAYLOAD_BYTES = 16 * 1024;

export const upTopic = (family: DeviceFamily, sn: string, kind: UpKind) => `sl/${family}/${sn}/up/${kind}`;
export const downTopic = (family: DeviceFamily, sn: string, kind: DownKind) => `sl/${family}/${sn}/down/${kind}`;
/** MQTT client id and username of a terminal. */
export const deviceIdentity = (family: DeviceFamily, sn: string) => `${family}:${sn}`;

export interface ParsedTopic {
  family: DeviceFamily;
  sn: string;
  direction: 'up' | 'down';
  kind: string;
}

/** Splits `sl/{family}/{sn}/{up|down}/{kind}`; undefined for anything else. */
export function parseTopic(topic: string): ParsedTopic | undefined {
  const m = /^sl\/(rdcsm|rdc4m)\/([A-Za-z0-9_-]{4,32})\/(up|down)\/([a-z]+)$/.exec(topic);
  return m ? { family: m[1] as DeviceFamily, sn: m[2], direction: m[3] as 'up' | 'down', kind: m[4] } : undefined;
}
