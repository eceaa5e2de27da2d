import { useEffect } from 'react';
import { Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { configInput, type ConfigInput, type SysConfig } from '@sl/contracts';
import { zodRule } from '../../../shared/form/zod-rule';
import { feedback } from '../../../shared/request';
import { useSaveConfig } from '../api/configs';

const f = configInput.shape;

interface Props {
  open: boolean;
  row: SysConfig | null;
  onClose: () => void;
}

export function ConfigDialog({ open, row, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ConfigInput>();
  const save = useSaveConfig();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (row) form.setFieldsValue(row);
  }, [open, row, form]);
  const submit = (values: ConfigInput) =>
    save.mutate(row ? { ...values, configId: row.configId } : values, {
      onSuccess: () => {
        feedback.message().success(t('config.saved'));
        onClose();
      },
    });
  const yesNo = [{ value: 'Y', label: t('config.builtIn') }, { value: 'N', label: t('config.custom') }];
  return (
    <Modal open={open} title={t(row ? 'config.edit' : 'config.add')} width={600} onCancel={onClose} onOk={() => form.submit()}
      confirmLoading={save.isPending} okText={t('common.save')} okButtonProps={{ 'data-testid': 'dialog-save' }} forceRender>
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ configType: 'N', isFrontend: '0' }}>
        <Form.Item name="configName" label={t('config.configName')} rules={[zodRule(f.configName, t('config.configName'))]}>
          <Input data-testid="field-configName" />
        </Form.Item>
        <Form.Item name="configKey" label={t('config.configKey')} rules={[zodRule(f.configKey, t('config.configKey'))]}>
          <Input data-testid="field-configKey" />
        </Form.Item>
        <Form.Item name="configValue" label={t('config.configValue')} rules={[zodRule(f.configValue, t('config.configValue'))]}>
          <Input.TextArea data-testid="field-configValue" rows={2} />
        </Form.Item>
        <Form.Item name="configType" label={t('config.configType')}>
          <Radio.Group data-testid="field-configType" options={yesNo} />
        </Form.Item>
        <Form.Item name="isFrontend" label={t('config.isFrontend')} tooltip={t('config.isFrontendHint')}>
          <Radio.Group data-testid="field-isFrontend" options={[{ value: '1', label: t('config.yes') }, { value: '0', label: t('config.no') }]} />
        </Form.Item>
        <Form.Item name="remark" label={t('common.remark')} rules={[zodRule(f.remark, t('common.remark'))]}>
          <Input.TextArea data-testid="field-remark" rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
