import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { configInput, type ConfigInput, type SysConfig } from '@sl/contracts';
import { FormDialog } from '../../../shared/form/form-dialog';
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
  const submit = (values: ConfigInput) =>
    save.mutate(row ? { ...values, configId: row.configId } : values, {
      onSuccess: () => {
        feedback.message().success(t('config.saved'));
        onClose();
      },
    });
  const yesNo = [{ value: 'Y', label: t('config.builtIn') }, { value: 'N', label: t('config.custom') }];
  return (
    <FormDialog form={form} title={t(row ? 'config.edit' : 'config.add')} open={open} saving={save.isPending} permission={row ? 'system:sysconfig:edit' : 'system:sysconfig:add'}
      initialValues={row ?? { configType: 'N', isFrontend: '0' }} onClose={onClose} onSubmit={submit} width={600}>
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
    </FormDialog>
  );
}
