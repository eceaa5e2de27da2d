import type { QueryClient } from '@tanstack/react-query';
import type { MenuNode } from '@sl/contracts';
import { i18n } from '../../../shared/i18n';
import { ApiError, feedback } from '../../../shared/request';
import { useSessionStore } from '../../../shared/stores/session-store';
import { menuRoleQuery, userInfoQuery } from '../api/session';

export class RolesMissingError extends Error {
  constructor() {
    super('roles must be a non-null array');
    this.name = 'RolesMissingError';
  }
}

const isSessionLoss = (error: unknown) =>
  error instanceof ApiError && (error.kind === 'unauthorized' || error.kind === 'expired');

/** Load the user info and the permitted menu once, after sign-in or on a reload with a token. */
export async function loadSession(queryClient: QueryClient): Promise<void> {
  const info = await queryClient.fetchQuery(userInfoQuery);
  if (!Array.isArray(info?.roles) || info.roles.length === 0) throw new RolesMissingError();
  let menus: MenuNode[] = [];
  try {
    const tree = await queryClient.fetchQuery(menuRoleQuery);
    menus = Array.isArray(tree) ? tree : [];
  } catch (error) {
    if (isSessionLoss(error)) throw error;
    feedback.message().error(i18n.t('menu.loadError'));
  }
  useSessionStore.getState().setSession(info, menus);
}

export { isSessionLoss };
