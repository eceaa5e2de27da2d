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

/**
 * The console's port and the embedded broker's, chosen as above. With MQTT_URL no broker is embedded:
 * MQTT_PORT is left as configured, so the start-up lines never report it as moved.
 */
export async function chooseServerPorts(
  config: { PORT: number; HOST: string; MQTT_PORT: number; MQTT_URL?: string },
  env: Record<string, string | undefined>,
): Promise<{ PORT: number; MQTT_PORT: number }> {
  return {
    PORT: await choosePort(config.PORT, { explicit: env.PORT !== undefined, host: config.HOST }),
    MQTT_PORT: config.MQTT_URL ? config.MQTT_PORT : await choosePort(config.MQTT_PORT, { explicit: env.MQTT_PORT !== undefined, host: config.HOST }),
  };
}
