import { useState } from 'react';
import { Calendar, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { calendarQuery } from '../api/plans-api';

const COLORS = ['blue', 'green', 'purple', 'orange', 'cyan', 'magenta'];

/** A month: the plans (and their policies) each day runs, and how many of their steps run that day. */
export function PlanCalendar() {
  const { t } = useTranslation();
  const [month, setMonth] = useState(dayjs().startOf('month'));
  const from = month.startOf('month').format('YYYY-MM-DD');
  const to = month.endOf('month').format('YYYY-MM-DD');
  const days = useQuery(calendarQuery(from, to));
  const byDate = new Map((days.data ?? []).map((d) => [d.date, d.plans]));
  // A plan whose steps are all limited to other weekdays holds its terminals that day but switches nothing.
  const cell = (d: Dayjs) =>
    (byDate.get(d.format('YYYY-MM-DD')) ?? []).map((p) => (
      <Tag key={p.id} color={p.steps ? COLORS[p.id % COLORS.length] : 'default'} style={{ marginBottom: 2 }} title={t('plans.stepsThatDay', { count: p.steps })} data-testid="calendar-plan">
        {p.name} · {p.policyName}{p.steps ? '' : ` · ${t('plans.noSteps')}`}
      </Tag>
    ));
  return <Calendar data-testid="plan-calendar" onPanelChange={(d) => setMonth(d.startOf('month'))} cellRender={(d, info) => (info.type === 'date' ? cell(d) : info.originNode)} />;
}
