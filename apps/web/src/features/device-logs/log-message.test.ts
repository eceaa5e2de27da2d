import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n';
import { registerLocales } from '../../shared/i18n/register-locales';
import { deviceLogsLocales } from './locales';
import { deviceLogMessage } from './log-message';

registerLocales(deviceLogsLocales);
const say = (kind: string, msg: string, detail: unknown) => deviceLogMessage(i18n.t, { kind: kind as never, msg, detail });

describe('device log messages in the console language', () => {
  afterAll(() => i18n.changeLanguage('zh-CN'));

  it('speaks Chinese for what the gateway writes, from the detail', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(say('status', 'online -> offline', { from: 1, to: 2 })).toBe('在线 → 离线');
    expect(say('unline', 'no message received', { missed: 3 })).toBe('连续 3 个心跳周期未收到消息');
    expect(say('unline', 'command not answered', { unanswered: true })).toBe('下发的指令未应答');
    expect(say('lock', 'locked', { locked: true, source: 'heartbeat' })).toBe('已锁定（终端上报）');
    expect(say('lock', 'unlocked', { locked: false, source: 'lock.set' })).toBe('已解锁（指令设置）');
    expect(say('leakage', 'leakage raised', { state: 'raised', value: 31.5, loop: 1, phase: 'A' })).toBe('漏电发生，数值 31.5');
    expect(say('heart', 'heartbeat requested by ops', { taskId: 1, mid: 'm', userId: 2, username: 'ops' })).toBe('ops 请求心跳');
    expect(say('gmt', 'clock.set succeeded', { cmd: 'clock.set', params: {}, code: 0, ok: true })).toBe('指令 clock.set 执行成功');
    expect(say('timing', 'plan.bind failed: busy', { cmd: 'plan.bind', params: {}, code: 5, ok: false, reason: 'busy' })).toBe('指令 plan.bind 执行失败：busy');
  });

  it('speaks English too, and reads rows written before the detail carried every fact', async () => {
    await i18n.changeLanguage('en-US');
    expect(say('status', 'offline -> online', { from: 2, to: 1 })).toBe('offline → online');
    expect(say('leakage', 'leakage cleared', { value: 0.4, loop: 1, phase: 'A' })).toBe('Leakage cleared, value 0.4');
    expect(say('heart', 'heartbeat requested by admin', { taskId: 1, mid: 'm', userId: 1 })).toBe('Heartbeat requested by admin');
    expect(say('init', 'init failed: 7', { cmd: 'init', params: {}, code: 7 })).toBe('Command init failed: 7');
    expect(say('heart', 'heartbeat.set succeeded', { cmd: 'heartbeat.set', params: { intervalS: 60 }, code: 0 })).toBe('Command heartbeat.set succeeded');
  });

  it('shows what it does not recognise as it was stored', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(say('status', 'imported by hand', null)).toBe('imported by hand');
    expect(say('timing', 'something else', { cmd: 'plan.bind' })).toBe('something else');
  });
});
