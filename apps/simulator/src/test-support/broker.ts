import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';

export interface TestBroker {
  url: string;
  close(): Promise<void>;
}

/** A real MQTT broker (aedes) in process on a free port, acting only as a broker. */
export async function startBroker(): Promise<TestBroker> {
  const aedes = await Aedes.createBroker();
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
