import { Checkbox, Form, Input, InputNumber, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiClientAddBody, OPEN_SCOPES, type ApiClient, type ApiClientAddBody, type ApiClientSecret } from '@sl/contracts';
import { FormDialog } from '../../../shared/form/form-dialog';
import { zodRule } from '../../../shared/form/zod-rule';
import { toDeptNodes, useDeptTree } from '../../../shared/org/dept-tree';
import { feedback } from '../../../shared/request';
import { useSaveClient } from '../api/api-clients';

const f = apiClientAddBody.shape;

interface Props {
  open: boolean;
  row: ApiClient | null;
  onClose: () => void;
  onCreated: (created: ApiClientSecret) => void;
}

type Values = ApiClientAddBody & { enabled?: boolean };

export function ClientDialog({ open, row, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveClient();
  const { data: depts = [] } = useDeptTree();
  const submit = (values: Values) =>
    save.mutate(row ? { ...values, id: row.id, enabled: values.enabled ?? true } : values, {
      onSuccess: (saved) => {
        feedback.message().success(t('apiClient.saved'));
        onClose();
        if (saved.clientSecret) onCreated(saved);
      },
    });
  return (
    <FormDialog form={form} title={t(row ? 'apiClient.edit' : 'apiClient.add')} open={open} saving={save.isPending} permission={row ? 'system:apiclient:edit' : 'system:apiclient:add'}
      initialValues={row ?? { scopes: ['fleet:read'], rateLimitPerMinute: 120 }} onClose={onClose} onSubmit={submit}>
      <Form.Item name="name" label={t('apiClient.name')} rules={[zodRule(f.name, t('apiClient.name'))]}>
        <Input data-testid="field-name" />
      </Form.Item>
      <Form.Item name="deptId" label={t('apiClient.dept')} rules={[zodRule(f.deptId, t('apiClient.dept'))]}>
        <TreeSelect data-testid="field-deptId" treeData={toDeptNodes(depts)} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
      </Form.Item>
      <Form.Item name="scopes" label={t('apiClient.scopes')} rules={[zodRule(f.scopes, t('apiClient.scopes'))]}>
        <Checkbox.Group data-testid="field-scopes" options={OPEN_SCOPES.map((s) => ({ value: s, label: t(`apiClient.scope.${s}`) }))} />
      </Form.Item>
      <Form.Item name="rateLimitPerMinute" label={t('apiClient.rate')} rules={[zodRule(f.rateLimitPerMinute, t('apiClient.rate'))]}>
        <InputNumber data-testid="field-rate" min={1} max={6000} style={{ width: 160 }} />
      </Form.Item>
      {row && (
        <Form.Item name="enabled" label={t('apiClient.enabled')} valuePropName="checked">
          <Switch data-testid="field-enabled" />
        </Form.Item>
      )}
    </FormDialog>
  );
}
