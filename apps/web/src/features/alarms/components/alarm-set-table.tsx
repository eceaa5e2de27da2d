import { useMemo } from 'react';
import { Button, Form, Select, Tag, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_KINDS, DEVICE_FAMILIES, type AlarmSet, type Dept } from '@sl/contracts';
import { toDeptNodes, useDeptTree } from '../../../shared/org/dept-tree';
import { usePermission } from '../../../shared/permission/access';
import { feedback } from '../../../shared/request';
import { PagedTable, SearchForm, usePagedQuery } from '../../../shared/table';
import { formatTime } from '../../../shared/time/format-time';
import { alarmSetsQuery, useDeleteAlarmSet, type AlarmSetFilters } from '../api/alarm-sets';

const namesOf = (depts: readonly Dept[], into = new Map<number, string>()): Map<number, string> => {
  for (const d of depts) {
    into.set(d.deptId, d.deptName);
    if (d.children) namesOf(d.children, into);
  }
  return into;
};

/** The settings departments hold of their own (`/alarm/set/list`), per department and family, each deletable. */
export function AlarmSetTable() {
  const { t } = useTranslation();
  const can = usePermission();
  const paged = usePagedQuery(alarmSetsQuery, {} as AlarmSetFilters);
  const depts = useDeptTree().data;
  const deptNames = useMemo(() => namesOf(depts ?? []), [depts]);
  const remove = useDeleteAlarmSet();
  const deptName = (deptId: number) => deptNames.get(deptId) ?? `#${deptId}`;
  const onDelete = (s: AlarmSet) =>
    feedback.confirm({
      title: t('common.confirmDeleteTitle'),
      content: t('alarmSet.deleteConfirm', { dept: deptName(s.deptId), family: s.family }),
      okText: t('common.delete'),
      okButtonProps: { danger: true, 'data-testid': 'confirm-ok' },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(s.setId).then(() => feedback.message().success(t('alarmSet.deleted'))).catch(() => undefined),
    });
  return (
    <div data-testid="alarm-set-table">
      <SearchForm<AlarmSetFilters> onSearch={paged.setFilters} onReset={paged.reset}>
        <Form.Item name="deptId" label={t('alarmSet.dept')}>
          <TreeSelect allowClear treeDefaultExpandAll treeData={toDeptNodes(depts ?? [])} placeholder={t('common.pleaseSelect')} style={{ minWidth: 180 }} data-testid="search-dept" />
        </Form.Item>
        <Form.Item name="family" label={t('alarm.family')}>
          <Select allowClear options={DEVICE_FAMILIES.map((f) => ({ value: f, label: f }))} placeholder={t('common.pleaseSelect')} style={{ minWidth: 120 }} data-testid="search-family" />
        </Form.Item>
      </SearchForm>
      <PagedTable<AlarmSet>
        paged={paged}
        rowKey="setId"
        empty={{ reason: t('alarmSet.noneStored'), hint: t('alarmSet.noneStoredHint') }}
        columns={[
          { title: t('alarmSet.dept'), dataIndex: 'deptId', render: (id: number) => deptName(id) },
          { title: t('alarm.family'), dataIndex: 'family', render: (f: string) => <Tag>{f}</Tag> },
          { title: t('alarmSet.kinds'), dataIndex: 'enabledKinds', render: (k: string[]) => `${k.length} / ${ALARM_KINDS.length}` },
          { title: t('alarmSet.debounce'), dataIndex: 'debounceS', render: (s: number) => `${s} s` },
          { title: t('alarmSet.sms'), dataIndex: 'smsUserIds', render: (ids: number[]) => (ids.length ? t('alarmSet.smsCount', { n: ids.length }) : '-') },
          { title: t('alarmSet.remark'), dataIndex: 'remark', ellipsis: true, render: (r: string) => r || '-' },
          { title: t('alarmSet.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatTime(v) },
          ...(can(['alarm:set:remove'])
            ? [{ title: t('common.actions'), key: 'actions', render: (_: unknown, s: AlarmSet) => <Button type="link" size="small" danger data-testid={`alarm-set-delete-${s.setId}`} onClick={() => onDelete(s)}>{t('common.delete')}</Button> }]
            : []),
        ]}
      />
    </div>
  );
}
