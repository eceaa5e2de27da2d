import { useState } from 'react';
import { Button } from 'antd';
import { QrcodeOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PublicConfig } from '@sl/contracts';
import { LoginForm } from './login-form';
import { QrLogin } from './qr-login';

/** Password sign-in or QR sign-in, one at a time. */
export function LoginMethods({ config }: { config: PublicConfig }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState(false);
  return (
    <>
      {qr ? <QrLogin /> : <LoginForm config={config} />}
      <div className="login-switch">
        <Button type="link" data-testid="qr-login-switch" icon={qr ? <UserOutlined /> : <QrcodeOutlined />} onClick={() => setQr(!qr)}>
          {qr ? t('wx.passwordLogin') : t('wx.qrLogin')}
        </Button>
      </div>
    </>
  );
}
