import '../testing/jsdom-polyfills';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DictOption } from '@sl/contracts';
import { i18n } from '../i18n';
import { HemisphereInput } from './hemisphere-input';
import { TimeZoneSelect, zonesBySide } from './time-zone-select';

/** The seeded dictionaries of spec §3 (apps/server/src/seed/seed-dictionaries.ts). */
const row = (dictValue: string, dictLabel: string, dictLabelEn: string): DictOption => ({ dictValue, dictLabel, dictLabelEn, listClass: 'default', isDefault: 'N' });
const DICTS: Record<string, DictOption[]> = {
  sl_longitude: [row('east', '东经', 'East'), row('west', '西经', 'West')],
  sl_latitude: [row('north', '北纬', 'North'), row('south', '南纬', 'South')],
  sl_zone: [row('east', '东区', 'East'), row('west', '西区', 'West')],
};

function renderWith(node: React.ReactNode) {
  const client = new QueryClient();
  for (const [type, rows] of Object.entries(DICTS)) client.setQueryData(['dict', type], rows);
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

const pick = async (select: HTMLElement, label: string) => {
  fireEvent.mouseDown(select.querySelector('.ant-select-content, .ant-select-selector') ?? select);
  const option = await screen.findByTitle(label);
  fireEvent.click(option);
};

// Opening a select and listing some 400 zones takes seconds on a loaded machine: the tests get room, not a speed target.
describe('coordinates and time zones take their options from the dictionaries (issue 28 item 11)', { timeout: 60_000 }, () => {
  afterEach(async () => {
    cleanup();
    await act(() => i18n.changeLanguage('zh-CN'));
  });

  it('shows a signed longitude as the sl_longitude hemisphere and degrees, and a change of either gives the signed value', async () => {
    const onChange = vi.fn();
    renderWith(<HemisphereInput axis="lng" value={-73.5} onChange={onChange} data-testid="lng" />);
    const hemisphere = screen.getByTestId('lng-hemisphere');
    expect(hemisphere.textContent).toBe('西经');
    expect((within(screen.getByTestId('lng')).getByRole('spinbutton') as HTMLInputElement).value).toBe('73.5');
    await pick(hemisphere, '东经');
    expect(onChange).toHaveBeenLastCalledWith(73.5);
    fireEvent.change(within(screen.getByTestId('lng')).getByRole('spinbutton'), { target: { value: '12.25' } });
    expect(onChange).toHaveBeenLastCalledWith(-12.25);
  });

  it('labels latitude with sl_latitude in the session language, north for positive values, and keeps an empty value empty', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const onChange = vi.fn();
    renderWith(<HemisphereInput axis="lat" value={31.23} onChange={onChange} data-testid="lat" />);
    expect(screen.getByTestId('lat-hemisphere').textContent).toBe('North');
    fireEvent.change(within(screen.getByTestId('lat')).getByRole('spinbutton'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('groups time zones by sl_zone: east of Greenwich (UTC+ and UTC) and west of it, with each zone\'s offset', async () => {
    const january = Date.UTC(2026, 0, 15);
    const sides = zonesBySide(['America/New_York', 'Asia/Shanghai', 'UTC', 'Asia/Kolkata', 'America/Los_Angeles'], january);
    expect(sides.east).toEqual([{ zone: 'UTC', offset: 0 }, { zone: 'Asia/Kolkata', offset: 330 }, { zone: 'Asia/Shanghai', offset: 480 }]);
    expect(sides.west).toEqual([{ zone: 'America/New_York', offset: -300 }, { zone: 'America/Los_Angeles', offset: -480 }]);

    renderWith(<TimeZoneSelect data-testid="tz" value="Asia/Shanghai" />);
    expect(screen.getByTestId('tz').textContent).toContain('Asia/Shanghai (UTC+08:00)');
    fireEvent.mouseDown(screen.getByTestId('tz').querySelector('.ant-select-content, .ant-select-selector') ?? screen.getByTestId('tz'));
    expect((await screen.findAllByText('东区')).length).toBeGreaterThan(0);
  });
});
