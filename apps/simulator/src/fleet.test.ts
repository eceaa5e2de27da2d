import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heartbeatMessage } from '@sl/contracts';
import { Fleet } from './fleet.js';
import { startBroker, type TestBroker } from './test-support/broker.js';
import { FakeGateway } from './test-support/fake-gateway.js';
import { until } from './test-support/wait.js';

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
      await until(() => fleet.stats().acked >= fleet.stats().sent, 'every message to be acked');
      const s = fleet.stats();
      expect(s).toMatchObject({ terminals: 200, connected: 200 });
      expect(s.acked).toBe(s.sent);
    } finally {
      await fleet.stop();
    }
  });

  it('full-speed mode sends heartbeats at the requested total rate', async () => {
    let now = 0;
    const fleet = new Fleet({ count: 20, prefix: 'RATE', secret: 'x', heartbeatS: 3600 }, { url: broker.url, rate: 200, rateClock: () => now });
    const beats = () => gw.received.filter((m) => m.kind === 'heartbeat' && m.sn.startsWith('RATE')).length;
    /** Lets `ms` pass on the pump's clock and counts the heartbeats that brings. */
    const beatsIn = async (ms: number, expected: number) => {
      const [sent, received] = [fleet.stats().sent, beats()];
      now += ms;
      await until(() => fleet.stats().sent >= sent + expected, `${expected} heartbeats`);
      await until(() => beats() >= received + expected, `${expected} heartbeats at the gateway`);
      return { sent: fleet.stats().sent - sent, received: beats() - received };
    };
    try {
      await fleet.start();
      await fleet.waitConnected(20, 10_000);
      // On connect each terminal says hello and sends one heartbeat; the pump adds nothing while its clock stands.
      await until(() => fleet.stats().sent === 40 && beats() === 20, 'the hello and first heartbeat of every terminal');
      expect(await beatsIn(1000, 200)).toEqual({ sent: 200, received: 200 });
      expect(await beatsIn(500, 100)).toEqual({ sent: 100, received: 100 });
      // A stall is not made up with a burst: at most one second of backlog.
      expect(await beatsIn(5000, 200)).toEqual({ sent: 200, received: 200 });
      const perTerminal = new Map<string, number>();
      for (const m of gw.received) if (m.kind === 'heartbeat' && m.sn.startsWith('RATE')) perTerminal.set(m.sn, (perTerminal.get(m.sn) ?? 0) + 1);
      expect([...perTerminal.values()]).toEqual(Array(20).fill(1 + 500 / 20)); // round-robin over all terminals
      expect(fleet.injectFault('RATE0001', 'silent')).toBe(true);
    } finally {
      await fleet.stop();
    }
  });
});
