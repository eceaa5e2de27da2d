import { Divider, Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { CLOCK_TIME as CLOCK } from '@sl/contracts';
import { fromStepForm, type StepForm } from './step-form';
import { StepsEditor } from './steps-editor';
import { ProgramTimeline } from './program-timeline';

const clockOrEmpty = (v?: string) => !v || CLOCK.test(v);
const complete = (s: StepForm | undefined): s is StepForm =>
  !!s && !!s.when && !!s.action && (s.when !== 'time' || CLOCK.test(s.time ?? '')) && clockOrEmpty(s.notBefore) && clockOrEmpty(s.notAfter);

/** The steps of a policy or template and, below them, the night they make on the timeline. */
export function ProgramSection({ form, cabinet }: { form: FormInstance; cabinet: boolean }) {
  const { t } = useTranslation();
  const stepForms = Form.useWatch('steps', form) as StepForm[] | undefined;
  const steps = (stepForms ?? []).filter(complete).map(fromStepForm);
  return (
    <>
      <Divider titlePlacement="start" plain>{t('control.steps')}</Divider>
      <StepsEditor cabinet={cabinet} />
      <Divider titlePlacement="start" plain>{t('control.timeline')}</Divider>
      <ProgramTimeline steps={steps} />
    </>
  );
}
