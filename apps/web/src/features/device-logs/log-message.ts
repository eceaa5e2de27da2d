import type { TFunction } from 'i18next';
import type { DeviceLog } from '@sl/contracts';

type Detail = Record<string, unknown>;

/** The gateway's English text of the same facts, for rows written before their detail carried them. */
const STORED = {
  commandOk: /^\S+ succeeded$/,
  commandFailed: /^\S+ failed: (.*)$/,
  leakage: /^leakage (raised|cleared)$/,
  heartRequested: /^heartbeat requested by (.+)$/,
};

function commandMessage(t: TFunction, msg: string, d: Detail): string {
  const failure = d.ok === false ? String(d.reason ?? d.code ?? '') : STORED.commandFailed.exec(msg)?.[1];
  if (failure !== undefined) return t('deviceLog.text.commandFailed', { cmd: d.cmd, reason: failure });
  return d.ok === true || STORED.commandOk.test(msg) ? t('deviceLog.text.commandOk', { cmd: d.cmd }) : msg;
}

/**
 * A device log's message in the console's language. The gateway stores the facts in `detail` (and an English
 * `msg` for exports and older tools); what it does not recognise is shown as stored.
 */
export function deviceLogMessage(t: TFunction, log: Pick<DeviceLog, 'kind' | 'msg' | 'detail'>): string {
  const d = (log.detail && typeof log.detail === 'object' ? log.detail : {}) as Detail;
  switch (log.kind) {
    case 'status':
      return typeof d.from === 'number' && typeof d.to === 'number'
        ? t('deviceLog.text.status', { from: t(`deviceLog.online.${d.from}`), to: t(`deviceLog.online.${d.to}`) })
        : log.msg;
    case 'unline':
      if (d.unanswered === true) return t('deviceLog.text.unanswered');
      return typeof d.missed === 'number' ? t('deviceLog.text.silent', { count: d.missed }) : log.msg;
    case 'lock':
      if (typeof d.locked !== 'boolean') return log.msg;
      return t(`deviceLog.text.${d.locked ? 'locked' : 'unlocked'}`) + (d.source === 'heartbeat' ? t('deviceLog.text.byTerminal') : d.source ? t('deviceLog.text.byCommand') : '');
    case 'leakage': {
      const state = d.state ?? STORED.leakage.exec(log.msg)?.[1];
      return state === 'raised' || state === 'cleared' ? t(`deviceLog.text.leakage.${state}`, { value: d.value ?? '-' }) : log.msg;
    }
    default: {
      const requestedBy = d.username ?? STORED.heartRequested.exec(log.msg)?.[1];
      if (log.kind === 'heart' && requestedBy !== undefined && !d.cmd) return t('deviceLog.text.heartRequested', { user: requestedBy });
      if (log.kind === 'timing' && typeof d.sent === 'string') return t('deviceLog.text.programLost', { reported: d.reported ?? '-', sent: d.sent });
      return typeof d.cmd === 'string' ? commandMessage(t, log.msg, d) : log.msg;
    }
  }
}
