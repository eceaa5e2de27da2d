import '../../../shared/testing/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OperationsPlaceRow, OperationsReport } from '@sl/contracts';
import { i18n } from '../../../shared/i18n';
import { OperationsReportView } from './operations-report-view';

// Charts draw on a canvas jsdom has not; the figures under test are the totals and the tables.
vi.mock('../../../shared/chart/echart', () => ({ EChart: () => null }));

/** A range's report with figures no other range has, so what is on screen tells which range it came from. */
const report = (from: string, faults: number, lamp: string): OperationsReport => ({
  from, to: from, groupBy: 'department', rows: [], lampCount: 1, lightingRate: 0.5, onlineRate: 1, failureRate: faults * 10, faults,
  heatMap: [{ day: from, hour: 20, lit: 1, lamps: 2, rate: 0.5 }],
  repairByDept: [], repairByRepairer: [], openByAge: [{ bucket: '1-3d', count: 4 }],
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
    // The open alarms by age have a card of their own (the lamps card showed their chart under its title).
    fireEvent.click(within(screen.getByTestId('report-ages')).getByText('Table'));
    expect(within(screen.getByTestId('report-ages-table')).getByText('1–3 days').closest('tr')?.textContent).toContain('4');
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

const place = (key: string, label: string, lightingRate: number): OperationsPlaceRow => ({
  key, label, terminals: 2, lightingRate, onlineRate: 1, failureRate: 0, faults: 0, burnHours: 24, switches: 2, openAlarms: 1,
});
/** Each level's rows and a fault count no other level has, so what is on screen tells which level it came from. */
const LEVEL: Record<string, { rows: OperationsPlaceRow[]; faults: number }> = {
  department: { rows: [place('7', 'East district', 0.91)], faults: 11 },
  area: { rows: [place('North', 'North', 0.82), place('', '', 0.5)], faults: 22 },
  cabinet: { rows: [place('5', 'Cabinet 5', 0.73)], faults: 33 },
  terminal: { rows: [place('41', 'Lamp 41', 0.64)], faults: 44 },
};
const levelReport = (groupBy: string): OperationsReport => ({ ...report('2026-01-01', LEVEL[groupBy].faults, `Lamp of ${groupBy}`), groupBy, rows: LEVEL[groupBy].rows });

/** Issue 29: the operations figures drill department → area → cabinet → lamp, the breadcrumb goes back, the lamp links to its detail. */
describe('the operations report drilled by place', () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage('en-US'));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a department row opens its areas (asked with deptIds), never under the department\'s figures; the breadcrumb goes back; a lamp links to its detail', async () => {
    const asked: Asked[] = [];
    vi.stubGlobal('fetch', vi.fn((input: string) => {
      const url = new URL(input, 'http://console.test');
      return new Promise<Response>((resolve) => asked.push({ url, answer: (r) => resolve(new Response(JSON.stringify({ code: 200, msg: 'ok', data: r }))) }));
    }));
    render(<MemoryRouter><QueryClientProvider client={new QueryClient()}><App><OperationsReportView /></App></QueryClientProvider></MemoryRouter>);
    const places = () => screen.getByTestId('report-places');
    const answer = async (i: number) => {
      await waitFor(() => expect(asked.length).toBeGreaterThan(i));
      await act(async () => asked[i].answer(levelReport(asked[i].url.searchParams.get('groupBy')!)));
    };

    await answer(0);
    expect(asked[0].url.searchParams.get('groupBy')).toBe('department');
    fireEvent.click(within(places()).getByText('Table'));
    expect(await within(places()).findByText('East district')).toBeTruthy();
    expect(places().textContent).toContain('91.0 %');
    expect(screen.getByTestId('report-totals').textContent).toContain('110.00');

    // Into the department: its areas are asked; until they answer, no card shows the department's figures.
    fireEvent.click(within(places()).getByText('East district'));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1].url.searchParams.get('groupBy')).toBe('area');
    expect(asked[1].url.searchParams.get('deptIds')).toBe('7');
    await waitFor(() => expect(busy()).toEqual(['true', 'true', 'true']));
    expect(places().getAttribute('aria-busy')).toBe('true');
    expect(places().textContent).not.toContain('East district');
    expect(screen.getByTestId('report-totals').textContent).not.toContain('110.00');
    await answer(1);
    expect(await within(places()).findByText('North')).toBeTruthy();
    expect(within(places()).getByText('(no area)')).toBeTruthy();
    expect(screen.getByTestId('report-totals').textContent).toContain('220.00');
    expect(within(screen.getByTestId('report-drill-path')).getByText('East district')).toBeTruthy();

    // Area → cabinet → lamp: each level narrowed by the rows above it; the lamp's name opens its detail page.
    fireEvent.click(within(places()).getByText('North'));
    await answer(2);
    expect(asked[2].url.searchParams.get('groupBy')).toBe('cabinet');
    expect(asked[2].url.searchParams.get('areas')).toBe('North');
    fireEvent.click(await within(places()).findByText('Cabinet 5'));
    await answer(3);
    expect(asked[3].url.searchParams.get('groupBy')).toBe('terminal');
    expect(asked[3].url.searchParams.get('boxIds')).toBe('5');
    expect(asked[3].url.searchParams.get('deptIds')).toBe('7');
    const lamp = await within(places()).findByText('Lamp 41');
    expect(lamp.closest('a')?.getAttribute('href')).toBe('/terminal/detail/41');

    // The breadcrumb's first step: back to the departments, their own figures.
    fireEvent.click(within(screen.getByTestId('report-drill-path')).getByText('All'));
    expect(await within(places()).findByText('East district')).toBeTruthy();
    expect(screen.getByTestId('report-totals').textContent).toContain('110.00');
    expect(places().textContent).not.toContain('Lamp 41');
  });
});

/** The repair-time rows with no department or no assigned repairer (key 0) are named, in the session's language. */
describe('the repair-time cards', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each([
    ['en-US', 'No department', 'No repairer assigned'],
    ['zh-CN', '无部门', '未指派维修员'],
  ])('names the rows without a department or repairer in %s', async (language, noDept, unassigned) => {
    await act(() => i18n.changeLanguage(language));
    const row = (key: string, label: string, alarms: number) => ({ key, label, alarms, meanAckMinutes: 5, meanRepairMinutes: 60 });
    const data: OperationsReport = {
      ...report('2026-01-01', 1, 'Lamp'),
      repairByDept: [row('0', '', 3), row('7', 'East district', 2)],
      repairByRepairer: [row('0', '', 4), row('12', 'Li Wei', 1)],
    };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'ok', data }))));
    render(<MemoryRouter><QueryClientProvider client={new QueryClient()}><App><OperationsReportView /></App></QueryClientProvider></MemoryRouter>);

    const dept = await screen.findByTestId('report-repair-dept');
    await waitFor(() => expect(within(dept).getByText(noDept).closest('tr')?.textContent).toContain('3'));
    expect(within(dept).getByText('East district')).toBeTruthy();
    const repairer = screen.getByTestId('report-repair-repairer');
    expect(within(repairer).getByText(unassigned).closest('tr')?.textContent).toContain('4');
    expect(within(repairer).getByText('Li Wei')).toBeTruthy();
    expect(within(repairer).queryByText('0')).toBeNull();
    expect(within(dept).queryByText('0')).toBeNull();
  });
});
