import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';

export interface TestBroker {
  url: string;
  close(): Promise<void>;
}

/** A real MQTT broker (aedes) in process on a free port, acting only as a broker; with `passwords`, it checks each username's password. */
export async function startBroker(opts: { passwords?: Record<string, string> } = {}): Promise<TestBroker> {
  const aedes = await Aedes.createBroker();
  const { passwords } = opts;
  if (passwords) {
    aedes.authenticate = (_client, username, password, done) => {
      const ok = !!username && Object.hasOwn(passwords, username) && password?.toString() === passwords[username];
      done(ok ? null : Object.assign(new Error('not authorized'), { returnCode: 5 as const }), ok);
    };
  }
  const server: Server = createServer(aedes.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        aedes.close(() => server.close(() => resolve()));
      }),
  };
}
