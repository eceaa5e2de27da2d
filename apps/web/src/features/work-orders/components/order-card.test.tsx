import '../../../shared/testing/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo, WorkOrder } from '@sl/contracts';
import { i18n } from '../../../shared/i18n';
import { useSessionStore } from '../../../shared/stores/session-store';
import { formatTime } from '../../../shared/time/format-time';
import { OrderCard } from './order-card';

const CLOSED_AT = '2026-05-01T09:30:00.000Z';
const PHOTOS = ['/uploads/workorder/8-a.png', '/uploads/workorder/8-b.png'];

const order = (o: Partial<WorkOrder> = {}): WorkOrder => ({
  orderId: 8, deptId: 2, status: 3, assigneeId: 4, assigneeName: 'Wang', assigneePhone: '13800000004', priority: 2, dueAt: null,
  instruction: 'Replace the driver', progressNote: '', completionNote: 'Driver replaced', photos: PHOTOS, createdBy: 1, createdByName: 'admin',
  createdAt: '2026-05-01T08:00:00.000Z', closedAt: CLOSED_AT, kind: 'repair', alarms: [], lamps: [], ...o,
});

const signIn = () =>
  useSessionStore.getState().setSession({ userId: 1, userName: 'admin', roles: ['admin'], permissions: ['*:*:*'] } as unknown as UserInfo, []);
const wrap = (node: React.ReactNode) => <QueryClientProvider client={new QueryClient()}><App>{node}</App></QueryClientProvider>;

/** Issue 28 item 13: the dispatcher sees the repairer's photos and the completion time on the work order. */
describe("a completed order's photos and completion time on its card", () => {
  beforeEach(signIn);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it('shows them on the work order card in both languages, the photos opening the viewer', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    render(wrap(<OrderCard order={order()} onAction={() => undefined} />));
    const card = screen.getByTestId('order-card-8');
    expect(within(card).getByText('Completed')).toBeTruthy();
    expect(screen.getByTestId('order-completed-at-8').textContent).toBe(formatTime(CLOSED_AT));
    const photos = [...screen.getByTestId('order-photos-8').querySelectorAll('img')];
    expect(photos.map((p) => [p.getAttribute('src'), p.getAttribute('alt')])).toEqual([
      [PHOTOS[0], 'Order #8, photo 1'],
      [PHOTOS[1], 'Order #8, photo 2'],
    ]);
    fireEvent.click(photos[1]);
    // antd's viewer opens on the clicked photo, with the order's other photo a step away.
    await waitFor(() => expect(document.querySelector('.ant-image-preview img')?.getAttribute('src')).toBe(PHOTOS[1]));
    cleanup();

    await act(() => i18n.changeLanguage('zh-CN'));
    render(wrap(<OrderCard order={order()} onAction={() => undefined} />));
    expect(within(screen.getByTestId('order-card-8')).getByText('完成时间')).toBeTruthy();
    expect(screen.getByTestId('order-photos-8').querySelector('img')?.getAttribute('alt')).toBe('工单 #8 现场照片 1');
  });

  it('shows no completion time on an open or recalled order, and no photo area without photos', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    render(wrap(<OrderCard order={order({ status: 6, photos: [] })} onAction={() => undefined} />));
    expect(screen.queryByTestId('order-completed-at-8')).toBeNull();
    expect(screen.queryByTestId('order-photos-8')).toBeNull();
    expect(screen.queryByText('Completed')).toBeNull();
  });
});

/** Issue 30: a planned maintenance round's card lists its lamps in route order, each with the way there. */
describe("a maintenance round's lamps on its card", () => {
  beforeEach(signIn);
  afterEach(() => {
    cleanup();
    useSessionStore.getState().reset();
  });

  it('shows each lamp with its route position, pole and type, and a map link where it has a position', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const lamps = [
      { seq: 1, assetId: 31, poleNo: 'P-0008', typeName: 'Demo LED-150', lng: 121.47, lat: 31.23, score: 0.9 },
      { seq: 2, assetId: 32, poleNo: 'P-0011', typeName: 'Demo LED-150', lng: null, lat: null, score: 0.6 },
    ];
    render(wrap(<OrderCard order={order({ kind: 'maintenance', status: 1, photos: [], closedAt: null, lamps })} onAction={() => undefined} />));
    const text = (id: string) => screen.getByTestId(id).textContent!.replace(/\s+/g, ' ').trim();
    expect(text('order-lamp-31')).toBe('1. P-0008 · Demo LED-150 Navigate');
    expect(screen.getByTestId('order-navigate-lamp-31').getAttribute('href')).toContain('position=121.47,31.23');
    expect(text('order-lamp-32')).toBe('2. P-0011 · Demo LED-150');
    expect(screen.queryByTestId('order-navigate-lamp-32')).toBeNull();
  });
});
