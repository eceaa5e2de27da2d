import { connect } from 'node:net';

export const MOSQUITTO_URL = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

/** Whether the Mosquitto broker the scale-out tests use accepts connections. */
export async function mosquittoAvailable(): Promise<boolean> {
  const { hostname, port } = new URL(MOSQUITTO_URL);
  const up = await new Promise<boolean>((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 1883), timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
  if (!up) console.warn(`Mosquitto at ${MOSQUITTO_URL} is not reachable: the external-broker runs of these tests are skipped.`);
  return up;
}
