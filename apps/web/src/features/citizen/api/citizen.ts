import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CaptchaResponse, CitizenReceipt, CitizenReportBody, CitizenReportStatus, CitizenSheetPole, PublicPole } from '@sl/contracts';
import { http, requestEnvelope } from '../../../shared/request';

/** The public pages show their own failures. */
const silent = { silent: true };
/** A phone on a slow network uploading a photo. */
const UPLOAD_TIMEOUT_MS = 60_000;
/** How often an open status page looks again (it has no push channel: no account). */
const STATUS_REFRESH_MS = 5_000;

export const getPole = (code: string) => http.get<PublicPole>(`/api/v1/citizen/poles/${encodeURIComponent(code)}`, undefined, silent);
export const sendReport = (code: string, body: CitizenReportBody) =>
  http.post<CitizenReceipt>(`/api/v1/citizen/poles/${encodeURIComponent(code)}/reports`, body, { ...silent, timeoutMs: UPLOAD_TIMEOUT_MS });
export const getReportStatus = (token: string) => http.get<CitizenReportStatus>(`/api/v1/citizen/reports/${encodeURIComponent(token)}`, undefined, silent);
export const getSheet = (area?: string) => http.get<CitizenSheetPole[]>('/api/v1/citizen/qr-sheet', area === undefined ? undefined : { area });
export const getAreas = () => http.get<string[]>('/api/v1/citizen/areas');

async function getCaptcha(): Promise<{ image: string; uuid: string }> {
  const body = (await requestEnvelope<string>({ url: '/api/v1/getCaptcha', ...silent })) as CaptchaResponse;
  return { image: body.data, uuid: body.id };
}

export const usePole = (code: string) => useQuery(queryOptions({ queryKey: ['citizen', 'pole', code], queryFn: () => getPole(code), retry: false }));
export const useReportStatus = (token: string) =>
  useQuery(queryOptions({ queryKey: ['citizen', 'status', token], queryFn: () => getReportStatus(token), retry: false, refetchInterval: STATUS_REFRESH_MS }));
export const useCitizenCaptcha = (enabled: boolean) => useQuery({ queryKey: ['citizen', 'captcha'], queryFn: getCaptcha, enabled, staleTime: Infinity, gcTime: 0, retry: false });
export const useAreas = () => useQuery(queryOptions({ queryKey: ['citizen', 'areas'], queryFn: getAreas }));
export const useSheet = (area: string | undefined) => useQuery(queryOptions({ queryKey: ['citizen', 'sheet', area ?? null], queryFn: () => getSheet(area), enabled: area !== undefined }));
