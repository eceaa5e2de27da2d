import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Typography } from 'antd';

interface Detected {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<Detected[]>;
}
type DetectorClass = new (opts: { formats: string[] }) => BarcodeDetectorLike;

/** The pole number in a scanned code: the code may hold the pole page's URL or the bare number. */
export function poleFromCode(raw: string): string {
  const m = /\/asset\/pole\/([^/?#]+)/.exec(raw);
  return decodeURIComponent(m ? m[1] : raw).trim();
}

/** Scans a QR code or barcode with the camera where the browser has BarcodeDetector; elsewhere says to type the number. */
export function PoleScanner({ onCode, label, unsupported }: { onCode: (poleNo: string) => void; label: ReactNode; unsupported: string }) {
  const Detector = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  const video = useRef<HTMLVideoElement>(null);
  const [scanning, setScanning] = useState(false);
  useEffect(() => {
    if (!scanning || !Detector) return;
    let stream: MediaStream | undefined;
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code', 'code_128', 'code_39', 'ean_13'] });
    const loop = async () => {
      while (!stopped && video.current) {
        const [code] = await detector.detect(video.current).catch(() => []);
        if (code) return onCode(poleFromCode(code.rawValue));
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    void navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } }).then(async (s) => {
      stream = s;
      if (!video.current) return;
      video.current.srcObject = s;
      await video.current.play();
      await loop();
      setScanning(false);
    }).catch(() => setScanning(false));
    return () => {
      stopped = true;
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [scanning, Detector, onCode]);
  if (!Detector) return <Typography.Text type="secondary" data-testid="scan-unsupported">{unsupported}</Typography.Text>;
  return (
    <div style={{ marginTop: 8 }}>
      <Button onClick={() => setScanning((s) => !s)} data-testid="scan-button">{label}</Button>
      {scanning && <video ref={video} muted playsInline style={{ width: '100%', marginTop: 8 }} />}
    </div>
  );
}
