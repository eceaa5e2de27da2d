import type { Principal } from '../system/access/principal.js';

/**
 * One kind of document behind `/policy/getData` and `/policy/delData` (dispatch leaflets, control
 * policies). Ids come from one sequence, so an id names one document of one kind. Each kind checks
 * the caller's permission and data scope itself and answers null / false when it has nothing the
 * caller may see.
 */
export interface PolicyDataKind {
  kind: string;
  get(id: number, caller: Principal): Promise<unknown | null>;
  remove(id: number, caller: Principal): Promise<boolean>;
}

const kinds = new Map<string, PolicyDataKind>();

/** Registers (or replaces, when an app is built again) the handler of a kind. */
export function registerPolicyDataKind(kind: PolicyDataKind): void {
  kinds.set(kind.kind, kind);
}

export const policyDataKinds = (): PolicyDataKind[] => [...kinds.values()];
