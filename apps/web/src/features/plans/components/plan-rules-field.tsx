import { Button, Form, Input, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CalendarRule } from '@sl/contracts';

/** A rule as the dialog edits it: its date ranges as one line of text ("12-25; 2027-02-05~2027-02-11"). */
export interface RuleValues extends Omit<CalendarRule, 'dates'> {
  dates?: string;
}

/** Date ranges as the dialog writes them, one range per `;`, `~` between its ends. */
export const datesText = (dates: CalendarRule['dates']) => (dates ?? []).map((d) => (d.from === d.to ? d.from : `${d.from}~${d.to}`)).join('; ');
export const datesOf = (text: string | undefined): CalendarRule['dates'] => {
  const ranges = (text ?? '').split(/[;；,，]/).map((s) => s.trim()).filter(Boolean);
  return ranges.length ? ranges.map((r) => { const [from, to] = r.split(/\s*[~～]\s*/); return { from, to: to ?? from }; }) : undefined;
};
export const toRules = (rules: RuleValues[] | undefined): CalendarRule[] =>
  (rules ?? []).map(({ dates, weekdays, weekOfMonth, ...r }) => ({ ...r, dates: datesOf(dates), weekdays: weekdays?.length ? weekdays : undefined, weekOfMonth: weekOfMonth ?? undefined }));
export const fromRules = (rules: CalendarRule[] | undefined): RuleValues[] => (rules ?? []).map((r) => ({ ...r, dates: datesText(r.dates) }));

/** The plan's calendar: rules over its policy, highest priority first (the first that matches a day wins), and when a day starts. */
export function PlanRulesField({ policies }: { policies: Array<{ value: number; label: string }> }) {
  const { t } = useTranslation();
  const weekdays = [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: t(`plans.wd.${d}`) }));
  const weeks = [1, 2, 3, 4, 5].map((n) => ({ value: n, label: t('plans.weekN', { n }) })).concat({ value: -1, label: t('plans.weekLast') });
  return (
    <>
      <Form.Item label={t('plans.rules')} extra={t('plans.rulesHint')}>
        <Form.List name="rules">
          {(fields, { add, remove }) => (
            <Space direction="vertical" style={{ width: '100%' }} data-testid="plan-rules">
              {fields.map((f, i) => (
                <Space key={f.key} wrap align="start" data-testid="plan-rule">
                  <span aria-hidden>{i + 1}.</span>
                  <Form.Item name={[f.name, 'name']} rules={[{ required: true, whitespace: true, message: t('plans.ruleNameRequired') }, { max: 64 }]} noStyle>
                    <Input placeholder={t('plans.ruleName')} aria-label={t('plans.ruleName')} style={{ width: 140 }} data-testid="rule-name" />
                  </Form.Item>
                  <Form.Item name={[f.name, 'policyId']} rules={[{ required: true, message: t('plans.policyRequired') }]} noStyle>
                    <Select showSearch optionFilterProp="label" options={policies} placeholder={t('plans.policy')} aria-label={t('plans.policy')} style={{ width: 200 }} data-testid="rule-policy" />
                  </Form.Item>
                  <Form.Item name={[f.name, 'dates']} noStyle>
                    <Input placeholder={t('plans.ruleDates')} aria-label={t('plans.ruleDates')} title={t('plans.ruleDatesHint')} style={{ width: 220 }} data-testid="rule-dates" />
                  </Form.Item>
                  <Form.Item name={[f.name, 'weekdays']} noStyle>
                    <Select mode="multiple" allowClear options={weekdays} placeholder={t('plans.ruleWeekdays')} aria-label={t('plans.ruleWeekdays')} style={{ minWidth: 140 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'weekOfMonth']} noStyle>
                    <Select allowClear options={weeks} placeholder={t('plans.ruleWeek')} aria-label={t('plans.ruleWeek')} style={{ width: 120 }} />
                  </Form.Item>
                  <Button onClick={() => remove(f.name)}>{t('common.delete')}</Button>
                </Space>
              ))}
              <Button type="dashed" onClick={() => add({ name: '' })} data-testid="add-rule">{t('plans.addRule')}</Button>
            </Space>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item name="dayStart" label={t('plans.dayStart')} extra={t('plans.dayStartHint')}>
        <Radio.Group options={[{ value: 'midnight', label: t('plans.dayStart.midnight') }, { value: 'noon', label: t('plans.dayStart.noon') }]} />
      </Form.Item>
    </>
  );
}
