import '../../../shared/testing/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OperationsReport } from '@sl/contracts';
import { i18n } from '../../../shared/i18n';
import { OperationsReportView } from './operations-report-view';

// Charts draw on a canvas jsdom has not; the figures under test are the totals and the tables.
vi.mock('../../../shared/chart/echart', () => ({ EChart: () => null }));

/** A range's report with figures no other range has, so what is on screen tells which range it came from. */
const report = (from: string, faults: number, lamp: string): OperationsReport => ({
  from, to: from, groupBy: 'department', rows: [], lampCount: 1, lightingRate: 0.5, onlineRate: 1, failureRate: faults * 10, faults,
  heatMap: [{ day: from, hour: 20, lit: 1, lamps: 2, rate: 0.5 }],
  repairByDept: [], repairByRepairer: [], openByAge: [],
  lamps: [{ terminalId: faults, name: lamp, burnHours: 12, switches: 1, lightingRate: 0.5 }],
});

interface Asked { url: URL; answer: (r: OperationsReport) => void }

const cards = ['report-totals', 'report-heatmap', 'report-lamps'] as const;
const busy = () => cards.map((id) => screen.getByTestId(id).getAttribute('aria-busy'));

/** Issue 29: while another range loads, the operations page shows its cards as loading, never the previous range's figures. */
describe('the operations report while a new range loads', () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage('en-US'));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows totals, heat-map and lamps as loading until the new range\'s own answer, then its figures', async () => {
    const asked: Asked[] = [];
    vi.stubGlobal('fetch', vi.fn((input: string) => {
      const url = new URL(input, 'http://console.test');
      return new Promise<Response>((resolve) => asked.push({ url, answer: (r) => resolve(new Response(JSON.stringify({ code: 200, msg: 'ok', data: r }))) }));
    }));
    render(<MemoryRouter><QueryClientProvider client={new QueryClient()}><App><OperationsReportView /></App></QueryClientProvider></MemoryRouter>);

    await waitFor(() => expect(asked).toHaveLength(1));
    expect(busy()).toEqual(['true', 'true', 'true']);
    await act(async () => asked[0].answer(report(asked[0].url.searchParams.get('from')!, 7, 'Lamp of the first range')));
    await waitFor(() => expect(busy()).toEqual(['false', 'false', 'false']));
    expect(screen.getByTestId('report-totals').textContent).toContain('70.00');
    fireEvent.click(within(screen.getByTestId('report-lamps')).getByText('Table'));
    expect(screen.getByTestId('report-lamps').textContent).toContain('Lamp of the first range');

    // Another range: typed into the range picker's two fields.
    const [start, end] = Array.from(document.querySelectorAll<HTMLInputElement>('.ant-picker-range input'));
    fireEvent.mouseDown(start);
    fireEvent.change(start, { target: { value: '2026-01-01' } });
    fireEvent.keyDown(start, { key: 'Enter' });
    fireEvent.change(end, { target: { value: '2026-01-07' } });
    fireEvent.keyDown(end, { key: 'Enter' });
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1].url.searchParams.get('from')).toBe('2026-01-01');
    await waitFor(() => expect(busy()).toEqual(['true', 'true', 'true']));
    expect(screen.getByTestId('report-totals').textContent).not.toContain('70.00');
    expect(screen.getByTestId('report-lamps').textContent).not.toContain('Lamp of the first range');

    await act(async () => asked[1].answer(report('2026-01-01', 3, 'Lamp of the second range')));
    await waitFor(() => expect(busy()).toEqual(['false', 'false', 'false']));
    expect(screen.getByTestId('report-totals').textContent).toContain('30.00');
    expect(screen.getByTestId('report-lamps').textContent).toContain('Lamp of the second range');
  });
});
