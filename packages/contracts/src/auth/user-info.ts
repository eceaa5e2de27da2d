import { z } from 'zod';

/** `GET /api/v1/getinfo` payload (spec §3 "User session"). */
export const userInfo = z.object({
  userId: z.number().int(),
  userName: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  uniqueId: z.string(),
  deptId: z.number().int().nullable(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfo>;
