import { Descriptions, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../time/format-time';
import type { DetailItem } from './log-page-config';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A value as the detail view shows it: times in local format, objects as indented JSON. */
export function detailValue(value: unknown) {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && ISO_TIME.test(value)) return formatTime(value);
  if (typeof value === 'object') return <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{JSON.stringify(value, null, 2)}</pre>;
  return String(value);
}

/** Every field of a row, for pages without their own detail items. */
export const allFields = (row: object): DetailItem[] => Object.entries(row).map(([label, v]) => ({ label, value: detailValue(v) }));

interface Props {
  title: string;
  items: DetailItem[] | null;
  onClose: () => void;
}

export function LogDetail({ title, items, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Drawer title={title} open={items !== null} onClose={onClose} size={560} destroyOnHidden data-testid="log-detail">
      {items && (
        <Descriptions column={1} bordered size="small" items={items.map((it, i) => ({ key: i, label: it.label, children: it.value }))} />
      )}
      {items?.length === 0 && t('common.empty')}
    </Drawer>
  );
}
