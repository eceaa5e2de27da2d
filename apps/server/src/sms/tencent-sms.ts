import { createHash, createHmac } from 'node:crypto';
import type { SmsMessage, SmsProvider } from './sms-provider.js';
import { templateValues } from './sms-templates.js';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const hmac = (key: string | Buffer, s: string) => createHmac('sha256', key).update(s).digest();

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  payload: string;
  /** Seconds since the epoch. */
  timestamp: number;
  contentType?: string;
}

/** Tencent Cloud API 3.0 signature (TC3-HMAC-SHA256) of a POST with a JSON body; answers the Authorization header. */
export function tc3Authorization(i: Tc3Input): { authorization: string; signature: string; date: string } {
  const contentType = i.contentType ?? 'application/json; charset=utf-8';
  const date = new Date(i.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonicalRequest = ['POST', '/', '', `content-type:${contentType}\nhost:${i.host}\n`, signedHeaders, sha256(i.payload)].join('\n');
  const scope = `${date}/${i.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(i.timestamp), scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(`TC3${i.secretKey}`, date), i.service), 'tc3_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return { signature, date, authorization: `TC3-HMAC-SHA256 Credential=${i.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}` };
}

export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  appId: string;
  signName: string;
  region: string;
  /** Approved template ids by our template key. */
  templates: Record<string, string>;
  host?: string;
}

/** Tencent Cloud SMS (API 2021-01-11, SendSms). */
export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent';
  constructor(private readonly cfg: TencentSmsConfig, private readonly fetchFn: typeof fetch = fetch) {}

  async send(m: SmsMessage): Promise<void> {
    const templateId = this.cfg.templates[m.template];
    if (!templateId) throw new Error(`no Tencent template id for ${m.template}`);
    const host = this.cfg.host ?? 'sms.tencentcloudapi.com';
    const phone = m.phone.startsWith('+') ? m.phone : `+86${m.phone}`;
    const payload = JSON.stringify({ PhoneNumberSet: [phone], SmsSdkAppId: this.cfg.appId, SignName: this.cfg.signName, TemplateId: templateId, TemplateParamSet: Object.values(templateValues(m.template, m.params)) });
    const timestamp = Math.floor(Date.now() / 1000);
    const { authorization } = tc3Authorization({ secretId: this.cfg.secretId, secretKey: this.cfg.secretKey, service: 'sms', host, payload, timestamp });
    const res = await this.fetchFn(`https://${host}/`, {
      method: 'POST', body: payload, signal: AbortSignal.timeout(10_000),
      headers: {
        Authorization: authorization, 'Content-Type': 'application/json; charset=utf-8', Host: host,
        'X-TC-Action': 'SendSms', 'X-TC-Version': '2021-01-11', 'X-TC-Timestamp': String(timestamp), 'X-TC-Region': this.cfg.region,
      },
    });
    const body = (await res.json().catch(() => ({}))) as { Response?: { Error?: { Code: string; Message: string }; SendStatusSet?: Array<{ Code: string; Message: string }> } };
    const error = body.Response?.Error ?? body.Response?.SendStatusSet?.find((s) => s.Code !== 'Ok');
    if (!body.Response || error) throw new Error(`Tencent SMS ${res.status} ${error?.Code ?? ''}: ${error?.Message ?? ''}`);
  }
}
