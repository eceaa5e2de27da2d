import '../../../shared/testing/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@sl/contracts';
import { i18n } from '../../../shared/i18n';
import { useSessionStore } from '../../../shared/stores/session-store';
import { EmergencyDialog } from './emergency-dialog';

const AREAS = [{ id: 1, name: 'North', terminalCount: 12 }, { id: 2, name: 'South', terminalCount: 30 }];

/** What the server says the targets reach: the area's 12 terminals switch 40 lamps (cabinet circuits count theirs). */
const REACH = { terminals: 12, lamps: 40 };
/** Answers the area sets, the reach, the password check and the emergency add; records what was asked. */
const server = () =>
  vi.fn(async (url: string, _init?: RequestInit) =>
    new Response(JSON.stringify({ code: 200, msg: 'ok', data: url.includes('area/set') ? AREAS : url.includes('emergency/reach') ? REACH : url.includes('emergency') ? { id: 9 } : null })));
/** The calls that act: the password check and the emergency add (not the pickers' look-ups). */
const sent = (fetchMock: ReturnType<typeof server>) => fetchMock.mock.calls.map(([url]) => url).filter((url) => /checkpwd|emergency/.test(url));

async function fillAndSave(areaLabel: string) {
  const client = new QueryClient();
  client.setQueryData(['app-config'], { passwordKey: 'abcdefghijklmnop' });
  client.setQueryData(['area-sets', 'options'], AREAS);
  render(
    <QueryClientProvider client={client}>
      <App>
        <EmergencyDialog open onClose={() => undefined} />
      </App>
    </QueryClientProvider>,
  );
  fireEvent.change(await screen.findByTestId('field-name'), { target: { value: 'Storm' } });
  fireEvent.click(screen.getByText('By area'));
  const areas = await screen.findByTestId('field-areas');
  fireEvent.mouseDown(areas);
  fireEvent.click(await screen.findByText(areaLabel));
  fireEvent.click(screen.getByTestId('dialog-save'));
}

/** Issue 28 item 18: an emergency of any size asks for the password and a confirmation with its reach, as switching a cabinet does. */
describe('emergency plan confirmation', () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage('en-US'));
    useSessionStore.getState().setSession({ userId: 1, userName: 'operator', roles: ['admin'], permissions: ['*:*:*'] } as unknown as UserInfo, []);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSessionStore.getState().reset();
  });

  it('checks the password, names the number of terminals and lamps reached, then sends', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    await fillAndSave('North (12)');
    fireEvent.change(await screen.findByTestId('password-check-input'), { target: { value: 's3cret' } });
    fireEvent.click(screen.getByTestId('password-check-confirm'));
    expect((await screen.findAllByText('Emergency plan "Storm" (On) reaches 12 terminals, 40 lamps, for 120 min. Send it?')).length).toBeGreaterThan(0);
    expect(sent(fetchMock)).toEqual(['/api/v1/plan/emergency/reach', '/api/v1/user/checkpwd']);
    const reach = fetchMock.mock.calls.find(([url]) => url === '/api/v1/plan/emergency/reach')!;
    expect(JSON.parse(String(reach[1]?.body))).toEqual({ groupMode: 2, targetIds: [1] });
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(sent(fetchMock)).toContain('/api/v1/plan/emergency/add'));
    const add = fetchMock.mock.calls.find(([url]) => url === '/api/v1/plan/emergency/add')!;
    expect(JSON.parse(String(add[1]?.body))).toMatchObject({ name: 'Storm', action: 'on', groupMode: 2, targetIds: [1] });
  });

  it('sends nothing when the password check is cancelled', async () => {
    const fetchMock = server();
    vi.stubGlobal('fetch', fetchMock);
    await fillAndSave('South (30)');
    fireEvent.click(await screen.findByTestId('password-check-cancel'));
    await waitFor(() => expect(screen.queryByTestId('password-check-input')).toBeNull());
    // Only the count was asked for: nothing sent.
    expect(sent(fetchMock)).toEqual(['/api/v1/plan/emergency/reach']);
  });
});
