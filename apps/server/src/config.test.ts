import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const base = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/sl-config-test' };

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig(base);
    expect(c).toMatchObject({ PORT: 8080, MQTT_PORT: 1883, DEMO: true, CAPTCHA: true, HOST: '0.0.0.0' });
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
  ])('stops on %j naming the variable', (env, name) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(`${name}:`));
  });
});
