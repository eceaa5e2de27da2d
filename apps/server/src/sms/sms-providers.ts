import type { Config } from '../config.js';
import { AliyunSmsProvider } from './aliyun-sms.js';
import { RecordingSmsProvider, type SmsProvider } from './sms-provider.js';
import { TencentSmsProvider } from './tencent-sms.js';

/** The SMS settings of the configuration, whose schema checked each provider's required variables (config.ts). */
export type SmsConfig = Pick<Config, Extract<keyof Config, 'SMS_PROVIDER' | `${'ALIYUN' | 'TENCENT'}_SMS_${string}`>>;

const need = (config: SmsConfig, name: keyof SmsConfig): string => {
  const v = config[name];
  if (!v) throw new Error(`${name} is required when SMS_PROVIDER is ${config.SMS_PROVIDER}`); // loadConfig already refused this
  return v;
};

/**
 * `SMS_PROVIDER`: `record` (default: only the SMS log), `aliyun` (ALIYUN_SMS_ACCESS_KEY_ID, _ACCESS_KEY_SECRET,
 * _SIGN_NAME, _TEMPLATE_DISPATCH, _TEMPLATE_ALARM, _TEMPLATE_LEAFLET) or `tencent` (TENCENT_SMS_SECRET_ID, _SECRET_KEY,
 * _APP_ID, _SIGN_NAME, _REGION, _TEMPLATE_DISPATCH, _TEMPLATE_ALARM, _TEMPLATE_LEAFLET).
 */
export function smsProviderFromConfig(config: SmsConfig): SmsProvider {
  if (config.SMS_PROVIDER === 'aliyun') {
    return new AliyunSmsProvider({
      accessKeyId: need(config, 'ALIYUN_SMS_ACCESS_KEY_ID'), accessKeySecret: need(config, 'ALIYUN_SMS_ACCESS_KEY_SECRET'),
      signName: need(config, 'ALIYUN_SMS_SIGN_NAME'),
      templates: { dispatch: need(config, 'ALIYUN_SMS_TEMPLATE_DISPATCH'), alarm: config.ALIYUN_SMS_TEMPLATE_ALARM ?? '', leaflet: config.ALIYUN_SMS_TEMPLATE_LEAFLET ?? '' },
    });
  }
  if (config.SMS_PROVIDER === 'tencent') {
    return new TencentSmsProvider({
      secretId: need(config, 'TENCENT_SMS_SECRET_ID'), secretKey: need(config, 'TENCENT_SMS_SECRET_KEY'), appId: need(config, 'TENCENT_SMS_APP_ID'),
      signName: need(config, 'TENCENT_SMS_SIGN_NAME'), region: config.TENCENT_SMS_REGION,
      templates: { dispatch: need(config, 'TENCENT_SMS_TEMPLATE_DISPATCH'), alarm: config.TENCENT_SMS_TEMPLATE_ALARM ?? '', leaflet: config.TENCENT_SMS_TEMPLATE_LEAFLET ?? '' },
    });
  }
  return new RecordingSmsProvider();
}
