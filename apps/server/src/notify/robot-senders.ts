import { createHmac } from 'node:crypto';

/** A notice as a chat robot shows it: a title and Markdown lines. */
export interface RobotMessage {
  title: string;
  markdown: string;
}

const TIMEOUT_MS = 10_000;

/** Both robots answer HTTP 200 with `{errcode, errmsg}`; anything but errcode 0 is a failure. */
async function post(url: string, body: unknown): Promise<void> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(TIMEOUT_MS) });
  const answer = (await res.json().catch(() => ({}))) as { errcode?: number; errmsg?: string };
  if (!res.ok || answer.errcode !== 0) throw new Error(`robot answered HTTP ${res.status}, errcode ${answer.errcode ?? '?'}: ${answer.errmsg ?? ''}`);
}

/** WeCom (企业微信) group robot: POST the webhook URL (`.../cgi-bin/webhook/send?key=...`) with a markdown message. */
export const sendWecom = (webhook: string, m: RobotMessage) => post(webhook, { msgtype: 'markdown', markdown: { content: `**${m.title}**\n${m.markdown}` } });

/**
 * DingTalk's signature of a robot call: base64 of HMAC-SHA256 over `timestamp + "\n" + secret` keyed with the
 * secret, sent URL-encoded as `sign` beside `timestamp` (milliseconds); DingTalk refuses calls over an hour old.
 */
export const dingtalkSign = (secret: string, timestamp: number) => createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');

/** DingTalk (钉钉) group robot: POST the webhook URL (`.../robot/send?access_token=...`), signed when a secret is set. */
export function sendDingtalk(webhook: string, secret: string, m: RobotMessage, now = Date.now()): Promise<void> {
  const url = new URL(webhook);
  if (secret) {
    url.searchParams.set('timestamp', String(now));
    url.searchParams.set('sign', dingtalkSign(secret, now));
  }
  return post(url.toString(), { msgtype: 'markdown', markdown: { title: m.title, text: `### ${m.title}\n${m.markdown}` } });
}
