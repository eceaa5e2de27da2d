/** The messages the product sends; each provider maps the key to its own approved template. */
export const SMS_TEMPLATES = {
  dispatch: (p: Record<string, string>) => `【路灯监控】工单${p.orderId}：${p.terminal} ${p.kind}，请尽快处理。${p.instruction ?? ''}`.trim(),
  alarm: (p: Record<string, string>) => `【路灯监控】告警${p.alarmId}：${p.terminal} ${p.kind}。`,
  leaflet: (p: Record<string, string>) => `【路灯监控】派发传单${p.id}：${p.title}，请于${p.due}前完成。`,
} as const;
export type SmsTemplate = keyof typeof SMS_TEMPLATES;

/** The variables of each template, in the order the providers' templates number them. */
const TEMPLATE_VARIABLES: Record<string, string[]> = { dispatch: ['orderId', 'terminal', 'kind'], alarm: ['alarmId', 'terminal', 'kind'], leaflet: ['id', 'title', 'due'] };

/** A template's variables (in order) from a message's parameters. */
export function templateValues(template: string, params: Record<string, string>): Record<string, string> {
  return Object.fromEntries((TEMPLATE_VARIABLES[template] ?? Object.keys(params)).map((k) => [k, params[k] ?? '']));
}
