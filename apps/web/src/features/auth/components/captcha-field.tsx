import { Form, Input } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface Props {
  image: string | undefined;
  loading: boolean;
  onRefresh: () => void;
}

export function CaptchaField({ image, loading, onRefresh }: Props) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', gap: 12 }}>
      <Form.Item name="code" style={{ flex: 1 }} rules={[{ required: true, whitespace: true, message: t('login.codeRequired') }]}>
        <Input data-testid="login-code" size="large" prefix={<SafetyOutlined />} placeholder={t('login.code')} autoComplete="off" maxLength={8} />
      </Form.Item>
      <button type="button" className="captcha-button" onClick={onRefresh} title={t('login.captchaRefresh')} aria-label={t('login.captchaRefresh')}>
        {image && !loading ? (
          <img data-testid="login-captcha-img" src={image} alt={t('login.code')} />
        ) : (
          <span className="captcha-loading" data-testid="login-captcha-img" />
        )}
      </button>
    </div>
  );
}
