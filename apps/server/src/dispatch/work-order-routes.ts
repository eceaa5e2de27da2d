import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assigneeBody, id, WORK_ORDER_ACTIONS, workOrderActionBody, workOrderAddBody, workOrderQuery } from '@sl/contracts';
import { ok } from '../http/reply.js';
import { readUpload } from '../http/upload.js';
import type { Services } from '../services.js';
import { workOrderEvent } from '../open/webhooks/webhook-domain.js';

const tags = ['dispatch: work orders'];
const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** Repair work orders: create from alarms, list all in scope or mine, act on one. */
export function workOrderRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const orders = services.workOrders;
  const query = { permission: 'dispatch:workorder:query' };

  api.post('/api/v1/dispatch/workorder/assignees', { config: { permission: 'alarm:alarm:dispatch', readOnly: true }, schema: { tags, summary: "Who may repair these alarms: users in your scope with a phone in the alarms' department or a parent", body: assigneeBody } }, async (request) =>
    ok(request, await orders.assignees(await request.principal(), request.body.alarmIds)),
  );
  api.post('/api/v1/dispatch/workorder/add', { config: { permission: 'alarm:alarm:dispatch' }, schema: { tags, summary: 'Create a work order for one or many alarms of one department; the assignee gets a text', body: workOrderAddBody } }, async (request) => {
    const order = await orders.create(await request.principal(), request.body);
    services.webhooks.enqueue(workOrderEvent(order, 'created'));
    return ok(request, order, 'work order created');
  });
  api.post('/api/v1/dispatch/workorder/list', { config: { ...query, readOnly: true }, schema: { tags, summary: 'Work orders in scope, newest first', body: workOrderQuery } }, async (request) =>
    ok(request, await orders.page(await request.principal(), request.body, false)),
  );
  api.post('/api/v1/dispatch/workorder/mine', { config: { ...query, readOnly: true }, schema: { tags, summary: "The caller's own work orders (as the maintenance person)", body: workOrderQuery } }, async (request) =>
    ok(request, await orders.page(await request.principal(), request.body, true)),
  );
  api.get('/api/v1/dispatch/workorder/info/:orderId', { config: query, schema: { tags, summary: 'One work order with its alarms and their places', params: z.object({ orderId: id('orderId') }) } }, async (request) =>
    ok(request, await orders.get(await request.principal(), request.params.orderId)),
  );
  api.post('/api/v1/dispatch/workorder/photo/:orderId', { config: query, schema: { tags, summary: `Upload a completion photo of one's own order (multipart "file", at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB)`, params: z.object({ orderId: id('orderId') }) } }, async (request) => {
    const photo = await orders.addPhoto(await request.principal(), request.params.orderId, () => readUpload(request, PHOTO_MAX_BYTES));
    return ok(request, photo, 'photo saved');
  });
  for (const action of WORK_ORDER_ACTIONS) {
    const config = action === 'recall' ? { permission: 'dispatch:workorder:edit' } : query;
    api.post(`/api/v1/dispatch/workorder/${action}`, { config, schema: { tags, summary: `${action}: move the order and its alarms (docs/alarms.md)`, body: workOrderActionBody } }, async (request) => {
      const order = await orders.act(await request.principal(), action, request.body);
      services.webhooks.enqueue(workOrderEvent(order, action));
      return ok(request, order, `work order ${action}`);
    });
  }
}
