import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choosePort, chooseServerPorts } from './port-choice.js';

describe('choosePort', () => {
  let taken: Server;
  let port: number;
  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    port = (taken.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => taken.close(resolve)));

  it('moves a default port that is taken to a free one, and keeps an explicit one', async () => {
    const chosen = await choosePort(port, { explicit: false });
    expect(chosen).not.toBe(port);
    expect(chosen === 0 || (chosen > port && chosen <= port + 10)).toBe(true);
    expect(await choosePort(port, { explicit: true })).toBe(port);
  });

  it('keeps a default port that is free', async () => {
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, resolve));
    const freePort = (free.address() as AddressInfo).port;
    await new Promise((resolve) => free.close(resolve));
    expect(await choosePort(freePort, { explicit: false })).toBe(freePort);
  });

  it('leaves MQTT_PORT alone with an external broker (MQTT_URL), so the start never calls it taken', async () => {
    const config = { PORT: 0, HOST: '127.0.0.1', MQTT_PORT: port };
    expect((await chooseServerPorts({ ...config, MQTT_URL: 'mqtt://broker.example:1883' }, {})).MQTT_PORT).toBe(port);
    expect((await chooseServerPorts(config, {})).MQTT_PORT).not.toBe(port);
  });
});
