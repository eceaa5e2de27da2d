import type { ReactNode } from 'react';
import { Button, Form, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useFormName } from '../form/form-id';

interface SearchFormProps<F> {
  initialValues?: Partial<F>;
  onSearch: (values: F) => void;
  onReset?: () => void;
  children: ReactNode;
}

/** Inline filter form with search (`btn-search`) and reset (`btn-reset`) buttons. */
export function SearchForm<F extends object>({ initialValues, onSearch, onReset, children }: SearchFormProps<F>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<F>();
  const name = useFormName('search');
  const reset = () => {
    form.resetFields();
    onReset?.();
  };
  return (
    <Form form={form} name={name} layout="inline" initialValues={initialValues} onFinish={onSearch} style={{ rowGap: 12, marginBottom: 16 }}>
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="btn-search">{t('common.search')}</Button>
          <Button icon={<ReloadOutlined />} onClick={reset} data-testid="btn-reset">{t('common.reset')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
