import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

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

  it('bounds sessions by SESSION_LIFETIME, read from the former TOKEN_REFRESH_WINDOW when unset', () => {
    expect(loadConfig(base).SESSION_LIFETIME).toBe(7 * 86400);
    expect(loadConfig({ ...base, TOKEN_REFRESH_WINDOW: '86400' }).SESSION_LIFETIME).toBe(86400);
    expect(loadConfig({ ...base, TOKEN_REFRESH_WINDOW: '86400', SESSION_LIFETIME: '3600' }).SESSION_LIFETIME).toBe(3600);
  });
});
