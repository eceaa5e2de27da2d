import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** A QR code of `url` as an image (black on white whatever the theme: scanners need the contrast). */
export function PoleQr({ url, size = 132 }: { url: string; size?: number }) {
  const [src, setSrc] = useState('');
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(url, { margin: 1, width: size, errorCorrectionLevel: 'M' }).then((data) => live && setSrc(data));
    return () => {
      live = false;
    };
  }, [url, size]);
  return src ? <img src={src} width={size} height={size} alt={url} data-testid="citizen-qr" /> : <div style={{ width: size, height: size }} />;
}
