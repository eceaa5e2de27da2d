import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Radio, Result, Skeleton, Typography, theme } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CITIZEN_PROBLEMS, type CitizenProblem } from '@sl/contracts';
import { useAppConfig } from '../../../shared/config/app-config';
import { registerLocales } from '../../../shared/i18n/register-locales';
import { usePageTitle } from '../../../shared/page-title/use-page-title';
import { sendReport, useCitizenCaptcha, usePole } from '../api/citizen';
import { shrinkPhoto } from '../api/shrink-photo';
import { citizenLocales } from '../locales';
import { PublicShell } from './public-shell';

registerLocales(citizenLocales);

interface Values {
  problem: CitizenProblem;
  phone?: string;
  code?: string;
}

/** /r/{code}: what a phone opens from the pole's QR code; no account, nothing shown beyond the pole. */
export default function CitizenReportPage() {
  const { t } = useTranslation();
  usePageTitle(t('citizen.title'));
  const { code = '' } = useParams();
  const pole = usePole(code);
  const captchaOn = useAppConfig().data?.captcha === true;
  const captcha = useCitizenCaptcha(captchaOn);
  const [photo, setPhoto] = useState<File | null>(null);
  const { token } = theme.useToken();
  const send = useMutation({
    mutationFn: async (v: Values) =>
      sendReport(code, { problem: v.problem, phone: v.phone?.trim() ?? '', photo: photo ? await shrinkPhoto(photo) : '', code: v.code ?? '', uuid: captcha.data?.uuid ?? '' }),
    onError: () => void (captchaOn && captcha.refetch()),
  });

  if (pole.isPending) return <PublicShell><Skeleton active /></PublicShell>;
  if (pole.isError) return <PublicShell><Result status="404" title={t('citizen.poleMissing')} data-testid="citizen-pole-missing" /></PublicShell>;
  if (send.data) {
    return (
      <PublicShell>
        <Result status="success" title={t('citizen.thanks')} subTitle={t('citizen.thanksHint')} data-testid="citizen-thanks"
          extra={<Link to={send.data.statusPath} data-testid="citizen-follow"><Button type="primary" size="large">{t('citizen.follow')}</Button></Link>} />
      </PublicShell>
    );
  }
  return (
    <PublicShell>
      <Card variant="borderless" title={t('citizen.title')}>
        <dl style={{ margin: `0 0 ${token.marginLG}px` }}>
          <dt><Typography.Text type="secondary">{t('citizen.pole')}</Typography.Text></dt>
          <dd style={{ margin: 0, fontSize: token.fontSizeHeading4 }} data-testid="citizen-pole-no">{pole.data.poleNo}</dd>
          {pole.data.address && <><dt><Typography.Text type="secondary">{t('citizen.where')}</Typography.Text></dt><dd style={{ margin: 0 }}>{pole.data.address}</dd></>}
        </dl>
        {send.error && <Alert type="error" showIcon title={send.error.message} style={{ marginBottom: token.marginLG }} data-testid="citizen-error" />}
        <Form<Values> layout="vertical" size="large" onFinish={(v) => send.mutate(v)}>
          <Form.Item name="problem" label={t('citizen.problem')} rules={[{ required: true, message: t('citizen.problemRequired') }]}>
            <Radio.Group style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: token.marginSM }} data-testid="citizen-problem">
              {CITIZEN_PROBLEMS.map((p) => <Radio.Button key={p} value={p} style={{ textAlign: 'center' }} data-testid={`citizen-problem-${p}`}>{t(`citizen.problem.${p}`)}</Radio.Button>)}
            </Radio.Group>
          </Form.Item>
          <Form.Item label={t('citizen.photo')} extra={t('citizen.photoHint')} htmlFor="citizen-photo">
            <input id="citizen-photo" type="file" accept="image/jpeg,image/png" capture="environment" data-testid="citizen-photo" onChange={(e) => setPhoto(e.target.files?.[0] ?? null)} />
          </Form.Item>
          <Form.Item name="phone" label={t('citizen.phone')} extra={t('citizen.phoneHint')} rules={[{ pattern: /^(\+?\d[\d -]{5,19})?$/, message: t('citizen.phoneInvalid') }]}>
            <Input type="tel" inputMode="tel" autoComplete="tel" data-testid="citizen-phone" />
          </Form.Item>
          {captchaOn && (
            <Form.Item label={t('citizen.code')} required>
              <div style={{ display: 'flex', gap: token.marginSM }}>
                <Form.Item name="code" noStyle rules={[{ required: true, message: t('citizen.codeRequired') }]}>
                  <Input autoComplete="off" data-testid="citizen-code" aria-label={t('citizen.code')} />
                </Form.Item>
                {captcha.data && <img src={captcha.data.image} alt={t('citizen.code')} height={40} />}
                <Button icon={<ReloadOutlined />} onClick={() => void captcha.refetch()} aria-label={t('citizen.captchaRefresh')} />
              </div>
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={send.isPending} data-testid="citizen-send">{t('citizen.send')}</Button>
        </Form>
      </Card>
    </PublicShell>
  );
}
