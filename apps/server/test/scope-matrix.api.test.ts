import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { COMMAND_NAMES, ELECTRICITY_PARAMS, TERMINAL_LOG_KINDS } from '@sl/contracts';
import {
  alarmLogs, alarms, controlEmergencies, controlPlans, controlPolicies, controlSets, controlTasks, energyNotices, heartbeats, lampAssets, lampTypes, leaflets, notifyChannels, terminalBoxes,
  terminalCommands, terminalLogs, workOrders,
} from '../src/db/schema/index.js';
import type { RouteEntry } from '../src/app.js';
import { createRole, createUser } from './support/accounts.js';
import { describeEachEngine } from './support/each-engine.js';
import { exampleBody } from './support/example-body.js';
import { insertTerminal } from './support/gateway.js';
import { multipartBody } from './support/multipart.js';
import { bearer, createTestApp, type TestApp } from './support/test-app.js';

/** A record that only some callers may see: its kind decides which fixture stands for it. */
type Kind = 'terminal' | 'user' | 'dept' | 'box' | 'alarm' | 'notice' | 'heartbeat' | 'task' | 'order' | 'alarmLog' | `log:${string}` | 'policy' | 'plan' | 'emergency' | 'controlTask' | `set:${string}` | 'leaflet' | 'asset' | 'channel';

/** Routes that take a file instead of a JSON body. */
const UPLOADS = /\/terminal\/imgs\/:id$/;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** Values a minimal body needs for its id field to matter (a custom department list needs the custom scope). */
const BODY_VALUES: Record<string, Record<string, unknown>> = {
  'PUT /api/v1/roledatascope': { dataScope: '2' },
  'POST /api/v1/alarm/notify/add': { kind: 'email', target: 'probe@example.com' },
  'PUT /api/v1/alarm/notify/update': { kind: 'email', target: 'probe@example.com' },
};

const ID_FIELD = /^(id|ids|[a-zA-Z]+Id|[a-zA-Z]+Ids)$/;
const NONE = 999_999;

/**
 * What an id field of a route refers to: a scoped kind, or null for records that have no department
 * (menus, roles, enterprises, dictionaries, configuration, system logs, device-local program ids).
 * A route with an id field this table cannot place fails the test: classify it when you add it.
 */
function kindOf(url: string, field: string): Kind | null | undefined {
  if (/^(terminalIds?|replacementId)$/.test(field)) return 'terminal';
  if (/^alarmIds?$/.test(field)) return 'alarm';
  if (/^boxIds?$/.test(field)) return 'box';
  if (field === 'orderId') return 'order';
  if (field === 'userIds' || field === 'receiverIds') return 'user';
  if (field === 'logIds') return 'alarmLog';
  if (field === 'assigneeId' || field === 'setId' || field === 'smsUserIds') return null; // sets are per family, no department // checked against the alarms' departments, which are scoped
  if (/^deptIds?$/.test(field)) return 'dept';
  if (field === 'taskId') return 'task';
  // A keyset cursor names no record to fetch: the answer is the rows after it in the caller's scope.
  if (field === 'afterId') return null;
  // Control: templates are shared per family (no department); plans and emergencies target terminals (group mode 1).
  if (field === 'templateId') return null;
  if (field === 'policyId') return 'policy';
  if (field === 'targetIds') return 'terminal';
  if (field === 'sourceId') return 'plan';
  if (field === 'areaId') return 'set:area';
  if (field === 'strategyId') return 'set:strategy';
  if (field === 'electricitySetId') return 'set:electricity';
  // Lamp records belong to the departments of their terminals; lamp types are a shared catalogue (no department).
  if (/^assetIds?$/.test(field)) return 'asset';
  if (field === 'lampTypeId') return null;
  // Alarm notice channels are per department.
  if (field === 'channelId') return 'channel';
  // The open platform's API clients, their webhooks and deliveries are administrator-only pages, not department data.
  if (field === 'clientId') return null;
  if (['enterpriseId', 'menuId', 'parentId', 'roleId', 'menuIds', 'roleIds', 'dictId', 'configId', 'planId', 'openId', 'uniqueId', 'imageId'].includes(field)) return null;
  if (field === 'userId') return /\/(sysUser|user\/pwd\/reset)/.test(url) ? 'user' : null;
  if (!/^ids?$/.test(field)) return undefined;
  const log = /\/log\/(\w+)\/info\//.exec(url);
  if (log) return `log:${log[1]}`;
  const set = /\/(strategy|area|electricity|maintenance)\/set\//.exec(url);
  if (set) return `set:${set[1]}`;
  const byPath: Array<[RegExp, Kind | null]> = [
    [/\/(menu|role|delRole|enterprise\w*|dict\/|config|sysOperLog|sysLoginLog)/, null],
    // Administrator-only pages, not department data: the open platform's clients and webhooks, the report e-mail settings.
    [/\/open\/(clients|webhooks)(\/|$)/, null],
    [/\/reports\/mails\//, null],
    [/\/asset\/lamptype\//, null],
    [/\/asset\/lamp\//, 'asset'],
    [/\/test\/local\//, null],
    [/\/policy\/template\//, null],
    [/\/policy\/task\//, 'controlTask'],
    [/\/policy\/(getData|delData|updateData)/, 'policy'],
    [/\/dispatch\/(updateDistributeLeaflets|leaflet\/)/, 'leaflet'],
    [/\/plan\/emergency\//, 'emergency'],
    [/\/plan\//, 'plan'],
    [/\/sysUser\//, 'user'],
    [/\/dept\//, 'dept'],
    [/\/terminal\/box\//, 'box'],
    [/^\/api\/v1\/energy\/notice\//, 'notice'],
    [/^\/api\/v1\/alarm\//, 'alarm'],
    [/\/(heartInfo|heart\/data\/info)\//, 'heartbeat'],
    [/\/(hearttestLogInfo|terminal\/set\/|task\/outcomes)/, 'task'],
    [/\/(terminal\/(info|datas|imgs|del|status\/log|inventory\/delete|history)|terminalInfo|delterminal|(rdcsm|rdc4m)\/terminal\/)/, 'terminal'],
  ];
  return byPath.find(([re]) => re.test(url))?.[1];
}

/** The route looked the missing id up: not found, a refusal naming it, or an empty answer (not a validation failure). */
const lookedUp = (res: { code: number; msg?: string; data?: unknown }) =>
  res.code === 404 || (res.code === 400 && String(res.msg).includes(String(NONE))) || (res.code === 200 && isEmpty(res.data));

const isEmpty = (data: unknown) =>
  data === null ||
  (Array.isArray(data) && data.length === 0) ||
  (typeof data === 'object' && ((data as { count?: number }).count === 0 || (data as { list?: unknown[] }).list?.length === 0 || (data as { total?: number }).total === 0)) ||
  // A report over no lamps: energy and savings have no rows, operations counts no lamp.
  (typeof data === 'object' && ((data as { rows?: unknown[] }).rows?.length === 0 || (data as { lampCount?: number }).lampCount === 0));

// Seeded departments: 1 centre → 2 ops one → 5 east team; 1 → 3 ops two. The caller is in 2 with scope 3.
describeEachEngine('data scope over the route table: out of scope answers as if the record did not exist', (engine) => {
  let t: TestApp;
  let token: string;
  let adminToken: string;
  const outside = {} as Record<Kind, number>;
  const inside = {} as Record<Kind, number>;
  /** A role the scoped user may edit, for routes that take a role beside the probed id. */
  let probeRole: number;
  /** Routes filter by family or command: each out-of-scope record of the kind is tried. */
  const outsideMany: Partial<Record<Kind, number[]>> = {};
  const candidates = (kind: Kind) => outsideMany[kind] ?? [outside[kind]];

  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    await createUser(db, 'scoped', 2, [await createRole(db, 'scoped-all', { dataScope: '3', permissions: '*' })]);
    token = await t.login('scoped');
    probeRole = await createRole(db, 'probe-role', { dataScope: '5' });
    adminToken = await t.login();
    const [{ lampTypeId }] = await db.insert(lampTypes).values({ manufacturer: 'Probe', model: 'P-1', ratedPowerW: 100, ratedLifeH: 50_000 }).returning();
    for (const [target, deptId] of [[outside, 3], [inside, 2]] as const) {
      const terminal = await insertTerminal(db, { family: 'rdcsm', deptId, name: `in ${deptId}` });
      target.terminal = terminal.terminalId;
      target.dept = deptId;
      target.user = await createUser(db, `member${deptId}`, deptId, []);
      [{ boxId: target.box }] = await db.insert(terminalBoxes).values({ name: `box ${deptId}`, code: `B${deptId}`, deptId }).returning();
      [{ alarmId: target.alarm }] = await db.insert(alarms).values({ terminalId: terminal.terminalId, deptId, kind: 'doorOpen', message: 'door' }).returning();
      [{ orderId: target.order }] = await db.insert(workOrders).values({ deptId, assigneeId: target.user }).returning();
      [{ logId: target.alarmLog }] = await db.insert(alarmLogs).values({ alarmId: target.alarm, event: 'raise', toStatus: 1 }).returning();
      [{ id: target.notice }] = await db.insert(energyNotices).values({ uniqueId: 'u', deptId, sendTitle: 't', sendContent: 'c' }).returning();
      [{ id: target.heartbeat }] = await db.insert(heartbeats).values({ terminalId: terminal.terminalId, mid: `h${deptId}`, ts: new Date(), model: 1, voltageA: 220 }).returning();
      for (const kind of TERMINAL_LOG_KINDS) {
        [{ id: target[`log:${kind}`] }] = await db.insert(terminalLogs).values({ kind, terminalId: terminal.terminalId, msg: kind }).returning();
      }
      [{ id: target.policy }] = await db.insert(controlPolicies).values({ name: `policy ${deptId}`, family: 'rdcsm', model: 2, steps: [{ at: 'sunset', action: 'on' }, { at: 'sunrise', action: 'off' }], deptId }).returning();
      [{ id: target.plan }] = await db.insert(controlPlans).values({ name: `plan ${deptId}`, policyId: target.policy, groupMode: 1, targetIds: [terminal.terminalId], startDate: '2030-01-01', endDate: '2030-01-02', timeZone: 'Asia/Shanghai', deptId }).returning();
      [{ id: target.emergency }] = await db.insert(controlEmergencies).values({ name: `storm ${deptId}`, action: 'on', level: 100, groupMode: 1, targetIds: [terminal.terminalId], startAt: new Date(), expireAt: new Date(Date.now() + 60_000), deptId }).returning();
      [{ id: target.controlTask }] = await db.insert(controlTasks).values({ source: 'plan', sourceId: target.plan, terminalId: terminal.terminalId, cmd: 'plan.bind', params: {} }).returning();
      [{ id: target.leaflet }] = await db.insert(leaflets).values({ title: `leaflet ${deptId}`, instruction: 'i', groupMode: 1, targetIds: [terminal.terminalId], terminalCount: 1, dueAt: new Date(), deptId }).returning();
      for (const kind of ['strategy', 'area', 'electricity', 'maintenance']) {
        [{ id: target[`set:${kind}`] }] = await db.insert(controlSets).values({ kind, name: `${kind} ${deptId}`, deptId, data: kind === 'strategy' ? { policyId: target.policy } : {} }).returning();
      }
      [{ assetId: target.asset }] = await db.insert(lampAssets).values({ poleNo: `P${deptId}`, lampTypeId, terminalId: terminal.terminalId, deptId }).returning();
      [{ channelId: target.channel }] = await db.insert(notifyChannels).values({ deptId, kind: 'email', target: `ops${deptId}@example.com` }).returning();
      const addTasks = (terminalId: number) =>
        db
          .insert(terminalCommands)
          .values(COMMAND_NAMES.map((cmd) => ({ mid: `${cmd}-${terminalId}`, terminalId, cmd, params: cmd === 'param.set' ? { [ELECTRICITY_PARAMS[0]]: 1 } : {}, expiresAt: new Date(Date.now() + 60_000) })))
          .returning({ id: terminalCommands.id });
      const tasks = await addTasks(terminal.terminalId);
      target.task = tasks[0].id;
      if (deptId === 3) {
        const rdc4m = await insertTerminal(db, { family: 'rdc4m', deptId, name: 'rdc4m in 3' });
        outsideMany.terminal = [terminal.terminalId, rdc4m.terminalId];
        outsideMany.task = [...tasks, ...(await addTasks(rdc4m.terminalId))].map((task) => task.id);
      }
    }
  });
  afterAll(() => t?.close());

  interface Probe {
    route: RouteEntry;
    field: string;
    where: 'params' | 'query' | 'body';
    kind: Kind;
  }

  const probes = (): Probe[] =>
    t.app.routeTable.flatMap((route) =>
      (['params', 'query', 'body'] as const).flatMap((where) =>
        route.fields[where]
          .filter((field) => ID_FIELD.test(field))
          .flatMap((field) => {
            const kind = route.config.public ? null : kindOf(route.url, field);
            if (kind === undefined) throw new Error(`${route.method} ${route.url}: classify the id field "${field}" in kindOf()`);
            return kind ? [{ route, field, where, kind }] : [];
          }),
      ),
    );

  /** Calls the route with `value` in the probed field and in-scope values in every other id field. */
  const call = (p: Probe, value: number, as = token) => {
    const many = (field: string) => field.endsWith('s');
    const put = (field: string, v: number) => (many(field) ? [v] : v);
    const filler = (field: string) => {
      const kind = kindOf(p.route.url, field);
      return kind ? put(field, inside[kind]) : field === 'roleId' ? probeRole : undefined;
    };
    let url = p.route.url.replace(/:(\w+)(\?)?/g, (_, name: string, optional?: string) => {
      if (name === p.field) return String(value);
      if (optional) return '';
      if (name === 'family') return 'rdcsm';
      return String(filler(name) ?? 1);
    }).replace(/\/$/, '');
    const query = new URLSearchParams();
    if (p.where === 'query') query.set(p.field, String(value));
    if (query.size) url += `?${query}`;
    let payload: Record<string, unknown> | undefined;
    if (p.route.method !== 'GET' && p.route.method !== 'DELETE') {
      payload = { ...exampleBody(p.route.schema?.body), ...BODY_VALUES[`${p.route.method} ${p.route.url}`] };
      for (const field of p.route.fields.body.filter((f) => ID_FIELD.test(f) && f in payload!)) {
        const v = filler(field);
        if (v !== undefined) payload[field] = v;
      }
      for (const field of Object.keys(payload).filter((f) => /password/i.test(f))) payload[field] = t.encrypt('Probe-123456');
      if (p.where === 'body') payload[p.field] = put(p.field, value);
    }
    if (UPLOADS.test(p.route.url)) {
      const { body, contentType } = multipartBody('file', 'probe.png', PNG, 'image/png');
      return t.app.inject({ method: 'POST', url, headers: { ...bearer(as), 'content-type': contentType }, payload: body }).then(envelope);
    }
    return t.app.inject({ method: p.route.method as 'GET', url, headers: bearer(as), ...(payload ? { payload } : {}) }).then(envelope);
  };

  /** The JSON envelope, or for a workbook download its data row count as `data.count` (a report's total row is no data). */
  async function envelope(res: Awaited<ReturnType<TestApp['app']['inject']>>) {
    if (String(res.headers['content-type']).includes('json')) return res.json();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const totalRow = String(sheet.getRow(sheet.actualRowCount).getCell(1).value).startsWith('合计') ? 1 : 0;
    return { code: res.statusCode, data: { count: sheet.actualRowCount - 1 - totalRow } };
  }

  it('classifies every id field of every route', () => {
    expect(probes().length).toBeGreaterThan(150);
  });

  /**
   * The out-of-scope records that stand for the probe's kind. A read where several could (routes filter by
   * family or command) keeps the one the administrator finds, which also proves the fixture is real.
   */
  async function targets(p: Probe): Promise<number[]> {
    const all = candidates(p.kind);
    if (p.route.method !== 'GET' || p.where !== 'params') return all;
    for (const id of all) if ((await call(p, id, adminToken)).code === 200) return [id];
    return [];
  }

  it('answers an out-of-scope id exactly as a missing one, on every route that takes one', async () => {
    const failures: string[] = [];
    for (const p of probes()) {
      const label = `${p.route.method} ${p.route.url} (${p.where}.${p.field} → ${p.kind})`;
      const missing = await call(p, NONE);
      if (!lookedUp(missing)) {
        failures.push(`${label}: a missing id answered ${missing.code} "${missing.msg}", so the probe cannot tell scope from validation`);
        continue;
      }
      const ids = await targets(p);
      if (ids.length === 0) failures.push(`${label}: the administrator finds none of the fixtures, so the probe would prove nothing`);
      for (const id of ids) {
        const out = await call(p, id);
        const same = out.code === missing.code && (out.code === 200 ? isEmpty(out.data) : String(out.msg).replaceAll(String(id), String(NONE)) === missing.msg);
        if (!same) failures.push(`${label}: out of scope (${id}) answered ${out.code} "${out.msg ?? ''}", a missing one ${missing.code} "${missing.msg}"`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
