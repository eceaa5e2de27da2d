import { Suspense, lazy, useState } from 'react';
import { Button, Spin } from 'antd';
import { QrcodeOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PublicConfig } from '@sl/contracts';
import { LoginForm } from './login-form';

const QrLogin = lazy(() => import('./qr-login').then((m) => ({ default: m.QrLogin })));

/** Password sign-in or QR sign-in, one at a time. */
export function LoginMethods({ config }: { config: PublicConfig }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState(false);
  return (
    <>
      {qr ? (
        <Suspense fallback={<Spin style={{ display: 'block', margin: '48px auto' }} />}>
          <QrLogin />
        </Suspense>
      ) : (
        <LoginForm config={config} />
      )}
      <div className="login-switch">
        <Button type="link" data-testid="qr-login-switch" icon={qr ? <UserOutlined /> : <QrcodeOutlined />} onClick={() => setQr(!qr)}>
          {qr ? t('wx.passwordLogin') : t('wx.qrLogin')}
        </Button>
      </div>
    </>
  );
}
