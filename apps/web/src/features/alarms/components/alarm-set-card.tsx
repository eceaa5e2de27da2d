import { useState } from 'react';
import { Button, Card, Checkbox, Col, Descriptions, Form, Input, InputNumber, Modal, Popconfirm, Row, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_KINDS, type AlarmSetInput, type DeviceFamily } from '@sl/contracts';
import { usePermission } from '../../../shared/permission/access';
import { useAlarmSet, usePhoneUsers, useResetAlarmSet, useSaveAlarmSet } from '../api/alarm-sets';
import { useAlarmNames } from './alarm-names';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Severity overrides without the ones cleared in the form (the catalogue's severity applies to those). */
const overrides = (v: AlarmSetInput['severities'] | undefined) => Object.fromEntries(Object.entries(v ?? {}).filter(([, x]) => x)) as AlarmSetInput['severities'];

const THRESHOLDS = [['voltageHigh', 'V'], ['voltageLow', 'V'], ['currentHigh', 'A'], ['currentLow', 'A'], ['leakageMa', 'mA'], ['powerFactorLow', '']] as const;

/** One family's alarm settings: what raises alarms, thresholds, debounce and who is texted; edited in a dialog. */
export function AlarmSetCard({ family }: { family: DeviceFamily }) {
  const { t } = useTranslation();
  const names = useAlarmNames();
  const can = usePermission();
  const set = useAlarmSet(family);
  const save = useSaveAlarmSet();
  const reset = useResetAlarmSet();
  const [editing, setEditing] = useState(false);
  const users = usePhoneUsers(editing);
  const [form] = Form.useForm<AlarmSetInput>();
  const s = set.data;
  const submit = (v: AlarmSetInput) =>
    save.mutate(
      { ...s!, ...v, thresholds: { ...s!.thresholds, ...v.thresholds, dayBurnStart: v.thresholds.dayBurnStart || null, dayBurnEnd: v.thresholds.dayBurnEnd || null }, severities: overrides(v.severities), family, setId: s!.setId },
      { onSuccess: () => setEditing(false) },
    );
  const severityOptions = [1, 2, 3].map((n) => ({ value: n, label: t(`alarm.severity.${n}`) }));
  const hhmm = { pattern: HHMM, message: t('alarmSet.hhmm') };
  return (
    <Card
      title={<Space>{family}{s && !s.setId && <Tag>{t(s.fromDeptId ? 'alarmSet.inherited' : 'alarmSet.defaults')}</Tag>}</Space>}
      loading={set.isLoading}
      data-testid={`alarm-set-${family}`}
      extra={
        <Space>
          {can(['alarm:set:edit', 'alarm:set:add']) && <Button type="primary" size="small" data-testid={`alarm-set-edit-${family}`} onClick={() => { form.setFieldsValue(s!); setEditing(true); }}>{t('common.edit')}</Button>}
          {can(['alarm:set:edit']) && s?.setId ? (
            <Popconfirm title={t('alarmSet.resetConfirm', { family })} onConfirm={() => reset.mutate(family)}>
              <Button size="small" danger>{t('alarmSet.reset')}</Button>
            </Popconfirm>
          ) : null}
        </Space>
      }
    >
      {s && (
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('alarmSet.kinds')}>
            <Space size={[4, 4]} wrap>{s.enabledKinds.map((k) => <Tag key={k}>{names.kind(k)}</Tag>)}</Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('alarmSet.thresholds')}>
            {[
              ...THRESHOLDS.filter(([k]) => s.thresholds[k] != null).map(([k, unit]) => `${t(`alarmSet.t.${k}`)} ${s.thresholds[k]}${unit}`),
              ...(s.thresholds.dayBurnStart && s.thresholds.dayBurnEnd ? [`${t('alarmSet.t.dayBurn')} ${s.thresholds.dayBurnStart}-${s.thresholds.dayBurnEnd}`] : []),
            ].join('；') || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('alarmSet.severities')}>
            {Object.entries(s.severities).map(([k, n]) => `${names.kind(k)} ${t(`alarm.severity.${n}`)}`).join('；') || t('alarmSet.severitiesNone')}
          </Descriptions.Item>
          <Descriptions.Item label={t('alarmSet.debounce')}>{s.debounceS} s</Descriptions.Item>
          <Descriptions.Item label={t('alarmSet.sms')}>{s.smsUserIds.length ? t('alarmSet.smsCount', { n: s.smsUserIds.length }) : '-'}</Descriptions.Item>
        </Descriptions>
      )}
      <Modal open={editing} title={t('alarmSet.editTitle', { family })} onCancel={() => setEditing(false)} onOk={() => form.submit()} confirmLoading={save.isPending} width={720} destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
          <Form.Item name="enabledKinds" label={t('alarmSet.kinds')}>
            <Checkbox.Group options={ALARM_KINDS.filter((k) => k.kind !== 'communicationLost' && k.kind !== 'citizenReport').map((k) => ({ value: k.kind, label: names.kind(k.kind) }))} />
          </Form.Item>
          <Row gutter={12}>
            {THRESHOLDS.map(([k, unit]) => (
              <Col span={8} key={k}>
                <Form.Item name={['thresholds', k]} label={`${t(`alarmSet.t.${k}`)}${unit ? ` (${unit})` : ''}`}>
                  <InputNumber min={0} max={k === 'powerFactorLow' ? 1 : 10000} step={k === 'powerFactorLow' ? 0.05 : 1} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            ))}
            <Col span={8}>
              <Form.Item name={['thresholds', 'dayBurnStart']} label={t('alarmSet.t.dayBurnStart')} rules={[hhmm]}>
                <Input placeholder="07:00" data-testid="alarm-set-day-start" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name={['thresholds', 'dayBurnEnd']} label={t('alarmSet.t.dayBurnEnd')} rules={[hhmm]}>
                <Input placeholder="17:00" data-testid="alarm-set-day-end" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item label={t('alarmSet.severities')} extra={t('alarmSet.severitiesHint')} style={{ marginBottom: 0 }}>
            <Row gutter={12}>
              {ALARM_KINDS.map((k) => (
                <Col span={8} key={k.kind}>
                  <Form.Item name={['severities', k.kind]} label={names.kind(k.kind)}>
                    <Select allowClear options={severityOptions} placeholder={t(`alarm.severity.${k.severity}`)} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </Form.Item>
          <Form.Item name="debounceS" label={t('alarmSet.debounce')} extra={t('alarmSet.debounceHint')}>
            <InputNumber min={0} max={3600} addonAfter="s" />
          </Form.Item>
          <Form.Item name="smsUserIds" label={t('alarmSet.sms')}>
            <Select mode="multiple" loading={users.isLoading} optionFilterProp="label" options={(users.data ?? []).map((u) => ({ value: u.userId, label: `${u.nickName} ${u.phone}` }))} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
