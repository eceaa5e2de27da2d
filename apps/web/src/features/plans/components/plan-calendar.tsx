import { useState } from 'react';
import { Calendar, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { calendarQuery } from '../api/plans-api';

const COLORS = ['blue', 'green', 'purple', 'orange', 'cyan', 'magenta'];
/** A day cell is about 86 px high: two one-line tags and a "+n" line fit without the cell scrolling. */
const SHOWN = 2;
const TAG_STYLE = { display: 'block', maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', margin: '0 0 2px' } as const;

/** A month: the plans each day runs, the calendar rule that wins that day (★, gold) or the plan's own policy, and how many of its steps run that day. */
export function PlanCalendar() {
  const { t } = useTranslation();
  const [month, setMonth] = useState(dayjs().startOf('month'));
  const from = month.startOf('month').format('YYYY-MM-DD');
  const to = month.endOf('month').format('YYYY-MM-DD');
  const days = useQuery(calendarQuery(from, to));
  const byDate = new Map((days.data ?? []).map((d) => [d.date, d.plans]));
  // A plan whose steps are all limited to other weekdays holds its terminals that day but switches nothing.
  const cell = (d: Dayjs) => {
    const plans = byDate.get(d.format('YYYY-MM-DD')) ?? [];
    const label = (p: (typeof plans)[number]) => `${p.rule ? `${p.rule.name} · ` : ''}${p.name} · ${p.policyName}${p.steps ? '' : ` · ${t('plans.noSteps')}`}`;
    const wins = (p: (typeof plans)[number]) => (p.rule ? t('plans.ruleWins', { rule: p.rule.name, priority: p.rule.index + 1, policy: p.policyName }) : t('plans.defaultWins', { policy: p.policyName }));
    const rest = plans.slice(SHOWN);
    return (
      <>
        {plans.slice(0, SHOWN).map((p) => (
          <Tag key={p.id} color={!p.steps ? 'default' : p.rule ? 'gold' : COLORS[p.id % COLORS.length]} style={TAG_STYLE} title={`${label(p)}\n${wins(p)}\n${t('plans.stepsThatDay', { count: p.steps })}`}
            data-testid="calendar-plan" data-rule={p.rule?.name ?? ''}>
            {p.rule && <span aria-label={t('plans.rule')}>★ </span>}
            {label(p)}
          </Tag>
        ))}
        {rest.length > 0 && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} title={rest.map(label).join('\n')} data-testid="calendar-more">
            {t('plans.morePlans', { count: rest.length })}
          </Typography.Text>
        )}
      </>
    );
  };
  return <Calendar data-testid="plan-calendar" onPanelChange={(d) => setMonth(d.startOf('month'))} cellRender={(d, info) => (info.type === 'date' ? cell(d) : info.originNode)} />;
}
