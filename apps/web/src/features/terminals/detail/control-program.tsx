import { Descriptions, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTROL_PERMISSION, type PlanCalendarDay, type TerminalStrategyInfo } from '@sl/contracts';
import { usePermission } from '../../../shared/permission/access';
import { http } from '../../../shared/request';

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** What drives the terminal's lamps: today's plans, else its own strategy, else the default strategy (named as such). */
export function ControlProgram({ terminalId }: { terminalId: number }) {
  const { t } = useTranslation();
  const can = usePermission();
  const date = today();
  const strategy = useQuery({
    queryKey: ['terminals', 'strategy', terminalId],
    enabled: can([CONTROL_PERMISSION.strategy.query]),
    queryFn: () => http.get<TerminalStrategyInfo>(`/api/v1/strategy/set/terminal/info/${terminalId}`, undefined, { silent: true }),
  });
  const plans = useQuery({
    queryKey: ['terminals', 'plans', terminalId, date],
    enabled: can([CONTROL_PERMISSION.plan.query]),
    queryFn: () => http.get<PlanCalendarDay[]>('/api/v1/plan/calendar', { from: date, to: date, terminalId }, { silent: true }),
  });
  const planList = plans.data?.flatMap((d) => d.plans) ?? [];
  const s = strategy.data;
  const strategyText = s?.strategy ? (
    <span data-testid="terminal-strategy">{s.strategy.name}</span>
  ) : s?.default ? (
    <span data-testid="terminal-strategy">{s.default.name} <Tag color="blue">{t('detail.program.default')}</Tag></span>
  ) : (
    <span data-testid="terminal-strategy">{s ? t('detail.program.noStrategy') : '—'}</span>
  );
  return (
    <Descriptions size="small" column={1} data-testid="control-program" items={[
      { key: 'plan', label: t('detail.program.plan'), children: <span data-testid="terminal-plan">{planList.length ? planList.map((p) => `${p.name} (${p.policyName})`).join(', ') : t('detail.program.noPlan')}</span> },
      { key: 'strategy', label: t('detail.program.strategy'), children: strategyText },
    ]} />
  );
}
