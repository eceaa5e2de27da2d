import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@sl/contracts';
import { useAppStore } from '../stores/app-store';

/** 中文 / English switch; changes i18next, antd and dayjs together. */
export function LangSwitch({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const locale = useAppStore((s) => s.locale);
  const setLocale = useAppStore((s) => s.setLocale);
  return (
    <Segmented<Locale>
      data-testid="lang-switch"
      aria-label={t('lang.switch')}
      size={size}
      value={locale}
      onChange={setLocale}
      options={LOCALES.map((value) => ({ value, label: <span data-locale={value}>{t(`lang.${value}`)}</span> }))}
    />
  );
}
