import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heartbeatMessage } from '@sl/contracts';
import { Fleet } from './fleet.js';
import { startBroker, type TestBroker } from './test-support/broker.js';
import { FakeGateway } from './test-support/fake-gateway.js';

let broker: TestBroker;
const gw = new FakeGateway();

beforeAll(async () => {
  broker = await startBroker();
  await gw.connect(broker.url);
});
afterAll(async () => {
  await gw.close();
  await broker.close();
});

describe('Fleet', () => {
  it('connects 200 terminals and every one sends a heartbeat', async () => {
    const fleet = new Fleet({ count: 200, family: 'mixed', model: 'mixed', prefix: 'FLEET', secret: (sn) => `pw-${sn}` }, {
      url: broker.url, connectRate: 2000,
    });
    try {
      await fleet.start();
      await fleet.waitConnected(200, 20_000);
      const deadline = Date.now() + 10_000;
      const senders = () => new Set(gw.received.filter((m) => m.kind === 'heartbeat' && m.sn.startsWith('FLEET')).map((m) => m.sn));
      while (senders().size < 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(senders().size).toBe(200);
      const beats = gw.received.filter((m) => m.kind === 'heartbeat' && m.sn.startsWith('FLEET'));
      expect(beats.every((m) => heartbeatMessage.safeParse(m.body).success)).toBe(true);
      expect(new Set(beats.map((m) => m.body.model))).toEqual(new Set([1, 2]));
      expect(fleet.terminal('FLEET0007')?.config.secret).toBe('pw-FLEET0007');
      await new Promise((r) => setTimeout(r, 300));
      const s = fleet.stats();
      expect(s).toMatchObject({ terminals: 200, connected: 200 });
      expect(s.acked).toBe(s.sent);
    } finally {
      await fleet.stop();
    }
  });

  it('full-speed mode sends heartbeats at the requested total rate', async () => {
    const fleet = new Fleet({ count: 20, prefix: 'RATE', secret: 'x', heartbeatS: 3600 }, { url: broker.url, rate: 200 });
    try {
      await fleet.start();
      await fleet.waitConnected(20, 10_000);
      const before = fleet.stats().sent;
      await new Promise((r) => setTimeout(r, 1000));
      const sent = fleet.stats().sent - before;
      expect(sent).toBeGreaterThan(120);
      expect(sent).toBeLessThan(300);
      expect(fleet.injectFault('RATE0001', 'silent')).toBe(true);
    } finally {
      await fleet.stop();
    }
  });
});
