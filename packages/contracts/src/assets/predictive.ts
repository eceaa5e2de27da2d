import { z } from 'zod';
import { pageQuery } from '../api/envelope.js';
import { id } from '../api/fields.js';

/** Why a lamp is likely to fail: a code the console words in its language, with the figure behind it. */
export const FAILURE_REASONS = ['lifeUsed', 'powerDrift', 'powerSlope', 'pfDecline', 'cycling', 'pastRepairs'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];
export interface ReasonFigure {
  code: FailureReason;
  /** lifeUsed: share of rated life; powerDrift / pfDecline: relative change from the lamp's baseline; powerSlope: change per week; cycling: cycles a day; pastRepairs: count. */
  value: number;
}

/** The score from which a lamp is listed as likely to fail within 30 days (the bench's "default threshold"). */
export const LIKELY_TO_FAIL_SCORE = 0.5;

export interface LikelyToFail {
  assetId: number;
  poleNo: string;
  typeName: string;
  terminalId: number | null;
  terminalSn: string | null;
  deptId: number | null;
  deptName: string | null;
  lng: number | null;
  lat: number | null;
  score: number;
  reasons: ReasonFigure[];
  scoredAt: string | null;
  /** An open maintenance round already holds the lamp. */
  orderId: number | null;
}

export const likelyToFailQuery = pageQuery.extend({
  deptId: id('deptId').optional(),
  minScore: z.coerce.number().min(0).max(1).optional(),
});
export type LikelyToFailQuery = z.infer<typeof likelyToFailQuery>;

/** One click: the chosen candidates (or those near the first) grouped into one planned maintenance round. */
export const maintenanceRoundBody = z.object({
  assetIds: z.array(id('assetIds')).min(1, 'assetIds must not be empty').max(100, 'a round holds at most 100 lamps'),
  assigneeId: id('assigneeId'),
  /** Lamps within this distance (m) of the first are added to the round. */
  radiusM: z.number().int().min(0).max(20_000).default(0),
  instruction: z.string().max(500).default(''),
});
export type MaintenanceRoundBody = z.input<typeof maintenanceRoundBody>;

export const roundAssigneesBody = z.object({ assetIds: z.array(id('assetIds')).min(1, 'assetIds must not be empty').max(100, 'a round holds at most 100 lamps') });

/** A lamp of a planned round, in route order. */
export interface RoundLamp {
  seq: number;
  assetId: number;
  poleNo: string;
  typeName: string;
  lng: number | null;
  lat: number | null;
  score: number | null;
}
