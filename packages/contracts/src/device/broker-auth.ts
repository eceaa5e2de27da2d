import { z } from 'zod';

const text = (field: string, max: number) => z.string({ error: `${field} must be a string` }).max(max, `${field} must be at most ${max} characters`);

/**
 * What an external broker sends to check a connecting client (EMQX's HTTP authenticator,
 * mosquitto-go-auth's HTTP backend): JSON or a form, docs/scale-out.md.
 */
export const brokerAuthBody = z.object({
  username: text('username', 128),
  password: text('password', 256).default(''),
  clientid: text('clientid', 128).default(''),
});
export type BrokerAuthBody = z.infer<typeof brokerAuthBody>;

/** Topic access: EMQX sends `action` (publish/subscribe), mosquitto-go-auth `acc` (1 read, 2 write, 3 both, 4 subscribe). */
export const brokerAclBody = z
  .object({
    username: text('username', 128),
    clientid: text('clientid', 128).default(''),
    topic: text('topic', 256).min(1, 'topic must not be empty'),
    action: z.enum(['publish', 'subscribe'], { error: 'action must be publish or subscribe' }).optional(),
    acc: z.coerce.number({ error: 'acc must be 1, 2, 3 or 4' }).pipe(z.literal([1, 2, 3, 4], { error: 'acc must be 1, 2, 3 or 4' })).optional(),
  })
  .refine((b) => b.action !== undefined || b.acc !== undefined, { message: 'action or acc is required', path: ['action'] });
export type BrokerAclBody = z.infer<typeof brokerAclBody>;

/** The answer both brokers read: EMQX the `result`, mosquitto-go-auth the status (or `ok` in json mode). */
export interface BrokerVerdict {
  result: 'allow' | 'deny';
  ok: boolean;
  is_superuser: false;
}
