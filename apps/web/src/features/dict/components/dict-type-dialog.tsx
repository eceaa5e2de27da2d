import { Form, Input} from 'antd';
import { useTranslation } from 'react-i18next';
import { dictTypeInput, type DictType, type DictTypeInput } from '@sl/contracts';
import { DictSelect } from '../../../shared/dict';
import { FormDialog } from '../../../shared/form/form-dialog';
import { zodRule } from '../../../shared/form/zod-rule';
import { feedback } from '../../../shared/request';
import { useSaveDictType } from '../api/dict-types';

const f = dictTypeInput.shape;

interface Props {
  open: boolean;
  row: DictType | null;
  onClose: () => void;
}

export function DictTypeDialog({ open, row, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DictTypeInput>();
  const save = useSaveDictType();
  const submit = (values: DictTypeInput) =>
    save.mutate(row ? { ...values, dictId: row.dictId } : values, {
      onSuccess: () => {
        feedback.message().success(t('dict.saved'));
        onClose();
      },
    });
  return (
    <FormDialog form={form} title={t(row ? 'dict.editType' : 'dict.addType')} open={open} saving={save.isPending} permission={row ? 'system:sysdict:edit' : 'system:sysdict:add'}
      initialValues={row ?? { status: '2' }} onClose={onClose} onSubmit={submit}>
      <Form.Item name="dictName" label={t('dict.dictName')} rules={[zodRule(f.dictName, t('dict.dictName'))]}>
        <Input data-testid="field-dictName" />
      </Form.Item>
      <Form.Item name="dictType" label={t('dict.dictType')} rules={[zodRule(f.dictType, t('dict.dictType'))]}>
        <Input data-testid="field-dictType" />
      </Form.Item>
      <Form.Item name="status" label={t('common.status')} rules={[zodRule(f.status, t('common.status'))]}>
        <DictSelect type="sys_normal_disable" allowClear={false} data-testid="field-status" />
      </Form.Item>
      <Form.Item name="remark" label={t('common.remark')} rules={[zodRule(f.remark, t('common.remark'))]}>
        <Input.TextArea data-testid="field-remark" rows={2} />
      </Form.Item>
    </FormDialog>
  );
}
