import { i18n } from '../i18n';

export const STATUS_DICT = 'sys_normal_disable';

/** Used until the dictionary answers: '2' normal, '1' disabled. */
export const statusFallback = () => [
  { value: '2', label: i18n.t('common.statusNormal') },
  { value: '1', label: i18n.t('common.statusDisabled') },
];
