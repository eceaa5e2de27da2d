import { useState } from 'react';
import { Alert, Button, Card, Empty, Select, Space, Spin, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { registerLocales } from '../../shared/i18n/register-locales';
import { useAreas, useSheet } from './api/citizen';
import { PoleQr } from './components/pole-qr';
import { citizenLocales } from './locales';
import './components/qr-sheet.css';

registerLocales(citizenLocales);

/** The printable sheet of an area's poles: number, QR code and short URL of each pole's public report page. */
export default function QrSheetPage() {
  const { t } = useTranslation();
  const areas = useAreas();
  const [area, setArea] = useState<string | undefined>();
  const sheet = useSheet(area ?? areas.data?.[0]);
  const origin = window.location.origin;
  return (
    <Card>
      <Space className="citizen-sheet-tools" wrap style={{ marginBottom: 16 }}>
        <label htmlFor="citizen-sheet-area">{t('citizen.sheetArea')}</label>
        <Select id="citizen-sheet-area" style={{ minWidth: 220 }} loading={areas.isPending} value={area ?? areas.data?.[0]} onChange={setArea} data-testid="citizen-sheet-area"
          options={(areas.data ?? []).map((a) => ({ value: a, label: a || t('citizen.sheetNoArea') }))} />
        <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!sheet.data?.length}>{t('citizen.sheetPrint')}</Button>
      </Space>
      <Alert className="citizen-sheet-tools" type="info" showIcon title={t('citizen.sheetHint')} style={{ marginBottom: 16 }} />
      {sheet.isPending && sheet.fetchStatus !== 'idle' ? <Spin /> : !sheet.data?.length ? <Empty description={t('citizen.sheetEmpty')} /> : (
        <div className="citizen-sheet" data-testid="citizen-sheet">
          {sheet.data.map((p) => (
            <Card key={p.terminalId} size="small" className="citizen-sheet-cell" data-testid="citizen-sheet-pole">
              <Typography.Title level={5} style={{ margin: 0 }}>{p.poleNo}</Typography.Title>
              <PoleQr url={origin + p.path} />
              <Typography.Text copyable code data-testid="citizen-sheet-url">{origin + p.path}</Typography.Text>
            </Card>
          ))}
        </div>
      )}
    </Card>
  );
}
