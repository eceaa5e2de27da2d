import { z } from 'zod';
import { id } from '../api/fields.js';
import { LOCALES } from '../constants.js';

/** Where alarm notices go beside SMS: an e-mail list, a WeCom group robot, a DingTalk group robot. */
export const NOTIFY_KINDS = ['email', 'wecom', 'dingtalk'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/**
 * A department's notice channel: alarms of its terminals (and of departments below it) whose severity is listed
 * are sent there, written in `locale`. `target` is a comma-separated e-mail list or the robot's webhook URL;
 * `secret` is DingTalk's signing secret (SEC...), empty when the robot does not sign.
 */
export const notifyChannelBody = z
  .object({
    deptId: id('deptId').optional(),
    kind: z.enum(NOTIFY_KINDS, { error: `kind must be one of ${NOTIFY_KINDS.join(', ')}` }),
    name: z.string({ error: 'name must be a string' }).trim().max(64, 'name must be at most 64 characters').default(''),
    target: z.string({ error: 'target must be a string' }).trim().min(1, 'target is required').max(1024, 'target must be at most 1024 characters'),
    secret: z.string({ error: 'secret must be a string' }).trim().max(128, 'secret must be at most 128 characters').default(''),
    severities: z.array(z.literal([1, 2, 3], { error: 'a severity must be 1, 2 or 3' })).min(1, 'severities must name at least one severity').max(3).default([1, 2, 3]),
    locale: z.enum(LOCALES, { error: `locale must be one of ${LOCALES.join(', ')}` }).default('zh-CN'),
    enabled: z.boolean({ error: 'enabled must be true or false' }).default(true),
  })
  .refine((c) => c.kind !== 'email' || c.target.split(',').every((a) => EMAIL.test(a.trim())), { message: 'target must be e-mail addresses separated by commas', path: ['target'] })
  .refine((c) => c.kind === 'email' || /^https?:\/\/[^\s]+$/.test(c.target), { message: 'target must be the robot webhook URL (http or https)', path: ['target'] });
export type NotifyChannelInput = z.input<typeof notifyChannelBody>;
export type NotifyChannelValues = z.output<typeof notifyChannelBody>;

export const notifyChannelUpdateBody = z.intersection(notifyChannelBody, z.object({ channelId: id('channelId') }));
export const notifyChannelQuery = z.object({ deptId: id('deptId').optional() });
export const notifyChannelDelBody = z.object({ channelId: id('channelId') });

export interface NotifyChannel extends Omit<NotifyChannelValues, 'deptId' | 'secret'> {
  channelId: number;
  deptId: number;
  deptName: string;
  /** Whether a signing secret is set; the secret itself is never sent back. */
  signed: boolean;
  updatedAt: string;
}

/** The addresses of an e-mail channel's target. */
export const emailAddresses = (target: string) => target.split(',').map((a) => a.trim()).filter(Boolean);
