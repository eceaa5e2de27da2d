import { describe, expect, it, vi } from 'vitest';
import { resolveWxCode, type WxApi } from './wx-flow';

const api = (bound: boolean): WxApi => ({
  qrcode: vi.fn(async () => ({ appid: 'app' })),
  exchange: vi.fn(async () => ({ accessToken: 'at', openId: 'oid', expiresIn: 7200 })),
  login: vi.fn(async () => (bound ? { bound: true as const, token: 'jwt', expire: 'x' } : { bound: false as const })),
});

describe('resolveWxCode', () => {
  it('signs a bound open id in', async () => {
    const a = api(true);
    expect(await resolveWxCode(' c1 ', a, 'missing')).toEqual({ step: 'signed-in', token: 'jwt' });
    expect(a.exchange).toHaveBeenCalledWith('app', 'c1');
    expect(a.login).toHaveBeenCalledWith({ accessToken: 'at', openId: 'oid' });
  });
  it('asks an unbound open id to bind, keeping the access token', async () => {
    expect(await resolveWxCode('c1', api(false), 'missing')).toEqual({ step: 'bind', auth: { accessToken: 'at', openId: 'oid' } });
  });
  it('refuses a return without a code without calling the server', async () => {
    const a = api(true);
    expect(await resolveWxCode(null, a, 'missing')).toEqual({ step: 'error', message: 'missing' });
    expect(await resolveWxCode('  ', a, 'missing')).toEqual({ step: 'error', message: 'missing' });
    expect(a.qrcode).not.toHaveBeenCalled();
  });
  it('turns a refused code into an error with the server message', async () => {
    const a = { ...api(true), exchange: vi.fn(async () => { throw new Error('The code is invalid, expired or already used'); }) };
    expect(await resolveWxCode('c1', a, 'missing')).toEqual({ step: 'error', message: 'The code is invalid, expired or already used' });
    expect(a.login).not.toHaveBeenCalled();
  });
});
