import { createHmac, randomUUID } from 'node:crypto';
import type { SmsMessage, SmsProvider } from './sms-provider.js';
import { templateValues } from './sms-templates.js';

/** RFC 3986 percent-encoding as Aliyun's RPC signature (V1) wants it: `+`, `*`, `%7E` fixed. */
export const aliyunEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Signature of an Aliyun RPC request (HMAC-SHA1 over `GET&%2F&` + the sorted, encoded query), base64. */
export function aliyunSignature(secret: string, params: Record<string, string>, method = 'GET'): string {
  const query = Object.keys(params)
    .sort()
    .map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k])}`)
    .join('&');
  const stringToSign = `${method}&${aliyunEncode('/')}&${aliyunEncode(query)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

/** The signed SendSms URL. */
export function aliyunSendSmsUrl(secret: string, params: Record<string, string>, endpoint = 'https://dysmsapi.aliyuncs.com'): string {
  const signature = aliyunSignature(secret, params);
  const query = Object.keys(params).sort().map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k])}`).join('&');
  return `${endpoint}/?Signature=${aliyunEncode(signature)}&${query}`;
}

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** Approved template codes by our template key. */
  templates: Record<string, string>;
  endpoint?: string;
}

/** Aliyun SMS (dysmsapi 2017-05-25, SendSms). */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  constructor(private readonly cfg: AliyunSmsConfig, private readonly fetchFn: typeof fetch = fetch) {}

  async send(m: SmsMessage): Promise<void> {
    const templateCode = this.cfg.templates[m.template];
    if (!templateCode) throw new Error(`no Aliyun template code for ${m.template}`);
    const params: Record<string, string> = {
      AccessKeyId: this.cfg.accessKeyId, Action: 'SendSms', Format: 'JSON', RegionId: 'cn-hangzhou', SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(), SignatureVersion: '1.0', Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'), Version: '2017-05-25',
      PhoneNumbers: m.phone, SignName: this.cfg.signName, TemplateCode: templateCode, TemplateParam: JSON.stringify(templateValues(m.template, m.params)),
    };
    const res = await this.fetchFn(aliyunSendSmsUrl(this.cfg.accessKeySecret, params, this.cfg.endpoint), { signal: AbortSignal.timeout(10_000) });
    const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
    if (body.Code !== 'OK') throw new Error(`Aliyun SMS ${res.status} ${body.Code ?? ''}: ${body.Message ?? ''}`);
  }
}
