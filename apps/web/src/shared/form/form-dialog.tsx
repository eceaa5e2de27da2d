import { useEffect, useState, type ReactNode } from 'react';
import { Button, Form, Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { SAVE_PERMISSION } from '@sl/contracts';
import { Access } from '../permission/access';
import { useFormName } from './form-id';

interface FormDialogProps<V> {
  form: FormInstance<V>;
  title: ReactNode;
  open: boolean;
  saving?: boolean;
  /** Permission of the action (add or edit); the save button also needs SAVE_PERMISSION. */
  permission: string;
  initialValues?: Partial<V>;
  onClose: () => void;
  onSubmit: (values: V) => void;
  onValuesChange?: (changed: Partial<V>, all: V) => void;
  width?: number;
  children: ReactNode;
}

/** Modal + vertical Form with cancel and a guarded save button (`dialog-save`). */
export function FormDialog<V extends object>({ form, title, open, saving, permission, initialValues, onClose, onSubmit, onValuesChange, width = 640, children }: FormDialogProps<V>) {
  const { t } = useTranslation();
  const name = useFormName('dialog');
  // `data-state` tells tests (and assistive tooling) when the opening animation has ended and the form is ready.
  const [shown, setShown] = useState(false);
  // Reopening before the close animation ends reuses the mounted form: load this opening's values explicitly.
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initialValues) form.setFieldsValue(initialValues as Parameters<typeof form.setFieldsValue>[0]);
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps
  const footer = [
    <Button key="cancel" onClick={onClose} data-testid="dialog-cancel">{t('common.cancel')}</Button>,
    <Access key="save" permissions={[permission]}>
      <Access permissions={[SAVE_PERMISSION]}>
        <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="dialog-save">{t('common.save')}</Button>
      </Access>
    </Access>,
  ];
  return (
    <Modal title={title} open={open} onCancel={onClose} afterOpenChange={setShown} footer={footer} width={width} destroyOnHidden maskClosable={false} data-testid="form-dialog">
      <Form<V> form={form} name={name} layout="vertical" initialValues={initialValues} onFinish={onSubmit} onValuesChange={onValuesChange} preserve={false} style={{ marginTop: 16 }} data-testid="form-dialog-form" data-state={open && shown ? 'open' : 'opening'}>
        {children}
      </Form>
    </Modal>
  );
}
