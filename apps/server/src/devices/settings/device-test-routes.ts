import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { commandBody, DEVICE_FAMILIES, type CommandName } from '@sl/contracts';
import { ok } from '../../http/reply.js';
import type { Services } from '../../services.js';

const tags = ['devices: device tests'];

const TESTS: Array<[path: string, cmd: CommandName, what: string]> = [
  ['light/open', 'light.open', 'switch the lights on {loops?}'],
  ['light/close', 'light.close', 'switch the lights off {loops?}'],
  ['dimmer', 'light.dim', 'dim the lights {level 0-100}'],
  ['plan/clear', 'plan.clear', 'clear the downloaded program'],
  ['clock/query', 'clock.query', 'read the terminal clock'],
  ['local/add', 'localControl.add', 'add a local control step {id, step}'],
  ['local/list', 'localControl.list', 'list the local control steps (in the reply data)'],
  ['local/update', 'localControl.update', 'replace a local control step {id, step}'],
  ['local/delete', 'localControl.delete', 'delete a local control step {id}'],
  ['local/status', 'localControl.status', 'enable or disable a local control step {id, enabled}'],
  ['plan/bind', 'plan.bind', 'download a program {planId, program}'],
  ['param/set', 'param.set', 'set terminal parameters {params: {name: value}}'],
  ['param/query', 'param.query', 'read terminal parameters {names?} (in the reply data)'],
];

/** Device tests of both families: each sends one command and answers its task. */
export function deviceTestRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { commands } = services.deviceCommands;
  for (const family of DEVICE_FAMILIES) {
    for (const [path, cmd, what] of TESTS) {
      const summary = `Test an ${family} terminal with ${cmd}: ${what}`;
      api.post(`/api/v1/${family}/test/${path}`, { config: { permission: 'terminal:terminal:control' }, schema: { tags, summary, body: commandBody(cmd) } }, async (request) => {
        const { terminalId, ...rest } = request.body as { terminalId: number; params?: Record<string, unknown> };
        const params = cmd === 'param.set' ? rest.params! : rest;
        return ok(request, await commands.send(await request.principal(), terminalId, cmd, params, family), 'command sent');
      });
    }
  }
}
