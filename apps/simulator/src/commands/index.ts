import { COMMAND_PARAMS, REPLY_CODES, type CommandName } from '@sl/contracts';
import { lightingHandlers } from './lighting.js';
import { programHandlers } from './program.js';
import { settingsHandlers } from './settings.js';
import { CommandError, type CommandTarget, type Handler, type Handlers } from './target.js';

const HANDLERS: Handlers<CommandName> = { ...lightingHandlers, ...settingsHandlers, ...programHandlers };

export interface Outcome {
  ok: boolean;
  code: number;
  msg: string;
  data: Record<string, unknown>;
}

const fail = (code: number, msg: string): Outcome => ({ ok: false, code, msg: msg.slice(0, 255), data: {} });

/** Validates and executes one command of protocol §5; never throws. */
export function runCommand(t: CommandTarget, cmd: string, params: unknown): Outcome {
  if (!Object.hasOwn(COMMAND_PARAMS, cmd)) return fail(REPLY_CODES.unknownCommand, `unknown command ${cmd}`);
  const name = cmd as CommandName;
  const parsed = COMMAND_PARAMS[name].safeParse(params ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(REPLY_CODES.badParams, `${issue.path.join('.') || 'params'}: ${issue.message}`);
  }
  try {
    const data = (HANDLERS[name] as Handler<CommandName>)(t, parsed.data as never) ?? {};
    return { ok: true, code: REPLY_CODES.ok, msg: '', data };
  } catch (err) {
    if (err instanceof CommandError) return fail(err.code, err.message);
    return fail(REPLY_CODES.hardwareFault, err instanceof Error ? err.message : String(err));
  }
}
