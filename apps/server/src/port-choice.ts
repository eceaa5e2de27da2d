import { createServer } from 'node:net';

const isFree = (port: number, host?: string) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });

/**
 * The preferred port; when it is taken and was not set explicitly (a default), the first free one
 * of the ten after it, else 0 (any free port). An explicit port is returned as is: taken, it fails
 * at listen with a message naming the variable.
 */
export async function choosePort(preferred: number, opts: { explicit: boolean; host?: string }): Promise<number> {
  if (opts.explicit || preferred === 0 || (await isFree(preferred, opts.host))) return preferred;
  for (let port = preferred + 1; port <= preferred + 10 && port <= 65535; port++) {
    if (await isFree(port, opts.host)) return port;
  }
  return 0;
}
