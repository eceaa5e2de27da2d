import { z } from 'zod';
import type { Locale } from '../constants.js';

/** What a citizen may report about a pole's lamp. */
export const CITIZEN_PROBLEMS = ['dark', 'flickering', 'onByDay', 'damaged'] as const;
export type CitizenProblem = (typeof CITIZEN_PROBLEMS)[number];

/** The alarm kind a citizen report raises when the lamp has no open alarm. */
export const CITIZEN_REPORT_KIND = 'citizenReport';

/** Reports one address may file per minute; the next is refused (429) with a message. */
export const CITIZEN_REPORTS_PER_ADDRESS_MINUTE = 5;
/** Reports one pole accepts per hour, whoever files them. */
export const CITIZEN_REPORTS_PER_POLE_HOUR = 20;
/** A photo's largest size after base64 decoding, and its longest side once re-encoded. */
export const CITIZEN_PHOTO_MAX_BYTES = 4 * 1024 * 1024;
export const CITIZEN_PHOTO_MAX_SIDE = 1600;

/** A pole's public code: the last part of its short URL `/r/{code}`. */
export const citizenCodeField = z.string({ error: 'code must be a string' }).regex(/^[a-z2-9]{8}$/, 'code must be a pole code of 8 letters and digits');
/** The reporter's secret link to follow the report: `/r/status/{token}`. */
export const citizenTokenField = z.string({ error: 'token must be a string' }).regex(/^[A-Za-z0-9_-]{22,64}$/, 'token must be a report link');

export const citizenReportBody = z.object({
  problem: z.enum(CITIZEN_PROBLEMS, { error: `problem must be one of ${CITIZEN_PROBLEMS.join(', ')}` }),
  /** Only the operators see it; never shown on a public page. */
  phone: z.string({ error: 'phone must be a string' }).trim().regex(/^(\+?\d[\d -]{5,19})?$/, 'phone must be a phone number').default(''),
  /** A JPEG or PNG as a data URI or bare base64; checked by its bytes and re-encoded before it is kept. */
  photo: z.string({ error: 'photo must be a string' }).max(Math.ceil((CITIZEN_PHOTO_MAX_BYTES * 4) / 3) + 64, 'photo must be at most 4 MB').default(''),
  /** The captcha's answer and id (`GET /api/v1/getCaptcha`), when CAPTCHA is on. */
  code: z.string({ error: 'code must be a string' }).trim().max(16, 'code is too long').default(''),
  uuid: z.string({ error: 'uuid must be a string' }).trim().max(64, 'uuid is too long').default(''),
});
export type CitizenReportBody = z.input<typeof citizenReportBody>;

/** What a public page may show of a pole: its number and where it stands, nothing else. */
export interface PublicPole {
  code: string;
  poleNo: string;
  address: string;
  lng: number | null;
  lat: number | null;
}

export interface CitizenReceipt {
  token: string;
  /** The status page's path, `/r/status/{token}`. */
  statusPath: string;
}

/** received: an alarm is open; dispatched: a repair order is on it; resolved: repaired or cleared. */
export const CITIZEN_REPORT_STATES = ['received', 'dispatched', 'resolved'] as const;
export type CitizenReportState = (typeof CITIZEN_REPORT_STATES)[number];

/** The reporter's view of a report: no phone, no photo, no names. */
export interface CitizenReportStatus {
  poleNo: string;
  address: string;
  problem: CitizenProblem;
  state: CitizenReportState;
  reportedAt: string;
  updatedAt: string;
}

/** `GET /api/v1/citizen/qr-sheet`: the poles of an area (terminals in the caller's data scope) with their short URLs. */
export const citizenSheetQuery = z.object({
  area: z.string({ error: 'area must be a string' }).trim().max(128, 'area must be at most 128 characters').optional(),
  deptId: z.coerce.number({ error: 'deptId must be a number' }).int().positive().max(2_147_483_647).optional(),
});
export type CitizenSheetQuery = z.infer<typeof citizenSheetQuery>;

export interface CitizenSheetPole {
  terminalId: number;
  poleNo: string;
  area: string;
  address: string;
  code: string;
  /** The path of the short URL; the console prefixes its own origin. */
  path: string;
}

export const citizenProblemNames: Record<CitizenProblem, Record<Locale, string>> = {
  dark: { 'zh-CN': '不亮', 'en-US': 'Dark' },
  flickering: { 'zh-CN': '闪烁', 'en-US': 'Flickering' },
  onByDay: { 'zh-CN': '白天亮灯', 'en-US': 'On by day' },
  damaged: { 'zh-CN': '损坏', 'en-US': 'Damaged' },
};

export const citizenPolePath = (code: string) => `/r/${code}`;
export const citizenStatusPath = (token: string) => `/r/status/${token}`;
