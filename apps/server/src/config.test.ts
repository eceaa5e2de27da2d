import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { smsProviderFromConfig } from './sms/sms-providers.js';
import { selectProvider } from './system/wx/select-provider.js';
import type { ExpiringStores } from './system/wx/create-expiring-stores.js';

const base = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/sl-config-test' };

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig(base);
    expect(c).toMatchObject({ PORT: 8080, MQTT_PORT: 1883, DEMO: true, CAPTCHA: true, HOST: '0.0.0.0', PASSWORD_HASH_COST: 10 });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('resolves a relative DATA_DIR against the folder npm was started in', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: './data', INIT_CWD: '/srv/streetlight' }).DATA_DIR).toBe('/srv/streetlight/data');
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/var/lib/sl', INIT_CWD: '/srv/streetlight' }).DATA_DIR).toBe('/var/lib/sl');
  });

  it('reads booleans and numbers', () => {
    expect(loadConfig({ ...base, DEMO: 'false', CAPTCHA: '0', PORT: '9000' })).toMatchObject({ DEMO: false, CAPTCHA: false, PORT: 9000 });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DEMO: 'maybe' }, 'DEMO'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PASSWORD_KEY: 'short' }, 'PASSWORD_KEY'],
    [{ ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ MQTT_DYNSEC: '1' }, 'MQTT_DYNSEC'],
    [{ TRUST_PROXY: 'proxy.example.com' }, 'TRUST_PROXY'],
    [{ SESSION_LIFETIME: 'a week' }, 'SESSION_LIFETIME'],
    [{ ACCOUNT_CACHE_MS: '60000' }, 'ACCOUNT_CACHE_MS'],
    [{ PASSWORD_HASH_COST: '3' }, 'PASSWORD_HASH_COST'],
    [{ PASSWORD_HASH_COST: '16' }, 'PASSWORD_HASH_COST'],
  ])('stops on %j naming the variable', (env, name) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(`${name}:`));
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.1, 10.1.0.0/16,::1,loopback', ['10.0.0.1', '10.1.0.0/16', '::1', 'loopback']],
  ])('reads TRUST_PROXY=%j as %j', (value, expected) => {
    expect(loadConfig({ ...base, ...(value === undefined ? {} : { TRUST_PROXY: value }) }).TRUST_PROXY).toEqual(expected);
  });

  describe('a self-hosted map background', () => {
    it('takes a tile template or a style document, absolute or on this host', () => {
      expect(loadConfig({ ...base, MAP_TILE_URL: 'http://tiles.intranet:8080/osm/{z}/{x}/{y}.png' })).toMatchObject({ MAP_TILE_URL: 'http://tiles.intranet:8080/osm/{z}/{x}/{y}.png', MAP_TILES: 'offline' });
      expect(loadConfig({ ...base, MAP_TILES: 'custom', MAP_STYLE_URL: '/basemap/style.json' }).MAP_STYLE_URL).toBe('/basemap/style.json');
      expect(loadConfig({ ...base, MAP_TILE_URL: ' ' }).MAP_TILE_URL).toBeUndefined();
    });
    it.each([
      [{ MAP_TILE_URL: 'http://tiles.intranet/{z}/{x}.png' }, 'MAP_TILE_URL: must contain \\{z\\}'],
      [{ MAP_TILE_URL: 'ftp://tiles/{z}/{x}/{y}.png' }, 'MAP_TILE_URL: must start with http://'],
      [{ MAP_STYLE_URL: 'javascript:alert(1)' }, 'MAP_STYLE_URL: must start with'],
      [{ MAP_STYLE_URL: '//elsewhere.example/style.json' }, 'MAP_STYLE_URL: must start with'],
      [{ MAP_TILE_URL: '/t/{z}/{x}/{y}.png', MAP_STYLE_URL: '/style.json' }, 'MAP_STYLE_URL: set either'],
      [{ MAP_TILES: 'osm', MAP_STYLE_URL: '/style.json' }, 'MAP_TILES: must be custom'],
      [{ MAP_TILES: 'custom' }, 'MAP_TILE_URL: or MAP_STYLE_URL is required'],
    ])('stops on %j', (env, message) => {
      expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(message));
    });
  });

  it('bounds sessions by SESSION_LIFETIME, read from the former TOKEN_REFRESH_WINDOW when unset', () => {
    expect(loadConfig(base).SESSION_LIFETIME).toBe(7 * 86400);
    expect(loadConfig({ ...base, TOKEN_REFRESH_WINDOW: '86400' }).SESSION_LIFETIME).toBe(86400);
    expect(loadConfig({ ...base, TOKEN_REFRESH_WINDOW: '86400', SESSION_LIFETIME: '3600' }).SESSION_LIFETIME).toBe(3600);
  });

  describe('SMS_PROVIDER', () => {
    const aliyun = { SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'id', ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret', ALIYUN_SMS_SIGN_NAME: 'sign', ALIYUN_SMS_TEMPLATE_DISPATCH: 'SMS_1' };
    const tencent = {
      SMS_PROVIDER: 'tencent', TENCENT_SMS_SECRET_ID: 'id', TENCENT_SMS_SECRET_KEY: 'key', TENCENT_SMS_APP_ID: '1400000000', TENCENT_SMS_SIGN_NAME: 'sign', TENCENT_SMS_TEMPLATE_DISPATCH: '101',
    };

    it('records only, by default, and needs nothing more', () => {
      expect(smsProviderFromConfig(loadConfig(base)).name).toBe('record');
    });

    it('builds the provider each complete set names', () => {
      expect(smsProviderFromConfig(loadConfig({ ...base, ...aliyun })).name).toBe('aliyun');
      const config = loadConfig({ ...base, ...tencent });
      expect(config.TENCENT_SMS_REGION).toBe('ap-guangzhou');
      expect(smsProviderFromConfig(config).name).toBe('tencent');
    });

    it.each<[NodeJS.ProcessEnv, string]>([
      [{ SMS_PROVIDER: 'twilio' }, 'SMS_PROVIDER'],
      ...Object.keys(aliyun).filter((k) => k !== 'SMS_PROVIDER').map((k): [NodeJS.ProcessEnv, string] => [{ ...aliyun, [k]: undefined }, k]),
      [{ ...aliyun, ALIYUN_SMS_ACCESS_KEY_SECRET: '   ' }, 'ALIYUN_SMS_ACCESS_KEY_SECRET'],
      ...Object.keys(tencent).filter((k) => k !== 'SMS_PROVIDER').map((k): [NodeJS.ProcessEnv, string] => [{ ...tencent, [k]: undefined }, k]),
      [{ ...tencent, TENCENT_SMS_APP_ID: 'app-1' }, 'TENCENT_SMS_APP_ID'],
      [{ ...tencent, TENCENT_SMS_REGION: 'Guangzhou' }, 'TENCENT_SMS_REGION'],
    ])('stops on %j naming the variable', (env, name) => {
      expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(`${name}:`));
    });

    it("does not ask for the other provider's variables", () => {
      expect(() => loadConfig({ ...base, ...aliyun, TENCENT_SMS_APP_ID: undefined })).not.toThrow();
      expect(() => loadConfig({ ...base, SMS_PROVIDER: 'record', ALIYUN_SMS_ACCESS_KEY_ID: 'id' })).not.toThrow();
    });
  });

  describe('WX_*', () => {
    const stores = { open: () => ({}) } as unknown as ExpiringStores;
    const wx = { WX_APP_ID: 'wx123', WX_APP_SECRET: 'secret' };

    it('signs in through the messaging app with both, through the stand-in in demo mode without them', () => {
      expect(selectProvider(loadConfig({ ...base, ...wx, DEMO: 'false', WX_REDIRECT_URI: 'https://sl.example/wxcode-redirect' }), stores)?.appid).toBe('wx123');
      expect(selectProvider(loadConfig({ ...base, WX_APP_ID: 'wx-demo' }), stores)?.appid).toBe('wx-demo');
      expect(selectProvider(loadConfig(base), stores)?.appid).toBe('sl-standin');
      expect(selectProvider(loadConfig({ ...base, DEMO: 'false' }), stores)).toBeUndefined();
    });

    it.each([
      [{ WX_APP_SECRET: 'secret' }, 'WX_APP_ID'],
      [{ WX_APP_ID: 'wx123', DEMO: 'false' }, 'WX_APP_SECRET'],
      [{ ...wx, WX_REDIRECT_URI: 'sl.example/callback' }, 'WX_REDIRECT_URI'],
      [{ WX_REDIRECT_URI: 'https://sl.example/wxcode-redirect' }, 'WX_REDIRECT_URI'],
    ])('stops on %j naming the variable', (env, name) => {
      expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(`${name}:`));
    });
  });
});
