import type { ReactNode } from 'react';
import { Button, Drawer, Segmented, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { SIDE_THEMES, UI_SIZES, type SideTheme, type UiSize } from '@sl/contracts';
import { useAppStore } from '../../../shared/stores/app-store';
import { useSettings, type LayoutSettings } from '../../../shared/stores/settings-store';
import { COLOR_SCHEMES, type ColorScheme } from '../../../shared/theme/color-scheme';
import { ThemeSwatches } from './theme-swatches';

type Toggle = 'tagsView' | 'fixedHeader' | 'sidebarLogo';

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="settings-row">
    <span>{label}</span>
    {children}
  </div>
);

/** The settings side panel (spec §2): colour scheme (light or the full dark theme), theme colour, side theme (black-theme by default, spec §1/§9), tab bar, fixed header, sidebar logo, UI size, reset. */
export function SettingsDrawer() {
  const { t } = useTranslation();
  const open = useAppStore((s) => s.settingsOpen);
  const setOpen = useAppStore((s) => s.setSettingsOpen);
  const settings = useSettings();
  const toggle = (key: Toggle) => (
    <Switch data-testid={`setting-${key}`} checked={settings[key]} onChange={(on) => settings.update({ [key]: on } as Partial<LayoutSettings>)} />
  );
  return (
    <Drawer open={open} onClose={() => setOpen(false)} title={t('shell.settings.title')} size={320} placement="right">
      <div data-testid="settings-panel" className="settings-panel">
        <h4 className="settings-section">{t('shell.settings.colorScheme')}</h4>
        <Segmented<ColorScheme>
          block
          className="settings-color-scheme"
          data-testid="setting-colorScheme"
          value={settings.colorScheme}
          onChange={(colorScheme) => settings.update({ colorScheme })}
          options={COLOR_SCHEMES.map((value) => ({ value, label: <span data-color-scheme={value}>{t(`shell.colorScheme.${value}`)}</span> }))}
        />
        <h4 className="settings-section">{t('shell.settings.theme')}</h4>
        <ThemeSwatches />
        <Row label={t('shell.settings.sideTheme')}>
          <Segmented<SideTheme>
            data-testid="setting-sideTheme"
            size="small"
            value={settings.sideTheme}
            onChange={(sideTheme) => settings.update({ sideTheme })}
            options={SIDE_THEMES.map((value) => ({ value, label: <span data-side-theme={value}>{t(`shell.sideTheme.${value}`)}</span> }))}
          />
        </Row>
        <h4 className="settings-section">{t('shell.settings.layout')}</h4>
        <Row label={t('shell.settings.tagsView')}>{toggle('tagsView')}</Row>
        <Row label={t('shell.settings.fixedHeader')}>{toggle('fixedHeader')}</Row>
        <Row label={t('shell.settings.sidebarLogo')}>{toggle('sidebarLogo')}</Row>
        <Row label={t('shell.settings.size')}>
          <Segmented<UiSize>
            data-testid="setting-size"
            size="small"
            value={settings.size}
            onChange={settings.setSize}
            options={UI_SIZES.map((value) => ({ value, label: <span data-size={value}>{t(`shell.size.${value}`)}</span> }))}
          />
        </Row>
        <Button block className="settings-reset" data-testid="settings-reset" onClick={settings.reset}>{t('shell.settings.reset')}</Button>
      </div>
    </Drawer>
  );
}
