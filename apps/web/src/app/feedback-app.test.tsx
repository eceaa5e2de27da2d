import '../shared/testing/jsdom-polyfills';
import { act, cleanup, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../shared/request';
import { FeedbackApp } from './feedback-app';

/** Spec §9: ordinary messages last 15 s; the request client's errors (400, 403, transport) 5 s. */
describe('FeedbackApp message durations', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const advance = (ms: number) => act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

  it('keeps a success message 15 s and an explicit 5 s error 5 s', async () => {
    render(<FeedbackApp><div /></FeedbackApp>);
    await act(async () => {
      void feedback.message().success('saved');
      void feedback.message().error({ content: 'refused', duration: 5 });
    });
    await advance(6_000);
    expect(screen.queryByText('saved')).not.toBeNull();
    expect(screen.queryByText('refused')).toBeNull();
    await advance(10_000);
    expect(screen.queryByText('saved')).toBeNull();
  });
});

/** WCAG 2.3.3: the shell's transitions follow the system's reduced-motion setting, live. */
describe('FeedbackApp motion', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("turns antd's motion off while the system asks for reduced motion, and on again when it stops", () => {
    let reduce = true;
    const listeners = new Set<() => void>();
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      get matches() {
        return query === '(prefers-reduced-motion: reduce)' && reduce;
      },
      media: query, onchange: null, addListener: () => {}, removeListener: () => {}, dispatchEvent: () => false,
      addEventListener: (_: string, listener: () => void) => void listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => void listeners.delete(listener),
    }) as unknown as MediaQueryList);
    function Motion() {
      return <span data-testid="motion">{String(theme.useToken().token.motion)}</span>;
    }
    render(<FeedbackApp><Motion /></FeedbackApp>);
    expect(screen.getByTestId('motion').textContent).toBe('false');
    act(() => {
      reduce = false;
      listeners.forEach((l) => l());
    });
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });
});
