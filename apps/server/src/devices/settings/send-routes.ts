import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { commandBody, DEFAULT_ALARM_THRESHOLDS, DEVICE_FAMILIES, terminalBody, terminalIdParam, type CommandName, type DeviceFamily } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';

const tags = ['devices: remote settings'];
const permission = { permission: 'terminal:set:send' };

/** `/send/set/{path}`: the setting commands whose parameters come from the body. */
const SETTINGS: Array<[path: string, cmd: CommandName, what: string]> = [
  ['init', 'init', 'reset the terminal to factory defaults (credentials are kept)'],
  ['manauto', 'manauto.set', 'switch the terminal to manual or automatic control {mode}'],
  ['manauto/recover', 'manauto.recover', 'return the terminal to automatic control and its program'],
  ['over/current', 'overCurrent.set', 'set the over-current threshold {thresholdA, loop?}'],
  ['alarm', 'alarm.set', 'set the alarm thresholds {voltageHigh?, voltageLow?, currentHigh?, currentLow?}'],
  ['relay', 'relay.set', 'switch one loop relay {loop, on}'],
  ['heart/info', 'heartbeat.set', 'set the heartbeat interval {intervalS}'],
  ['leakage', 'leakage.set', 'set the leakage threshold {thresholdMa}'],
  ['lock', 'lock.set', 'lock or unlock the cabinet door {locked}'],
];

/** `/send/set/...` answers for any family; `/rdcsm/send/set/...` and `/rdc4m/send/set/...` also check the terminal's family. */
const PREFIXES: Array<[prefix: string, family: DeviceFamily | undefined]> = [['', undefined], ...DEVICE_FAMILIES.map((f) => [`/${f}`, f] as [string, DeviceFamily])];

export function sendRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { commands } = services.deviceCommands;

  for (const [prefix, family] of PREFIXES) {
    const base = `/api/v1${prefix}/send/set`;
    const label = family ? ` (${family} terminals)` : '';
    for (const [path, cmd, what] of SETTINGS) {
      api.post(`${base}/${path}`, { config: permission, schema: { tags, summary: `Send ${cmd}: ${what}${label}`, body: commandBody(cmd) } }, async (request) => {
        const { terminalId, ...params } = request.body as { terminalId: number };
        return ok(request, await commands.send(await request.principal(), terminalId, cmd, params, family), 'command sent');
      });
    }
    api.post(`${base}/gmt`, { config: permission, schema: { tags, summary: `Send clock.set: set the terminal clock to the server time${label}`, body: terminalBody } }, async (request) =>
      ok(request, await commands.send(await request.principal(), request.body.terminalId, 'clock.set', { time: Date.now() }, family), 'command sent'),
    );
    api.post(`${base}/time/:terminalId`, { config: permission, schema: { tags, summary: `Send clock.query: read the terminal clock${label}`, params: terminalIdParam } }, async (request) =>
      ok(request, await commands.send(await request.principal(), request.params.terminalId, 'clock.query', {}, family), 'command sent'),
    );
  }
  api.post('/api/v1/set/alarm/rdc4m/reset', { config: permission, schema: { tags, summary: 'Send alarm.set with the default thresholds to an rdc4m terminal', body: terminalBody } }, async (request) =>
    ok(request, await commands.send(await request.principal(), request.body.terminalId, 'alarm.set', { ...DEFAULT_ALARM_THRESHOLDS }, 'rdc4m'), 'command sent'),
  );
}
