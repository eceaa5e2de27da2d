import '../../../shared/testing/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EnergyReport, EnergyReportRow } from '@sl/contracts';
import { i18n } from '../../../shared/i18n';
import { EnergyReportView } from './energy-report-view';

// Charts draw on a canvas jsdom has not; the figures under test are the totals and the table.
vi.mock('../../../shared/chart/echart', () => ({ EChart: () => null }));

const row = (key: string, label: string, kwh: number): EnergyReportRow => ({
  key, label, terminals: 1, kwh, baselineKwh: kwh * 2, savingKwh: kwh, dimmingSavingKwh: 0, shorterBurningSavingKwh: kwh, cost: kwh / 10, currency: 'CNY',
  co2Kg: kwh / 2, burnHours: 12, nightHours: 14, lightingRate: 1, onlineRate: 1,
});
const report = (groupBy: string, rows: EnergyReportRow[], totalKwh: number): EnergyReport => ({
  from: '2026-01-01', to: '2026-01-30', groupBy, co2PerKwh: 0.5, rows, total: row('total', '', totalKwh),
});

/** Each level's rows and a total no other level has, so a figure on screen tells which level it came from. */
const LEVELS: Record<string, EnergyReport> = {
  department: report('department', [row('7', 'East district', 111.1)], 111.1),
  area: report('area', [row('North', 'North', 200), row('', '', 22.2)], 222.2),
  cabinet: report('cabinet', [row('0', '', 33.3)], 33.3),
};

interface Asked { url: URL; answer: (r: EnergyReport) => void }

/** A server whose place reports answer when the test says (`asked`), and whose trends answer at once. */
function server() {
  const asked: Asked[] = [];
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://console.test');
    const groupBy = url.searchParams.get('groupBy')!;
    const envelope = (data: EnergyReport) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }));
    if (!(groupBy in LEVELS)) return envelope(report(groupBy, [], 0));
    return new Promise<Response>((resolve) => asked.push({ url, answer: (r) => resolve(envelope(r)) }));
  });
  return { fetchMock, asked };
}

const totals = () => screen.getByTestId('report-totals');
const placesTable = () => within(screen.getByTestId('report-places')).getByTestId('report-places-table');

/** Issue 29: the totals above the drill-down are the shown level's, and the "(no area)" row drills into the lamps in no area. */
describe('the energy report while drilling down', () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage('en-US'));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows no totals while the next level loads, then that level\'s own; "(no area)" asks for noArea=true, not every area', async () => {
    const { fetchMock, asked } = server();
    vi.stubGlobal('fetch', fetchMock);
    render(<MemoryRouter><QueryClientProvider client={new QueryClient()}><App><EnergyReportView mode="energy" /></App></QueryClientProvider></MemoryRouter>);

    // Before the first level answers there is no total to show.
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(totals().getAttribute('aria-busy')).toBe('true');
    await act(async () => asked[0].answer(LEVELS.department));
    await waitFor(() => expect(totals().textContent).toContain('111.1'));
    expect(totals().getAttribute('aria-busy')).toBe('false');

    // Drill into the department: while its areas load, the department's totals are not shown as theirs.
    fireEvent.click(within(screen.getByTestId('report-places')).getByText('Table'));
    fireEvent.click(within(placesTable()).getByText('East district'));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1].url.searchParams.get('groupBy')).toBe('area');
    expect(asked[1].url.searchParams.get('deptIds')).toBe('7');
    await waitFor(() => expect(totals().getAttribute('aria-busy')).toBe('true'));
    expect(totals().textContent).not.toContain('111.1');
    await act(async () => asked[1].answer(LEVELS.area));
    await waitFor(() => expect(totals().textContent).toContain('222.2'));

    // Drill into "(no area)": the cabinets of the lamps in no area of that department, asked with noArea, no areas.
    fireEvent.click(await within(placesTable()).findByText('(no area)'));
    await waitFor(() => expect(asked).toHaveLength(3));
    const params = asked[2].url.searchParams;
    expect(params.get('groupBy')).toBe('cabinet');
    expect(params.get('noArea')).toBe('true');
    expect(params.has('areas')).toBe(false);
    expect(params.get('deptIds')).toBe('7');
    await waitFor(() => expect(totals().getAttribute('aria-busy')).toBe('true'));
    expect(totals().textContent).not.toContain('222.2');
    await act(async () => asked[2].answer(LEVELS.cabinet));
    await waitFor(() => expect(totals().textContent).toContain('33.3'));
    // The trend of the same lamps is narrowed the same way.
    const trends = fetchMock.mock.calls.map(([u]) => new URL(u, 'http://console.test').searchParams).filter((p) => p.get('groupBy') === 'day');
    expect(trends.at(-1)?.get('noArea')).toBe('true');
  });

  it('shows the trend as loading while the drilled level\'s trend loads, and asks the area "A,B" as one name (A\\,B)', async () => {
    const asked: Asked[] = [];
    const AREAS = report('area', [row('A,B', 'A,B', 44.4)], 44.4);
    vi.stubGlobal('fetch', vi.fn((input: string) => {
      const url = new URL(input, 'http://console.test');
      return new Promise<Response>((resolve) => asked.push({ url, answer: (r) => resolve(new Response(JSON.stringify({ code: 200, msg: 'ok', data: r }))) }));
    }));
    const pending = (groupBy: string) => asked.filter((a) => a.url.searchParams.get('groupBy') === groupBy);
    const trendCard = () => screen.getByTestId('report-trend');
    render(<MemoryRouter><QueryClientProvider client={new QueryClient()}><App><EnergyReportView mode="energy" /></App></QueryClientProvider></MemoryRouter>);
    await waitFor(() => expect(pending('day')).toHaveLength(1));
    await act(async () => {
      pending('department')[0].answer(LEVELS.department);
      pending('day')[0].answer(report('day', [row('2026-01-01', '2026-01-01', 555.5)], 555.5));
    });
    fireEvent.click(within(trendCard()).getByText('Table'));
    await waitFor(() => expect(trendCard().textContent).toContain('555.5'));

    // Drill into the department: its trend is asked anew; until it answers, the whole scope's trend is not shown as the department's.
    fireEvent.click(within(screen.getByTestId('report-places')).getByText('Table'));
    fireEvent.click(within(placesTable()).getByText('East district'));
    await waitFor(() => expect(pending('day')).toHaveLength(2));
    expect(pending('day')[1].url.searchParams.get('deptIds')).toBe('7');
    await waitFor(() => expect(trendCard().getAttribute('aria-busy')).toBe('true'));
    expect(trendCard().textContent).not.toContain('555.5');
    await act(async () => {
      pending('day')[1].answer(report('day', [row('2026-01-01', '2026-01-01', 66.6)], 66.6));
      pending('area')[0].answer(AREAS);
    });
    await waitFor(() => expect(trendCard().textContent).toContain('66.6'));
    expect(trendCard().getAttribute('aria-busy')).toBe('false');

    // The area "A,B": one name, its comma escaped, not the areas "A" and "B".
    fireEvent.click(await within(placesTable()).findByText('A,B'));
    await waitFor(() => expect(pending('cabinet')).toHaveLength(1));
    expect(pending('cabinet')[0].url.searchParams.get('areas')).toBe('A\\,B');
  });
});
