import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from './support/each-engine.js';
import { multipartBody } from './support/multipart.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describeEachEngine('personal centre API', (engine) => {
  let t: TestApp;
  let h: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(engine, { DATA_DIR: `/tmp/sl-profile-${engine}-${Date.now()}` });
    h = bearer(await t.login('operator'));
  });
  afterAll(() => t?.close());

  const upload = (data: Buffer, field = 'file') => {
    const { body, contentType } = multipartBody(field, 'a.png', data, 'image/png');
    return t.app.inject({ method: 'POST', url: '/api/v1/user/avatar', payload: body, headers: { ...h, 'content-type': contentType } });
  };

  it('shows and edits the profile', async () => {
    expect((await t.app.inject({ url: '/api/v1/user/profile', headers: h })).json().data).toMatchObject({ username: 'operator', deptName: '运维一部' });
    const saved = await t.app.inject({ method: 'PUT', url: '/api/v1/sysUser/profile', headers: h, payload: { nickName: '老王', phone: '13911112222', email: 'w@example.com', sex: '1', introduction: 'night shift' } });
    expect(saved.json().data).toMatchObject({ nickName: '老王', sex: '1', phone: '13911112222' });
    const bad = await t.app.inject({ method: 'PUT', url: '/api/v1/sysUser/profile', headers: h, payload: { nickName: '', sex: '7' } });
    expect(bad.json()).toMatchObject({ code: 400, msg: expect.stringMatching(/nickName is required/) });
  });

  it('changes the password only with the right old one', async () => {
    const change = (oldPassword: string, newPassword: string) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/user/pwd', headers: h, payload: { oldPassword: t.encrypt(oldPassword), newPassword: t.encrypt(newPassword) } }).then((r) => r.json());
    expect(await change('wrong', 'new-secret')).toMatchObject({ code: 400, msg: 'The old password is wrong' });
    expect(await change('123456', '12')).toMatchObject({ code: 400, msg: /6 to 64/ });
    // The change ends every session; this one goes on with the token the answer carries.
    const changed = await change('123456', 'new-secret');
    expect(changed).toMatchObject({ code: 200, data: { token: expect.any(String), expire: expect.any(String) } });
    h = bearer(changed.data.token);
    expect((await t.login('operator', 'new-secret')).length).toBeGreaterThan(20);
    // Back to the demo's password is refused: every new password must pass the password policy (issue 24).
    expect(await change('new-secret', '123456')).toMatchObject({ code: 400, msg: /common one/ });
  });

  it('stores an image avatar, serves it, and shows it in the user info', async () => {
    const res = (await upload(PNG)).json();
    expect(res.code).toBe(200);
    expect(res.data.avatar).toMatch(/^\/uploads\/avatar\/\d+-[0-9a-f-]+\.png$/);
    const file = await t.app.inject(res.data.avatar);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 8)).toEqual(PNG.subarray(0, 8));
    expect((await t.app.inject({ url: '/api/v1/getinfo', headers: h })).json().data.avatar).toBe(res.data.avatar);
  });

  it('refuses what is not an image, too large, or not multipart', async () => {
    expect((await upload(Buffer.from('<svg onload=alert(1)>hello</svg>'))).json().msg).toMatch(/PNG, JPEG, GIF or WebP/);
    expect((await upload(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]))).json().msg).toMatch(/at most 2 MB/);
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/user/avatar', headers: h, payload: { a: 1 } });
    expect(json.json()).toMatchObject({ code: 400, msg: expect.stringMatching(/multipart/) });
  });
});
