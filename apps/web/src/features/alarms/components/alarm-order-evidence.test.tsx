import '../../../shared/testing/jsdom-polyfills';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo, WorkOrder } from '@sl/contracts';
import { i18n } from '../../../shared/i18n';
import { useSessionStore } from '../../../shared/stores/session-store';
import { formatTime } from '../../../shared/time/format-time';
import { AlarmDetailDrawer } from './alarm-detail-drawer';

const CLOSED_AT = '2026-05-01T09:30:00.000Z';
const PHOTOS = ['/uploads/workorder/8-a.png', '/uploads/workorder/8-b.png'];

const order = (o: Partial<WorkOrder>): WorkOrder => ({
  orderId: 8, deptId: 2, status: 3, assigneeId: 4, assigneeName: 'Wang', assigneePhone: '13800000004', priority: 2, dueAt: null,
  instruction: 'Replace the driver', progressNote: '', completionNote: 'Driver replaced', photos: PHOTOS, createdBy: 1, createdByName: 'admin',
  createdAt: '2026-05-01T08:00:00.000Z', closedAt: CLOSED_AT, kind: 'repair', alarms: [], lamps: [], ...o,
});

const alarm = {
  alarmId: 5, terminalId: 1, terminalName: 'Lamp 1', sn: 'SN1', deptId: 2, kind: 'lampFailure', severity: 2, status: 5, message: 'Lamp failure',
  value: null, loop: null, phase: null, raisedAt: '2026-05-01T07:00:00.000Z', clearedAt: null, read: true, lng: null, lat: null, address: '', reading: null,
};

function renderDrawer(orders: WorkOrder[]) {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const data = url.startsWith('/api/v1/alarm/info/') ? alarm : url === '/api/v1/dispatch/workorder/list' ? { list: orders, count: orders.length } : { list: [], count: 0 };
    return new Response(JSON.stringify({ code: 200, msg: 'ok', data }));
  }));
  render(<MemoryRouter><QueryClientProvider client={new QueryClient()}><App><AlarmDetailDrawer alarmId={5} onClose={() => undefined} /></App></QueryClientProvider></MemoryRouter>);
}

/** Issue 28 item 13: the dispatcher sees the repairer's photos and the completion time in the alarm's detail. */
describe("the alarm detail's work orders", () => {
  beforeEach(() => {
    useSessionStore.getState().setSession({ userId: 1, userName: 'admin', roles: ['admin'], permissions: ['*:*:*'] } as unknown as UserInfo, []);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it("show a completed order's note, completion time and photos, in both languages", async () => {
    await act(() => i18n.changeLanguage('en-US'));
    renderDrawer([order({})]);
    const row = await screen.findByTestId('alarm-order-8');
    expect(within(row).getByText('Driver replaced')).toBeTruthy();
    expect(within(row).getByTestId('order-completed-at-8').textContent).toBe(`Completed ${formatTime(CLOSED_AT)}`);
    const photos = [...within(row).getByTestId('order-photos-8').querySelectorAll('img')];
    expect(photos.map((p) => [p.getAttribute('src'), p.getAttribute('alt')])).toEqual([[PHOTOS[0], 'Order #8, photo 1'], [PHOTOS[1], 'Order #8, photo 2']]);
    cleanup();

    await act(() => i18n.changeLanguage('zh-CN'));
    renderDrawer([order({})]);
    const zh = await screen.findByTestId('alarm-order-8');
    expect(within(zh).getByTestId('order-completed-at-8').textContent).toBe(`完成时间 ${formatTime(CLOSED_AT)}`);
  });

  it('show neither for an order still open', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    renderDrawer([order({ status: 2, closedAt: null, completionNote: '', photos: [] })]);
    await screen.findByTestId('alarm-order-8');
    expect(screen.queryByTestId('order-completed-at-8')).toBeNull();
    expect(screen.queryByTestId('order-photos-8')).toBeNull();
  });
});
