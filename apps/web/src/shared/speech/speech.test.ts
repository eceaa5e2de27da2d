// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { alarmAnnouncement, alarmSpeechText, announce, useAlarmSpeech } from '.';
import { installFakeSpeech } from './fake-speech';

describe('speech broadcast', () => {
  beforeEach(() => i18n.changeLanguage('zh-CN'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('speaks with zh-CN, rate 1.5 and volume 1, cutting off what was queued', () => {
    const fake = installFakeSpeech();
    expect(announce('当前没有告警')).toBe(true);
    expect(fake.synth.cancel).toHaveBeenCalledTimes(1);
    expect(fake.spoken[0]).toMatchObject({ text: '当前没有告警', lang: 'zh-CN', rate: 1.5, volume: 1 });
  });

  it('only warns in the console without speech support', () => {
    vi.stubGlobal('speechSynthesis', undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(announce('x')).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('words the count in the UI language', async () => {
    expect(alarmSpeechText(3)).toBe('当前有 3 条告警待处理');
    expect(alarmSpeechText(0)).toBe('当前没有告警');
    await i18n.changeLanguage('en-US');
    expect(alarmSpeechText(3)).toBe('Alarms awaiting handling: 3');
    expect(alarmSpeechText(0)).toBe('There are no alarms at present');
    expect(alarmSpeechText(3, 'Lamp failure: 2, Leakage: 1')).toBe('Alarms awaiting handling: 3. Lamp failure: 2, Leakage: 1');
  });

  it('says which alarms are open, and a change of which alone announces nothing', () => {
    const which = '灯具故障 2 条，漏电 1 条';
    expect(alarmAnnouncement({ enabled: false, count: 0 }, { enabled: true, count: 3, which })).toBe(`当前有 3 条告警待处理：${which}`);
    expect(alarmAnnouncement({ enabled: true, count: 3, which }, { enabled: true, count: 3, which: '漏电 3 条' })).toBeNull();
  });

  it('announces on switching on, and on a change to a nonzero count while on', () => {
    expect(alarmAnnouncement({ enabled: false, count: 0 }, { enabled: true, count: 0 })).toBe('当前没有告警');
    expect(alarmAnnouncement({ enabled: false, count: 2 }, { enabled: true, count: 2 })).toBe('当前有 2 条告警待处理');
    expect(alarmAnnouncement({ enabled: true, count: 2 }, { enabled: true, count: 5 })).toBe('当前有 5 条告警待处理');
    expect(alarmAnnouncement({ enabled: true, count: 2 }, { enabled: true, count: 0 })).toBeNull();
    expect(alarmAnnouncement({ enabled: true, count: 2 }, { enabled: true, count: 2 })).toBeNull();
    expect(alarmAnnouncement({ enabled: false, count: 2 }, { enabled: false, count: 7 })).toBeNull();
  });

  it('useAlarmSpeech follows the toggle and the count, silent at mount and when off', () => {
    const fake = installFakeSpeech();
    const { rerender } = renderHook(({ on, n }) => useAlarmSpeech(on, n), { initialProps: { on: false, n: 0 } });
    act(() => rerender({ on: false, n: 4 }));
    act(() => rerender({ on: true, n: 0 }));
    act(() => rerender({ on: true, n: 6 }));
    act(() => rerender({ on: true, n: 6 }));
    expect(fake.texts()).toEqual(['当前没有告警', '当前有 6 条告警待处理']);
    fake.synth.cancel.mockClear();
    act(() => rerender({ on: false, n: 9 }));
    expect(fake.synth.cancel).toHaveBeenCalledTimes(1);
    expect(fake.texts()).toHaveLength(2);
  });
});
