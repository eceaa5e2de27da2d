import { AliyunSmsProvider } from './aliyun-sms.js';
import { RecordingSmsProvider, type SmsProvider } from './sms-provider.js';
import { TencentSmsProvider } from './tencent-sms.js';

const need = (env: NodeJS.ProcessEnv, name: string): string => {
  const v = env[name];
  if (!v) throw new Error(`${name} is required when SMS_PROVIDER is ${env.SMS_PROVIDER}`);
  return v;
};
const templates = (env: NodeJS.ProcessEnv, prefix: string) => ({ dispatch: need(env, `${prefix}_TEMPLATE_DISPATCH`), alarm: env[`${prefix}_TEMPLATE_ALARM`] ?? '', leaflet: env[`${prefix}_TEMPLATE_LEAFLET`] ?? '' });

/**
 * `SMS_PROVIDER`: `record` (default: only the SMS log), `aliyun` (ALIYUN_SMS_ACCESS_KEY_ID, _ACCESS_KEY_SECRET,
 * _SIGN_NAME, _TEMPLATE_DISPATCH, _TEMPLATE_ALARM) or `tencent` (TENCENT_SMS_SECRET_ID, _SECRET_KEY, _APP_ID,
 * _SIGN_NAME, _REGION (ap-guangzhou), _TEMPLATE_DISPATCH, _TEMPLATE_ALARM). A bad value stops the start.
 */
export function smsProviderFromEnv(env: NodeJS.ProcessEnv): SmsProvider {
  const name = env.SMS_PROVIDER ?? 'record';
  if (name === 'record') return new RecordingSmsProvider();
  if (name === 'aliyun') {
    return new AliyunSmsProvider({
      accessKeyId: need(env, 'ALIYUN_SMS_ACCESS_KEY_ID'), accessKeySecret: need(env, 'ALIYUN_SMS_ACCESS_KEY_SECRET'),
      signName: need(env, 'ALIYUN_SMS_SIGN_NAME'), templates: templates(env, 'ALIYUN_SMS'),
    });
  }
  if (name === 'tencent') {
    return new TencentSmsProvider({
      secretId: need(env, 'TENCENT_SMS_SECRET_ID'), secretKey: need(env, 'TENCENT_SMS_SECRET_KEY'), appId: need(env, 'TENCENT_SMS_APP_ID'),
      signName: need(env, 'TENCENT_SMS_SIGN_NAME'), region: env.TENCENT_SMS_REGION ?? 'ap-guangzhou', templates: templates(env, 'TENCENT_SMS'),
    });
  }
  throw new Error(`SMS_PROVIDER must be record, aliyun or tencent (got ${name})`);
}
