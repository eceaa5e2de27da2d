import '../../../shared/testing/jsdom-polyfills';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { fromStepForm, type StepForm } from './step-form';
import { StepsEditor } from './steps-editor';

function renderSteps(steps: StepForm[]) {
  let form!: FormInstance;
  function Harness() {
    const [f] = Form.useForm();
    form = f;
    return (
      <Form form={f} initialValues={{ steps }}>
        <StepsEditor cabinet={false} />
      </Form>
    );
  }
  render(<Harness />);
  return () => form;
}

/** Issue 25 item 1: "latest off, earliest on" as clamps of a solar step, edited beside its offset. */
describe('solar step clamps in the steps editor', () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage('en-US'));
  });

  it('offers the clamps on solar steps only, refuses a "not before" that is not earlier, and saves them into the step', async () => {
    const form = renderSteps([{ when: 'sunset', action: 'on' }, { when: 'time', time: '23:00', action: 'dim', level: 50 }]);
    expect(screen.getByTestId('step-0-not-before')).toBeTruthy();
    expect(screen.queryByTestId('step-1-not-before')).toBeNull();

    fireEvent.change(screen.getByTestId('step-0-not-before'), { target: { value: '15:00' } });
    fireEvent.change(screen.getByTestId('step-0-not-after'), { target: { value: '09:00' } });
    const errors = () => act(() => form().validateFields().then(() => [], (e: { errorFields: Array<{ errors: string[] }> }) => e.errorFields.flatMap((f) => f.errors)));
    expect(await errors()).toEqual(['“Not before” must be earlier than “not after”']);
    await waitFor(() => expect(screen.getByText('“Not before” must be earlier than “not after”')).toBeTruthy());

    fireEvent.change(screen.getByTestId('step-0-not-after'), { target: { value: '9' } });
    expect(await errors()).toEqual(['Time as HH:mm']);
    fireEvent.change(screen.getByTestId('step-0-not-after'), { target: { value: '16:30' } });
    const values = await act(() => form().validateFields());
    expect((values.steps as StepForm[]).map(fromStepForm)).toEqual([
      { at: 'sunset', action: 'on', notBefore: '15:00', notAfter: '16:30' },
      { at: '23:00', action: 'dim', level: 50 },
    ]);
  });

  it('drops clamps left on a step that became a clock-time step', () => {
    expect(fromStepForm({ when: 'time', time: '18:00', action: 'on', notBefore: '17:00', notAfter: '19:00' })).toEqual({ at: '18:00', action: 'on' });
  });
});
