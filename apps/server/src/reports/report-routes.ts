import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { energyReportQuery, idParam, monthReportQuery, operationsReportQuery, reportMailBody } from '@sl/contracts';
import { notFound, text } from '../http/errors.js';
import { requestLocale } from '../http/locale.js';
import { ok } from '../http/reply.js';
import type { Services } from '../services.js';
import { lastMonth, withReportDays } from './report-days.js';
import { energyWorkbook, operationsWorkbook } from './report-workbook.js';

const tags = ['reports'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const attachment = (name: string) => `attachment; filename="${name}"`;

/** Reports (docs/reports.md): energy, savings and operations, their .xlsx, the month PDF, and the monthly e-mails. */
export function reportRoutes(app: FastifyInstance, services: Services) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { energy, operations, monthly, mails } = services.reports;
  const days = <Q extends { from?: string; to?: string }>(q: Q) => withReportDays(q, services.config.ROLLUP_TIME_ZONE);

  api.get('/api/v1/reports/energy', { config: { permission: 'report:energy:query' }, schema: { tags, summary: 'Energy, baseline, savings, cost, CO₂, burning hours, lighting and online rate by place or period (daily rollups)', querystring: energyReportQuery } }, async (request) =>
    ok(request, await energy.report(await request.principal(), days(request.query))),
  );
  api.get('/api/v1/reports/energy/export', { config: { permission: 'report:energy:query' }, schema: { tags, summary: 'The energy report as .xlsx', querystring: energyReportQuery } }, async (request, reply) => {
    const q = days(request.query);
    return reply.type(XLSX_TYPE).header('content-disposition', attachment(`energy-${q.from}-${q.to}.xlsx`)).send(await energyWorkbook(await energy.report(await request.principal(), q)));
  },
  );
  api.get('/api/v1/reports/savings', { config: { permission: 'report:savings:query' }, schema: { tags, summary: 'Energy against full power from sunset to sunrise, split into dimming and shorter burning, by place or period', querystring: energyReportQuery } }, async (request) =>
    ok(request, await energy.report(await request.principal(), days(request.query))),
  );
  api.get('/api/v1/reports/savings/export', { config: { permission: 'report:savings:query' }, schema: { tags, summary: 'The savings report as .xlsx', querystring: energyReportQuery } }, async (request, reply) => {
    const q = days(request.query);
    return reply.type(XLSX_TYPE).header('content-disposition', attachment(`savings-${q.from}-${q.to}.xlsx`)).send(await energyWorkbook(await energy.report(await request.principal(), q)));
  },
  );
  api.get('/api/v1/reports/operations', { config: { permission: 'report:operations:query' }, schema: { tags, summary: 'Lighting rate per hour, online and failure rate, burning hours and switch-ons per lamp, repair times, open alarms by age, and these figures per place of the drill-down level (groupBy department|area|cabinet|terminal, narrowed by deptIds/areas/noArea/boxIds/terminalIds)', querystring: operationsReportQuery } }, async (request) =>
    ok(request, await operations.report(await request.principal(), days(request.query))),
  );
  api.get('/api/v1/reports/operations/export', { config: { permission: 'report:operations:query' }, schema: { tags, summary: 'The operations report as .xlsx', querystring: operationsReportQuery } }, async (request, reply) => {
    const q = days(request.query);
    return reply.type(XLSX_TYPE).header('content-disposition', attachment(`operations-${q.from}-${q.to}.xlsx`)).send(await operationsWorkbook(await operations.report(await request.principal(), q)));
  },
  );
  api.get('/api/v1/reports/month.pdf', { config: { permission: 'report:energy:query' }, schema: { tags, summary: "A department's month as a printable PDF (in the caller's language unless `locale`)", querystring: monthReportQuery } }, async (request, reply) => {
    const principal = await request.principal();
    const { deptId = principal.deptId ?? 1, month = lastMonth(services.config.ROLLUP_TIME_ZONE), locale = requestLocale(request) } = request.query;
    const { pdf, filename } = await monthly.pdf(principal, deptId, month, locale);
    return reply.type('application/pdf').header('content-disposition', attachment(filename)).send(pdf);
  });

  api.get('/api/v1/reports/mails', { config: { permission: 'report:mail:edit', readOnly: true }, schema: { tags, summary: 'The monthly report e-mails: department, recipients, language, last month sent' } }, async (request) =>
    ok(request, { list: (await mails.list()).map(({ timeZone: _zone, ...m }) => m), mailConfigured: services.mailer.configured }),
  );
  api.post('/api/v1/reports/mails', { config: { permission: 'report:mail:edit' }, schema: { tags, summary: "Sets a department's monthly report e-mail (replacing the one it had)", body: reportMailBody } }, async (request) => {
    if (!(await mails.deptVisible(await request.principal(), request.body.deptId))) throw notFound(text('report.deptNotFound', { id: request.body.deptId }));
    return ok(request, { id: await mails.save(request.body, (await request.principal()).userId) });
  });
  api.delete('/api/v1/reports/mails/:id', { config: { permission: 'report:mail:edit' }, schema: { tags, summary: 'Stops a monthly report e-mail', params: idParam } }, async (request) => {
    if (!(await mails.remove(request.params.id))) throw notFound(text('report.subscriptionNotFound', { id: request.params.id }));
    return ok(request, null);
  });
  api.post('/api/v1/reports/mails/:id/send', { config: { permission: 'report:mail:edit' }, schema: { tags, summary: "Sends a month's report to the e-mail's recipients now (a test, or a month the scheduler missed)", params: idParam, body: monthReportQuery.pick({ month: true }).required() } }, async (request) => {
    const mail = (await mails.list()).find((m) => m.id === request.params.id);
    if (!mail) throw notFound(text('report.subscriptionNotFound', { id: request.params.id }));
    await monthly.send(mail, request.body.month);
    return ok(request, null);
  });
}
