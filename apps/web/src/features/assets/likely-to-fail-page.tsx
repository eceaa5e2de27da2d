import { useState } from 'react';
import { Button, Card, Progress, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LikelyToFail } from '@sl/contracts';
import { Access } from '../../shared/permission/access';
import { feedback } from '../../shared/request';
import { PagedTable, QueryError, usePagedQuery } from '../../shared/table';
import { formatTime } from '../../shared/time/format-time';
import { predictQuery, useScoreNow, type PredictFilters } from './api/assets-api';
import { reasonText } from './components/reason-text';
import { RoundDialog } from './components/round-dialog';

/** Lamps ranked by their chance of failing within 30 days, with the reasons; chosen ones become one planned round. */
export default function LikelyToFailPage() {
  const { t } = useTranslation();
  const paged = usePagedQuery(predictQuery, {} as PredictFilters);
  const [selected, setSelected] = useState<number[]>([]);
  const [round, setRound] = useState<number[] | null>(null);
  const score = useScoreNow();
  const scoreNow = () =>
    score.mutate(undefined, {
      onSuccess: (r) => {
        feedback.message().success(t('asset.predict.scored', { n: r.lamps }));
      },
    });
  const closeRound = () => {
    setRound(null);
    setSelected([]);
  };
  const columns: ColumnsType<LikelyToFail> = [
    { title: t('asset.poleNo'), dataIndex: 'poleNo', render: (v: string) => <Link to={`/asset/pole/${encodeURIComponent(v)}`}>{v}</Link> },
    { title: t('asset.score'), dataIndex: 'score', width: 160, render: (v: number) => <Progress aria-label={t('asset.score')} percent={Math.round(v * 100)} size="small" status={v >= 0.8 ? 'exception' : 'normal'} /> },
    { title: t('asset.reasons'), dataIndex: 'reasons', render: (_, r) => <Space size={4} wrap data-testid="reasons">{r.reasons.map((x) => <Tag key={x.code}>{reasonText(t, x)}</Tag>)}</Space> },
    { title: t('asset.lampType'), dataIndex: 'typeName' },
    { title: t('asset.terminal'), dataIndex: 'terminalSn' },
    { title: t('asset.dept'), dataIndex: 'deptName' },
    { title: t('asset.scoredAt'), dataIndex: 'scoredAt', render: (v: string | null) => formatTime(v) },
    { title: '', dataIndex: 'orderId', render: (v: number | null) => v && <Tag color="processing">{t('asset.inRound', { id: v })}</Tag> },
  ];
  return (
    <Card>
      <Space style={{ marginBottom: 16 }} wrap>
        <Access permissions={['asset:predict:round']}>
          <Button type="primary" disabled={!selected.length} data-testid="btn-round" onClick={() => setRound(selected)}>{t('asset.round.create')}</Button>
          <Button loading={score.isPending} data-testid="btn-score" onClick={scoreNow}>
            {t('asset.predict.scoreNow')}
          </Button>
        </Access>
      </Space>
      <QueryError query={paged.query} />
      <PagedTable<LikelyToFail> paged={paged} rowKey="assetId" columns={columns} scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), getCheckboxProps: (r) => ({ disabled: r.orderId !== null }) }}
        empty={{ reason: t('asset.predict.empty'), hint: t('asset.predict.emptyHint') }} />
      <RoundDialog assetIds={round} onClose={closeRound} />
    </Card>
  );
}
