import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { bearerMatches } from './metrics-token.js';

const token = 'metrics-token-0123456789';

describe('bearerMatches', () => {
  it('accepts exactly the configured bearer token', () => {
    expect(bearerMatches(token, `Bearer ${token}`)).toBe(true);
    expect(bearerMatches(token, `bearer ${token}`)).toBe(true);
  });

  it.each([undefined, '', token, `Bearer`, `Bearer ${token}x`, `Bearer ${token.slice(1)}`, `Basic ${token}`, `Bearer ${token} extra`])('refuses %j', (header) => {
    expect(bearerMatches(token, header)).toBe(false);
  });
});

describe('metrics configuration', () => {
  const base = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/sl-config-test' };
  it('is off by default', () => {
    const c = loadConfig(base);
    expect([c.METRICS_TOKEN, c.METRICS_PORT]).toEqual([undefined, undefined]);
  });
  it.each([
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ METRICS_PORT: 'nine' }, 'METRICS_PORT'],
    [{ METRICS_PORT: '0' }, 'METRICS_PORT'],
  ])('stops on %j naming the variable', (env, name) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(new RegExp(`${name}:`));
  });
});
