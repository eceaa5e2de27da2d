import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportMail, ReportMailBody } from '@sl/contracts';
import { http } from '../../../shared/request';

const MAILS = ['reports', 'mails'] as const;

/** The monthly report e-mails, and whether the server can send mail at all (SMTP_URL). */
export interface ReportMails {
  list: ReportMail[];
  mailConfigured: boolean;
}

export const useReportMails = () => useQuery(queryOptions({ queryKey: MAILS, queryFn: () => http.get<ReportMails>('/api/v1/reports/mails') }));

function useMailMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: MAILS }) });
}

/** Sets a department's e-mail (replacing the one it had). */
export const useSaveReportMail = () => useMailMutation((body: ReportMailBody) => http.post<{ id: number }>('/api/v1/reports/mails', body));
export const useDeleteReportMail = () => useMailMutation((id: number) => http.delete(`/api/v1/reports/mails/${id}`));
/** Sends a month's report to the e-mail's recipients now. */
export const useSendReportMail = () => useMailMutation(({ id, month }: { id: number; month: string }) => http.post(`/api/v1/reports/mails/${id}/send`, { month }));
