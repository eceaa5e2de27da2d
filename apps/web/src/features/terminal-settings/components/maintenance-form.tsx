import { Button, Form, InputNumber, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../shared/permission/access';
import { TaskList, useConfirmedSend, useTaskFollower } from '../../../shared/task';
import { sendSetting, type PickedTerminal } from '../api/settings';

/**
 * Initialise (`/send/set/init`, password first: it resets the terminal's settings), heartbeat interval
 * (`/send/set/heart/info`) and the terminal's time (`/send/set/time/{terminalId}`).
 */
export function MaintenanceForm({ terminal }: { terminal: PickedTerminal }) {
  const { t } = useTranslation();
  const can = usePermission();
  const [confirm, passwordDialog] = useConfirmedSend();
  const follower = useTaskFollower();
  const base = `/api/v1/${terminal.family}/send/set`;
  const send = async (title: string, url: string, body?: object, destructive = false) => {
    if (!(await confirm({ title: t('setting.confirm', { what: title, name: terminal.name }), content: destructive ? t('setting.initHint') : undefined, passwordCheck: destructive, danger: destructive }))) return;
    await follower.run(title, terminal.terminalId, () => sendSetting(url, body ?? {}));
  };
  if (!can(['terminal:set:send'])) return null;
  return (
    <div data-testid="setting-form-maintenance">
      <Form layout="inline" onFinish={(v: { intervalS: number }) => void send(t('setting.heartInterval'), `${base}/heart/info`, { terminalId: terminal.terminalId, intervalS: v.intervalS })} style={{ marginBottom: 16 }}>
        <Form.Item name="intervalS" label={t('setting.heartInterval')} rules={[{ required: true, type: 'integer', min: 10, max: 3600, message: t('setting.intervalRange') }]}>
          <InputNumber min={10} max={3600} addonAfter="s" style={{ width: 160 }} data-testid="setting-intervalS" />
        </Form.Item>
        <Form.Item><Button htmlType="submit" data-testid="setting-heart-send">{t('task.send')}</Button></Form.Item>
      </Form>
      <Space wrap>
        <Button onClick={() => void send(t('setting.timeRead'), `${base}/time/${terminal.terminalId}`)} data-testid="setting-time">{t('setting.timeRead')}</Button>
        <Button danger onClick={() => void send(t('setting.init'), `${base}/init`, { terminalId: terminal.terminalId }, true)} data-testid="setting-init">{t('setting.init')}</Button>
      </Space>
      <TaskList tasks={follower.tasks} />
      {passwordDialog}
    </div>
  );
}
