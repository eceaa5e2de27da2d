import { Fleet, type TerminalConfig } from '@sl/simulator';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { demoHardware, demoTerminals, demoTerminalSecret, seedDemoTerminals } from '../seed/seed-demo-terminals.js';
import { storedMeters } from './demo-meter-repository.js';
import { DEMO_DEGRADING_SN, demoDegradation, seedDemoLamps } from '../seed/seed-demo-lamps.js';

/** Each random fault clears after one to five minutes. */
const FAULT_DURATION_S: [number, number] = [60, 300];

/**
 * Demo mode, before the scheduler starts: the demo terminals and their lamp records with the lamps' seeded history, so
 * the daily health job's first run at start scores them (the likely-to-fail page lists the degrading lamp at once).
 */
export async function seedDemo(db: Db, config: Config): Promise<void> {
  await seedDemoTerminals(db, { demoSecret: config.DEMO_DEVICE_SECRET, locale: config.SEED_LANGUAGE });
  await seedDemoLamps(db);
}

/**
 * Demo mode: runs the demo terminals (seeded by seedDemo), in process, against the gateway's broker (the embedded
 * one, or MQTT_URL's) so the console is alive at first start. After a restart each terminal's meters go on from its
 * latest stored reading.
 */
export async function startDemoFleet(db: Db, config: Config, brokerUrl: string): Promise<Fleet> {
  const meters = await storedMeters(db, demoTerminals().map((d) => d.sn));
  const configs: TerminalConfig[] = demoTerminals().map((d) => ({
    family: d.family,
    sn: d.sn,
    secret: demoTerminalSecret(config.DEMO_DEVICE_SECRET, d.family, d.sn),
    model: d.model,
    ...demoHardware(d),
    lat: d.lat,
    lng: d.lng,
    heartbeatS: 60,
    meter: meters.get(`${d.family}/${d.sn}`),
  }));
  const fleet = new Fleet(configs, { url: brokerUrl, faultRate: config.DEMO_FAULT_RATE, faultDurationS: FAULT_DURATION_S });
  // One demo lamp wears out, on the same curve as its seeded history (docs/assets.md).
  fleet.terminal(DEMO_DEGRADING_SN)?.degrade(demoDegradation(Date.now()));
  await fleet.start();
  return fleet;
}
