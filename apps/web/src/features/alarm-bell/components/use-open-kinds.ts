import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlarmCounter } from '@sl/contracts';

/** Which alarms are open, in words: "Lamp failure: 2, Leakage: 1" (the kinds most first, as the server orders them). */
export function useOpenKinds(openByKind: AlarmCounter['openByKind']): string {
  const { t, i18n } = useTranslation();
  return useMemo(
    () =>
      openByKind
        .map((k) => t('alarmBell.kindCount', { kind: t(`alarmBell.kind.${k.kind}`, { defaultValue: k.kind }), n: k.count }))
        .join(i18n.language === 'zh-CN' ? '，' : ', '),
    [openByKind, t, i18n.language],
  );
}
