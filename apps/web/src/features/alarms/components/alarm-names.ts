import { useTranslation } from 'react-i18next';
import { ALARM_KINDS, ALARM_STATUS_NAMES, WORKFLOW_EVENT_NAMES, type Locale } from '@sl/contracts';

/** Names from the shared catalogues in the console's language. */
export function useAlarmNames() {
  const { i18n } = useTranslation();
  const locale = (i18n.language === 'en-US' ? 'en-US' : 'zh-CN') as Locale;
  return {
    locale,
    kind: (kind: string) => ALARM_KINDS.find((k) => k.kind === kind)?.name[locale] ?? kind,
    status: (status: number) => ALARM_STATUS_NAMES[status]?.[locale] ?? String(status),
    event: (event: string) => WORKFLOW_EVENT_NAMES[event]?.label[locale] ?? event,
    kindOptions: ALARM_KINDS.map((k) => ({ value: k.kind, label: k.name[locale] })),
    statusOptions: Object.keys(ALARM_STATUS_NAMES).map((s) => ({ value: Number(s), label: ALARM_STATUS_NAMES[Number(s)][locale] })),
  };
}
