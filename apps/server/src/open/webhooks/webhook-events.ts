import type { WebhookEventInput, WorkOrder } from '@sl/contracts';
import type { CitizenReportNotice } from '../../events/domain-events.js';
import type { AlarmNotice } from '../../gateway/ports.js';

/** An alarm raised, moved or cleared, as a webhook event. */
export function alarmEvent(n: AlarmNotice): WebhookEventInput {
  const type = n.event === 'raise' ? 'alarm.raised' : n.cleared ? 'alarm.cleared' : 'alarm.changed';
  return {
    type, deptId: n.deptId,
    data: { alarmId: n.alarmId, deviceId: n.terminalId, deviceName: n.terminalName, kind: n.kind, severity: n.severity, status: n.status, message: n.message, change: n.event },
  };
}

/** A lamp (or any cabinet loop) went on or off, as the terminal's readings say. */
export const lampEvent = (terminalId: number, deptId: number | null, lit: boolean): WebhookEventInput => ({
  type: 'lamp.stateChanged', deptId, data: { deviceId: terminalId, lit },
});

/** A work order created or moved. */
export const workOrderEvent = (o: WorkOrder, change: string): WebhookEventInput => ({
  type: 'workOrder.changed', deptId: o.deptId,
  data: { orderId: o.orderId, status: o.status, change, priority: o.priority, dueAt: o.dueAt, closedAt: o.closedAt, alarmIds: o.alarms.map((a) => a.alarmId) },
});

/** A citizen's fault report, without the reporter's phone, address or photo. */
export const citizenReportEvent = (r: CitizenReportNotice): WebhookEventInput => ({
  type: 'citizenReport.created', deptId: r.deptId,
  data: { reportId: r.reportId, deviceId: r.terminalId, alarmId: r.alarmId, problem: r.problem, reportedAt: r.at.toISOString() },
});
