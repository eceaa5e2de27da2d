import { QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWxQrCode } from '../api/wx';

/** The QR code a phone scans, and the same page for a desktop that cannot scan. */
export function QrLogin() {
  const { t } = useTranslation();
  const qr = useWxQrCode();
  const status = qr.isFetching ? 'loading' : qr.isError ? 'expired' : 'active';
  return (
    <div className="qr-login">
      <div data-testid="qr-code" data-url={qr.data?.authorizeUrl}>
        <QRCode value={qr.data?.authorizeUrl ?? '-'} status={status} size={200} onRefresh={() => void qr.refetch()} />
      </div>
      <Typography.Text type="secondary">{qr.isError ? t('wx.qrUnavailable') : t('wx.scanHint')}</Typography.Text>
      {qr.data && !qr.isFetching && (
        <a data-testid="qr-open-link" href={qr.data.authorizeUrl}>
          {t('wx.openHere')}
        </a>
      )}
    </div>
  );
}
