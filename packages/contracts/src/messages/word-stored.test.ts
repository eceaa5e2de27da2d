import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '../device/commands.js';
import { COMMAND_LABELS, commandLabel } from './command-labels.js';
import { DONE_MESSAGES } from './done.js';
import { doneKeyOf, wordAlarm, wordStored } from './word-stored.js';

describe('stored messages worded when read', () => {
  it('words a key with its parameters, a command named in them too', () => {
    expect(wordStored({ text: 'no device gateway', key: 'stored.noGateway' }, 'zh-CN')).toBe('没有可用的设备网关');
    expect(wordStored({ text: 'x', key: 'stored.sendFailed', params: { reason: 'busy' } }, 'en-US')).toBe('send failed: busy');
    expect(wordStored({ text: 'x', key: 'device.unknownCommand', params: { cmd: 'light.close' } }, 'zh-CN')).toContain('关灯');
  });

  it('reads text without a key as stored, except the server\'s own fixed outcomes', () => {
    expect(wordStored({ text: 'relay 3 stuck' }, 'zh-CN')).toBe('relay 3 stuck');
    expect(wordStored({ text: 'alarm updated', key: null }, 'zh-CN')).toBe('alarm updated');
    expect(wordStored({ text: 'could not publish to the broker' }, 'zh-CN')).toBe('无法发布到消息服务器');
    expect(wordStored({ text: 'kept', key: 'no.such.key' }, 'zh-CN')).toBe('kept');
  });

  it('describes an alarm from its kind, loop, phase and value', () => {
    expect(wordAlarm({ kind: 'voltageLow', phase: 'a', value: 180.7 }, 'zh-CN')).toBe('电压过低（A 相），数值 180.7');
    expect(wordAlarm({ kind: 'voltageLow', phase: 'a', value: 180.7 }, 'en-US')).toBe('Supply voltage too low (phase A) value 180.7');
    expect(wordAlarm({ kind: 'currentHigh', loop: 2, phase: 'B', value: 0 }, 'en-US')).toBe('Current too high (loop 2, phase B) value 0');
    expect(wordAlarm({ kind: 'communicationLost' }, 'zh-CN')).toBe('通信中断');
    expect(wordAlarm({ kind: 'fromANewerFirmware', value: 1 }, 'zh-CN')).toBe('fromANewerFirmware，数值 1');
  });

  it('finds the key of every success reply text, with its number', () => {
    for (const [key, text] of Object.entries(DONE_MESSAGES)) if (!text['en-US'].includes('{')) expect(doneKeyOf(text['en-US'])?.key).toBe(key);
    expect(doneKeyOf('12 user(s) imported')).toEqual({ key: 'done.usersImported', params: { count: 12 } });
    expect(doneKeyOf('success')).toBeUndefined();
  });

  it('names every protocol command in both languages', () => {
    expect(Object.keys(COMMAND_LABELS).sort()).toEqual([...COMMAND_NAMES].sort());
    for (const labels of Object.values(COMMAND_LABELS)) expect(labels['zh-CN']).toMatch(/[\u4e00-\u9fff]/);
    expect(commandLabel('heartbeat.request', 'zh-CN')).toBe('请求心跳');
    expect(commandLabel('plan', 'zh-CN')).toBe('plan');
  });
});
