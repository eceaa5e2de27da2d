import { useTranslation } from 'react-i18next';
import { LOCALES } from '@sl/contracts';
import { useAppStore } from '../stores/app-store';
import './lang-switch.css';

/**
 * 中文 / English switch; changes i18next, antd and dayjs together. Plain buttons rather than antd's
 * Segmented: it sits on the sign-in page, whose JavaScript budget is tight.
 */
export function LangSwitch({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const locale = useAppStore((s) => s.locale);
  const setLocale = useAppStore((s) => s.setLocale);
  return (
    <div className={`lang-switch lang-switch-${size}`} role="group" data-testid="lang-switch" aria-label={t('lang.switch')}>
      {LOCALES.map((value) => (
        <button key={value} type="button" data-locale={value} aria-pressed={value === locale} onClick={() => value !== locale && setLocale(value)}>
          {t(`lang.${value}`)}
        </button>
      ))}
    </div>
  );
}
