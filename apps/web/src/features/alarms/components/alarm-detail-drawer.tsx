import { useEffect, useState } from 'react';
import { Button, Descriptions, Drawer, Empty, List, Skeleton, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REPAIR_STATUS_NAMES } from '@sl/contracts';
import { formatTime } from '../../../shared/time/format-time';
import { useAlarmDetail, useMarkRead } from '../api/alarms';
import { useAlarmNames } from './alarm-names';
import { AlarmMessageDialog } from './alarm-message-dialog';
import { AlarmKindTag, AlarmStatusTag } from './alarm-tags';
import { AlarmTimeline } from './alarm-timeline';
import { SmsDialog } from './sms-dialog';
import { Access } from '../../../shared/permission/access';
import { OrderCompletedAt, OrderPhotos } from '../../../shared/work-order/order-evidence';

const READING_FIELDS = ['voltageA', 'voltageB', 'voltageC', 'currentA', 'currentB', 'currentC', 'powerFactor', 'leakageMa', 'dim', 'on', 'energyKwh', 'ts'] as const;

/**
 * An alarm: where, the readings when it was raised, its timeline and its work orders (with the repairer's completion
 * time and photos). Opening it marks it read.
 */
export function AlarmDetailDrawer({ alarmId, onClose }: { alarmId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const names = useAlarmNames();
  const detail = useAlarmDetail(alarmId);
  const markRead = useMarkRead();
  const [texting, setTexting] = useState(false);
  const [describing, setDescribing] = useState(false);
  const a = detail.data?.alarm;
  useEffect(() => {
    if (a && !a.read) markRead.mutate([a.alarmId]);
  }, [a?.alarmId, a?.read]); // eslint-disable-line react-hooks/exhaustive-deps
  const reading = a?.reading;
  const nav = a?.lat != null && a?.lng != null ? `https://uri.amap.com/marker?position=${a.lng},${a.lat}&coordinate=wgs84` : null;
  return (
    <Drawer open={alarmId !== null} onClose={onClose} title={t('alarm.detailTitle', { id: alarmId ?? '' })} size="large" data-testid="alarm-detail"
      extra={
        <Space>
          <Access permissions={['alarm:alarm:edit']}><Button onClick={() => setDescribing(true)} disabled={!a} data-testid="btn-edit-message">{t('alarm.editMessage')}</Button></Access>
          <Access permissions={['alarm:alarm:dispatch']}><Button onClick={() => setTexting(true)} disabled={!a} data-testid="btn-sms">{t('alarm.sendSms')}</Button></Access>
        </Space>
      }>
      {detail.isLoading || !a ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('alarm.kind')}><AlarmKindTag kind={a.kind} severity={a.severity} /></Descriptions.Item>
            <Descriptions.Item label={t('alarm.status')}><span data-testid="detail-status"><AlarmStatusTag status={a.status} /></span></Descriptions.Item>
            <Descriptions.Item label={t('alarm.terminal')}><Link to={`/terminal/detail/${a.terminalId}`}>{a.terminalName} ({a.sn})</Link></Descriptions.Item>
            <Descriptions.Item label={t('alarm.message')}><span data-testid="detail-message">{a.message}</span></Descriptions.Item>
            <Descriptions.Item label={t('alarm.raisedAt')}>{formatTime(a.raisedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('alarm.clearedAt')}>{a.clearedAt ? formatTime(a.clearedAt) : '-'}</Descriptions.Item>
            <Descriptions.Item label={t('alarm.place')}>{a.address || '-'} {nav && <a href={nav} target="_blank" rel="noreferrer">{t('alarm.navigate')}</a>}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 20 }}>{t('alarm.reading')}</Typography.Title>
          {reading ? (
            <Descriptions column={2} size="small" bordered data-testid="alarm-reading">
              {READING_FIELDS.filter((f) => reading[f] != null).map((f) => (
                <Descriptions.Item key={f} label={t(`alarm.readingField.${f}`)}>{f === 'ts' ? formatTime(String(reading[f])) : typeof reading[f] === 'boolean' ? t(reading[f] ? 'alarm.yes' : 'alarm.no') : String(reading[f])}</Descriptions.Item>
              ))}
            </Descriptions>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarm.noReading')} />
          )}
          <Typography.Title level={5} style={{ marginTop: 20 }}>{t('alarm.timeline')}</Typography.Title>
          <AlarmTimeline rows={detail.data?.log ?? []} />
          <Typography.Title level={5}>{t('alarm.orders')}</Typography.Title>
          <List
            size="small"
            locale={{ emptyText: t('alarm.noOrders') }}
            dataSource={detail.data?.orders ?? []}
            renderItem={(o) => (
              <List.Item data-testid={`alarm-order-${o.orderId}`}>
                <Space orientation="vertical" size={4}>
                  <span>#{o.orderId} <Tag>{REPAIR_STATUS_NAMES[o.status]?.[names.locale]}</Tag> {o.assigneeName} · {formatTime(o.createdAt)}</span>
                  {o.completionNote && <Typography.Text type="secondary">{o.completionNote}</Typography.Text>}
                  <OrderCompletedAt order={o} />
                  <OrderPhotos order={o} />
                </Space>
              </List.Item>
            )}
          />
        </>
      )}
      <SmsDialog alarmId={texting ? alarmId : null} onClose={() => setTexting(false)} />
      <AlarmMessageDialog alarm={describing && a ? a : null} onClose={() => setDescribing(false)} />
    </Drawer>
  );
}
