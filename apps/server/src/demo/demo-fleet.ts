import { Fleet, type TerminalConfig } from '@sl/simulator';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { demoHardware, demoTerminals, demoTerminalSecret, seedDemoTerminals } from '../seed/seed-demo-terminals.js';

/** A random fault now and then (about one a minute across the demo fleet), each clearing after one to five minutes. */
const DEMO_FAULTS = { faultRate: 0.0005, faultDurationS: [60, 300] as [number, number] };

/** Demo mode: registers the demo terminals and runs them, in process, against the gateway so the console is alive at first start. */
export async function startDemoFleet(db: Db, config: Config, gatewayAddress: string): Promise<Fleet> {
  await seedDemoTerminals(db, { demoSecret: config.DEMO_DEVICE_SECRET });
  const configs: TerminalConfig[] = demoTerminals().map((d) => ({
    family: d.family,
    sn: d.sn,
    secret: demoTerminalSecret(config.DEMO_DEVICE_SECRET, d.family, d.sn),
    model: d.model,
    ...demoHardware(d),
    lat: d.lat,
    lng: d.lng,
    heartbeatS: 60,
  }));
  const fleet = new Fleet(configs, { url: gatewayAddress.replace('//localhost:', '//127.0.0.1:'), ...DEMO_FAULTS });
  await fleet.start();
  return fleet;
}
