import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { heartbeats } from '../src/db/schema/index.js';
import { describeEachEngine } from './support/each-engine.js';
import { multipartBody } from './support/multipart.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';
import { addTerminal, caller, type Caller } from './terminals-fixtures.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
const T0 = Date.parse('2026-01-01T00:00:00Z');

describeEachEngine('terminals: images and readings', (engine) => {
  let t: TestApp;
  let api: Caller;
  let token: string;
  let terminalId: number;
  const dataDir = `/tmp/sl-test-terminals-${engine}-${process.pid}`;
  beforeAll(async () => {
    t = await createTestApp(engine, { DATA_DIR: dataDir });
    token = await t.login();
    api = caller(t, token);
    terminalId = (await addTerminal(api)).terminalId;
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const upload = (id: number, data: Buffer, name = 'photo.png') => {
    const { body, contentType } = multipartBody('file', name, data, 'image/png');
    return t.app.inject({ method: 'POST', url: `/api/v1/terminal/imgs/${id}`, payload: body, headers: { ...bearer(token), 'content-type': contentType } }).then((r) => r.json());
  };

  it('accepts images, lists and deletes them', async () => {
    const saved = await upload(terminalId, PNG);
    expect(saved).toMatchObject({ code: 200, data: { terminalId, url: expect.stringMatching(new RegExp(`^/uploads/terminal/${terminalId}-[\\w-]+\\.png$`)) } });
    const served = await t.app.inject({ url: saved.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await api.get(`/terminal/imgs/${terminalId}`)).data).toHaveLength(1);
    expect((await api.del(`/terminal/imgs/${terminalId}/${saved.data.id}`)).code).toBe(200);
    expect((await api.del(`/terminal/imgs/${terminalId}/${saved.data.id}`)).code).toBe(404);
    expect((await api.get(`/terminal/imgs/${terminalId}`)).data).toHaveLength(0);
  });

  it('refuses files that are not images, images over 5 MB, missing files and unknown terminals', async () => {
    expect(await upload(terminalId, Buffer.from('#!/bin/sh\necho not an image\n'), 'x.png')).toMatchObject({ code: 400, msg: expect.stringMatching(/PNG, JPEG, GIF or WebP/) });
    expect(await upload(terminalId, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]))).toMatchObject({ code: 400, msg: expect.stringMatching(/at most 5 MB/) });
    expect((await upload(999_999, PNG)).code).toBe(404);
    const noFile = await t.app.inject({ method: 'POST', url: `/api/v1/terminal/imgs/${terminalId}`, headers: bearer(token), payload: {} });
    expect(noFile.json()).toMatchObject({ code: 400, msg: expect.stringMatching(/multipart form field "file"/) });
    expect((await api.get(`/terminal/imgs/${terminalId}`)).data).toHaveLength(0);
  });

  it('pages heartbeats in a time range, newest first, and shows the latest in the info', async () => {
    await t.database.db.insert(heartbeats).values(
      Array.from({ length: 30 }, (_, i) => ({ terminalId, mid: `m${i}`, ts: new Date(T0 + i * 60_000), model: 2, voltageA: 220 + i, dim: 80, on: true })),
    );
    const all = (await api.get(`/terminal/datas/${terminalId}?pageSize=10`)).data;
    expect(all.count).toBe(30);
    expect(all.list[0]).toMatchObject({ mid: 'm29', voltageA: 249, ts: new Date(T0 + 29 * 60_000).toISOString() });
    const from = new Date(T0 + 10 * 60_000).toISOString();
    const ranged = (await api.get(`/terminal/datas/${terminalId}?from=${from}&to=${T0 + 14 * 60_000}`)).data;
    expect(ranged.list.map((h: { mid: string }) => h.mid)).toEqual(['m14', 'm13', 'm12', 'm11', 'm10']);
    expect((await api.get(`/terminal/info/${terminalId}`)).data.latestHeartbeat).toMatchObject({ mid: 'm29', dim: 80, on: true });
    expect((await api.get(`/terminal/datas/${terminalId}?from=soon`)).msg).toMatch(/from must be a date/);
    expect((await api.get(`/terminal/datas/${terminalId}?from=${T0 + 1}&to=${T0}`)).code).toBe(400);
  });
});
