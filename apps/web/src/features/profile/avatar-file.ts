import { AVATAR_MAX_BYTES } from '@sl/contracts';

/** The server's limit, checked here to refuse big files before uploading. */
export { AVATAR_MAX_BYTES };
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const AVATAR_ACCEPT = AVATAR_TYPES.join(',');

export type AvatarProblem = 'type' | 'size' | null;

/** Why a picked file cannot be an avatar, or null when it can. */
export function checkAvatarFile(file: Pick<File, 'type' | 'size'>): AvatarProblem {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}
