import type { ReactNode } from 'react';
import { useSessionStore } from '../stores/session-store';
import { hasPermission, hasRole } from './has-permission';

/** `usePermission()(['system:sysuser:add'])` tells whether the user may see an element. */
export function usePermission(): (required: readonly string[]) => boolean {
  const permissions = useSessionStore((s) => s.permissions);
  return (required) => hasPermission(permissions, required);
}

export function useRole(): (required: readonly string[]) => boolean {
  const roles = useSessionStore((s) => s.roles);
  return (required) => hasRole(roles, required);
}

interface AccessProps {
  permissions: readonly string[];
  children: ReactNode;
  fallback?: ReactNode;
}

/** Renders its children only for holders of one of the permissions (spec §6). */
export function Access({ permissions, children, fallback = null }: AccessProps) {
  return usePermission()(permissions) ? children : fallback;
}

interface RoleAccessProps {
  roles: readonly string[];
  children: ReactNode;
  fallback?: ReactNode;
}

export function RoleAccess({ roles, children, fallback = null }: RoleAccessProps) {
  return useRole()(roles) ? children : fallback;
}
