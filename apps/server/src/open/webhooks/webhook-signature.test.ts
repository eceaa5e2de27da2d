import { createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from './webhook-signature.js';

it('signs like an independent HMAC-SHA256 over "t.body" and detects a changed body, secret, signature or an old time', () => {
  const body = JSON.stringify({ id: 'e1', type: 'alarm.raised' });
  const header = signWebhook('s3cret', body, 1_800_000_000);
  expect(header).toBe(`t=1800000000,v1=${createHmac('sha256', 's3cret').update(`1800000000.${body}`).digest('hex')}`);
  expect(verifyWebhook('s3cret', body, header, 1_800_000_010)).toBe(true);
  expect(verifyWebhook('s3cret', body.replace('e1', 'e2'), header, 1_800_000_010)).toBe(false);
  expect(verifyWebhook('other', body, header, 1_800_000_010)).toBe(false);
  expect(verifyWebhook('s3cret', body, header.replace(/v1=./, 'v1=0'), 1_800_000_010)).toBe(false);
  expect(verifyWebhook('s3cret', body, header, 1_800_000_000 + 301)).toBe(false);
  expect(verifyWebhook('s3cret', body, undefined, 1_800_000_000)).toBe(false);
  expect(verifyWebhook('s3cret', body, 't=x,v1=zz', 1_800_000_000)).toBe(false);
});
