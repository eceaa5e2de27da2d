import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../config/app-config';

/** The site title in the current language: the server's, else the built-in one. */
export function useSiteTitle(): string {
  const { t, i18n } = useTranslation();
  const { data } = useAppConfig();
  const fromServer = i18n.language === 'en-US' ? data?.siteTitleEn : data?.siteTitle;
  return fromServer || t('app.siteTitle');
}

/** document.title = `${pageTitle} - ${siteTitle}` (spec §2). */
export function usePageTitle(pageTitle: string | undefined): void {
  const siteTitle = useSiteTitle();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${siteTitle}` : siteTitle;
  }, [pageTitle, siteTitle]);
}
