import '../shared/testing/jsdom-polyfills';
import { act, cleanup, render, screen } from '@testing-library/react';
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
