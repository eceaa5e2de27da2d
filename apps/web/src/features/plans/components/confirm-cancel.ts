import type { TFunction } from 'i18next';
import type { EmergencyRow } from '@sl/contracts';
import { feedback } from '../../../shared/request';

/** Asks before ending an override early; its terminals return to their programs at once. */
export function confirmCancel(row: EmergencyRow, t: TFunction, onOk: () => Promise<unknown>): void {
  feedback.confirm({
    title: t('plans.cancelTitle'),
    content: t('plans.cancelText', { name: row.name, count: row.terminalCount }),
    okText: t('plans.cancelEmergency'),
    okButtonProps: { danger: true, 'data-testid': 'confirm-ok' },
    cancelText: t('plans.keep'),
    onOk: () =>
      onOk()
        .then(() => feedback.message().success(t('plans.cancelled')))
        .catch(() => undefined),
  });
}
