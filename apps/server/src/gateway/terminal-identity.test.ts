import { describe, expect, it } from 'vitest';
import { parseIdentity, topicMatches } from './terminal-identity.js';

describe('terminal identity and topics', () => {
  it('matches topics against MQTT filters', () => {
    const topic = 'sl/rdcsm/T1/down/ack';
    expect(topicMatches('sl/rdcsm/T1/down/#', topic)).toBe(true);
    expect(topicMatches('sl/rdcsm/T1/down/ack', topic)).toBe(true);
    expect(topicMatches('sl/+/T1/down/+', topic)).toBe(true);
    expect(topicMatches('sl/rdcsm/T1/down/command', topic)).toBe(false);
    expect(topicMatches('sl/rdcsm/T1/down', topic)).toBe(false);
    expect(topicMatches('sl/rdcsm/T1/down/ack/x', topic)).toBe(false);
    expect(topicMatches('sl/rdcsm/T2/#', topic)).toBe(false);
  });

  it('reads family:sn usernames only', () => {
    expect(parseIdentity('rdcsm:T0001')).toEqual({ family: 'rdcsm', sn: 'T0001' });
    expect(parseIdentity('rdcsm:T1')).toBeUndefined();
    expect(parseIdentity('other:T0001')).toBeUndefined();
    expect(parseIdentity('rdcsm:T0001:x')).toBeUndefined();
  });
});
