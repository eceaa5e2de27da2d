import { i18n } from '../i18n';
import { feedback } from '../request';

const QUOTED_NAMES_MAX = 3;

/** "Delete "a", "b"?" for a few names, "Delete the 12 selected items?" for more. */
export function deleteConfirmText(names: readonly string[]): string {
  if (names.length > 0 && names.length <= QUOTED_NAMES_MAX) {
    return i18n.t('common.confirmDeleteNames', { names: names.map((n) => `"${n}"`).join(i18n.t('common.listSeparator')) });
  }
  return i18n.t('common.confirmDeleteCount', { count: names.length });
}

interface ConfirmDeleteOptions {
  names: readonly string[];
  onOk: () => Promise<unknown> | void;
}

/** Modal.confirm with a danger button; busy until `onOk` settles, then closes (a refusal was already shown by the request layer). */
export function confirmDelete({ names, onOk }: ConfirmDeleteOptions): void {
  feedback.confirm({
    title: i18n.t('common.confirmDeleteTitle'),
    content: deleteConfirmText(names),
    okText: i18n.t('common.delete'),
    okButtonProps: { danger: true, 'data-testid': 'confirm-ok' },
    cancelText: i18n.t('common.cancel'),
    onOk: () => Promise.resolve(onOk()).catch(() => undefined),
  });
}
