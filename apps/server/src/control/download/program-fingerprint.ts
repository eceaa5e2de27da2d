import { createHash } from 'node:crypto';
import type { CommandParams } from '@sl/contracts';

type BindParams = CommandParams<'plan.bind'>;

/**
 * The bind with its `fingerprint`: a short hash of everything else it says, which the terminal keeps and reports
 * in its heartbeats (protocol §5). A terminal reporting another one (or none) lost what it was sent.
 */
export function withFingerprint(params: Omit<BindParams, 'fingerprint'>): BindParams & { fingerprint: string } {
  const fingerprint = createHash('sha256').update(JSON.stringify(params)).digest('hex').slice(0, 16);
  return { ...params, fingerprint };
}

