import '../../../shared/testing/jsdom-polyfills';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { EnergyTable } from './energy-table';

/** Issue 28 item 14: a report table with nothing in the chosen period says so and what to do. */
describe('an empty energy report table', () => {
  afterEach(cleanup);

  it('says there are no readings in the chosen period and to widen it, in both languages', async () => {
    for (const [lang, reason, hint] of [
      ['en-US', 'No readings in the chosen period and places', 'Choose a longer period or other places'],
      ['zh-CN', '所选时段和范围内没有读数', '选择更长的时段或其他范围'],
    ] as const) {
      await act(() => i18n.changeLanguage(lang));
      render(<MemoryRouter><EnergyTable rows={[]} columns={['kwh']} level="dept" testId="report-table" /></MemoryRouter>);
      expect(screen.getByTestId('empty-reason').textContent).toBe(reason);
      expect(screen.getByTestId('empty-hint').textContent).toBe(hint);
      cleanup();
    }
  });
});
