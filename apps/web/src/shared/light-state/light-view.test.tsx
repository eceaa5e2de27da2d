import '../testing/jsdom-polyfills';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lightStatesOf } from '@sl/contracts';
import { i18n } from '../i18n';
import { formatTime } from '../time/format-time';
import { ControlModeText, LightView } from './light-view';

const lamp = { model: 2, loops: 0, ratedPowerW: null };

describe('a lamp\'s light in the console', () => {
  beforeEach(() => i18n.changeLanguage('en-US'));
  afterEach(cleanup);

  it('shows a dead lamp\'s closed relay beside its measured dark, and its reported failure', () => {
    const dead = lightStatesOf({ on: true, dim: 100, powerA: 0.002, extra: { lampFailure: true } }, lamp);
    render(<LightView light={dead} />);
    const view = screen.getByTestId('light-view');
    expect(view.dataset).toMatchObject({ feedback: 'on', actual: 'dark' });
    expect(view.textContent).toContain('Relay (feedback):on 100 %');
    expect(view.textContent).toContain('Measured light:dark');
    expect(view.textContent).toContain('the terminal reports its lamp failed');
  });

  it('says when a manual switch ends, in both languages', async () => {
    const until = Date.parse('2026-03-01T14:30:00Z');
    render(<ControlModeText mode="manual" manualUntil={until} />);
    expect(screen.getByTestId('control-mode').textContent).toBe(`Manual, back to automatic at ${formatTime(until)}`);
    cleanup();
    await i18n.changeLanguage('zh-CN');
    render(<ControlModeText mode="manual" manualUntil={null} />);
    expect(screen.getByTestId('control-mode').textContent).toBe('手动（需手动恢复自动）');
    cleanup();
    render(<ControlModeText mode="auto" manualUntil={null} />);
    expect(screen.getByTestId('control-mode').textContent).toBe('自动（程序）');
  });
});
