import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { joinAreaNames, type EnergyReport, type OperationsReport, type ReportGroup } from '@sl/contracts';
import { http } from '../../../shared/request';
import { downloadFile } from '../../../shared/request/download';

/** What the pages ask for: the days, how rows are cut, and the drill-down's narrowing. */
export interface ReportParams {
  from: string;
  to: string;
  groupBy: ReportGroup;
  deptIds?: number[];
  areas?: string[];
  /** The lamps in no area (drilling into the "(no area)" row). */
  noArea?: boolean;
  boxIds?: number[];
  lastYear?: boolean;
}

const query = (p: ReportParams) => ({
  from: p.from, to: p.to, groupBy: p.groupBy,
  ...(p.deptIds?.length ? { deptIds: p.deptIds.join(',') } : {}),
  ...(p.areas?.length ? { areas: joinAreaNames(p.areas) } : {}),
  ...(p.noArea ? { noArea: 'true' } : {}),
  ...(p.boxIds?.length ? { boxIds: p.boxIds.join(',') } : {}),
  ...(p.lastYear ? { lastYear: 'true' } : {}),
});

export const getEnergyReport = (p: ReportParams) => http.get<EnergyReport>('/api/v1/reports/energy', query(p));
export const getOperationsReport = (p: ReportParams) => http.get<OperationsReport>('/api/v1/reports/operations', query(p));

export const useEnergyReport = (p: ReportParams, enabled = true) =>
  useQuery(queryOptions({ queryKey: ['reports', 'energy', p], queryFn: () => getEnergyReport(p), placeholderData: keepPreviousData, enabled }));
export const useOperationsReport = (p: ReportParams) =>
  useQuery(queryOptions({ queryKey: ['reports', 'operations', p], queryFn: () => getOperationsReport(p), placeholderData: keepPreviousData }));

/** Saves a report's .xlsx (kind: energy, savings, operations). */
export const downloadReport = (kind: 'energy' | 'savings' | 'operations', p: ReportParams) =>
  downloadFile(`/api/v1/reports/${kind}/export`, query(p), `${kind}-${p.from}-${p.to}.xlsx`);

/** Saves a department's month PDF. */
export const downloadMonthPdf = (deptId: number, month: string) =>
  downloadFile('/api/v1/reports/month.pdf', { deptId, month }, `report-${deptId}-${month}.pdf`);
