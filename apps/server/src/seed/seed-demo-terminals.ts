import { inArray } from 'drizzle-orm';
import { derivedTerminalSecret } from '@sl/simulator';
import { DEFAULT_LOCALE, RegisterState, TerminalModel, TerminalStatus, type DeviceFamily, type Locale } from '@sl/contracts';
import type { Db } from '../db/client.js';
import { departments, enterprises } from '../db/schema/index.js';
import { TerminalWriteRepository } from '../devices/terminal/terminal-write-repository.js';
import { DEMO_ENTERPRISES } from './seed-demo-enterprises.js';
import type { Bilingual } from './seed-texts.js';
import { hashTerminalSecret } from '../gateway/terminal-secret.js';

export const DEMO_TERMINAL_COUNT = 30;
/** Every department of the seeded tree, so each scope (centre, sections, team) has terminals of its own. */
const DEPTS = [1, 2, 3, 4, 5];
const CENTRE = { lng: 121.47, lat: 31.23 };

export interface DemoTerminal {
  sn: string;
  family: DeviceFamily;
  model: 1 | 2;
  deptId: number;
  lng: number;
  lat: number;
}

/** The device secret of a demo terminal, derived from DEMO_DEVICE_SECRET as the simulator's `--derive-secret` does. */
export const demoTerminalSecret = (demoSecret: string, family: DeviceFamily, sn: string): string => derivedTerminalSecret(demoSecret, family, sn);

/** The demo fleet: `DEMO-SM-001`… (rdcsm) and `DEMO-4M-002`… (rdc4m), every third one a cabinet, around People's Square, Shanghai. */
export function demoTerminals(count = DEMO_TERMINAL_COUNT): DemoTerminal[] {
  return Array.from({ length: count }, (_, i) => {
    const family: DeviceFamily = i % 2 ? 'rdc4m' : 'rdcsm';
    const angle = i * 2.39996; // golden angle: an even spread without a grid
    const radius = 0.004 * Math.sqrt(i + 1);
    return {
      sn: `DEMO-${family === 'rdcsm' ? 'SM' : '4M'}-${String(i + 1).padStart(3, '0')}`,
      family,
      model: i % 3 === 0 ? TerminalModel.centralised : TerminalModel.singleLamp,
      deptId: DEPTS[Math.floor((i * DEPTS.length) / count)],
      lng: Number((CENTRE.lng + radius * Math.cos(angle)).toFixed(6)),
      lat: Number((CENTRE.lat + radius * Math.sin(angle)).toFixed(6)),
    };
  });
}

/** The demo terminals' names and places, in the installation's language. */
const TEXTS: Bilingual<{ cabinet: (n: number) => string; lamp: (n: number) => string; area: (deptId: number) => string; address: (n: number) => string }> = {
  'zh-CN': { cabinet: (n) => `演示配电柜 ${n}`, lamp: (n) => `演示路灯 ${n}`, area: (d) => `演示区 ${d}`, address: (n) => `上海市黄浦区 演示路 ${n} 号` },
  'en-US': { cabinet: (n) => `Demo cabinet ${n}`, lamp: (n) => `Demo lamp ${n}`, area: (d) => `Demo area ${d}`, address: (n) => `${n} Demo Road, Huangpu, Shanghai` },
};

/** Cabinets are three-phase with four loops; lamps single-phase without loops. */
export const demoHardware = (d: DemoTerminal) =>
  d.model === TerminalModel.centralised ? { phases: 3, loops: 4 } : { phases: 1, loops: 0 };

/** Adds the demo terminals that are missing (in use, registered, shared out between the demo enterprises when present); existing ones, and those whose department is gone, are left alone. */
export async function seedDemoTerminals(db: Db, opts: { demoSecret: string; count?: number; locale?: Locale }): Promise<number> {
  const text = TEXTS[opts.locale ?? DEFAULT_LOCALE];
  const depts = new Set((await db.select({ id: departments.deptId }).from(departments).where(inArray(departments.deptId, DEPTS))).map((r) => r.id));
  const wanted = demoTerminals(opts.count).filter((d) => depts.has(d.deptId));
  if (wanted.length === 0) return 0;
  const owners = (await db.select({ id: enterprises.enterpriseId }).from(enterprises).where(inArray(enterprises.code, DEMO_ENTERPRISES.map((e) => e.code)))).map((r) => r.id);
  const rows = wanted.map((d, i) => ({
    ...d,
    enterpriseId: owners.length ? owners[i % owners.length] : null,
    name: d.model === TerminalModel.centralised ? text.cabinet(i + 1) : text.lamp(i + 1),
    manufacturer: 'HW',
    area: text.area(d.deptId),
    address: text.address(i + 1),
    status: TerminalStatus.inUse,
    registerState: RegisterState.registered,
    ...demoHardware(d),
    secretHash: hashTerminalSecret(demoTerminalSecret(opts.demoSecret, d.family, d.sn)),
  }));
  return new TerminalWriteRepository(db).insertMissing(rows);
}
