import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Alarm, HeartbeatRecord, HeartStatisticsDay, OverCurrentData, PageResult, Task, Terminal, TerminalHistory, TerminalImage, TerminalPosition } from '@sl/contracts';
import { http } from '../../../shared/request';

export type TerminalInfo = Terminal & { latestHeartbeat: HeartbeatRecord | null };

export const useTerminalInfo = (id: number) =>
  useQuery({
    queryKey: ['terminals', 'info', id],
    queryFn: () => http.get<TerminalInfo>(`/api/v1/terminal/info/${id}`, undefined, { silent: true }),
    enabled: id > 0,
    retry: false,
    // Between pushes, the periodic heartbeats are read at about their own pace.
    refetchInterval: (q) => Math.max(10, q.state.data?.heartbeatS ?? 30) * 1000,
  });

export const useTerminalHistory = (id: number, from: number, to: number) =>
  useQuery({
    queryKey: ['terminals', 'history', id, from, to],
    queryFn: () => http.get<TerminalHistory>(`/api/v1/terminal/history/${id}`, { from, to, points: 300 }),
    enabled: id > 0,
  });

export const useTerminalTasks = (id: number, pageIndex: number) =>
  useQuery({ queryKey: ['terminals', 'tasks', id, pageIndex], queryFn: () => http.get<PageResult<Task>>('/api/v1/task/list', { terminalId: id, pageIndex, pageSize: 10 }), enabled: id > 0 });

const OPEN_ALARM = new Set([1, 2, 3, 4]);

/** The terminal's alarms still open (raised, dispatching, awaiting repair, repairing). */
export const useTerminalAlarms = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: ['terminals', 'alarms', id],
    queryFn: async () => (await http.post<PageResult<Alarm>>('/api/v1/alarm/list', { terminalId: id, pageSize: 50 }, { silent: true })).list.filter((a) => OPEN_ALARM.has(a.status)),
    enabled: id > 0 && enabled,
  });

export const useHeartStatistics = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: ['terminals', 'heart-stats', id],
    // The family-neutral call: a single lamp (rdcsm) has its days as a cabinet (rdc4m) has.
    queryFn: () => http.get<HeartStatisticsDay[]>('/api/v1/heart/data/statistics', { terminalId: id, tz: Intl.DateTimeFormat().resolvedOptions().timeZone }, { silent: true }),
    enabled: id > 0 && enabled,
  });

export const useOverCurrent = (id: number, enabled: boolean) =>
  useQuery({ queryKey: ['terminals', 'over-current', id], queryFn: () => http.get<OverCurrentData>(`/api/v1/over/current/data/${id}`, { pageSize: 10 }, { silent: true }), enabled: id > 0 && enabled });

export const usePositions = (id: number) =>
  useQuery({
    queryKey: ['terminals', 'positions', id],
    queryFn: async () => {
      const [now, last] = await Promise.all([
        http.get<TerminalPosition | null>('/api/v1/imsi/position/location/now', { terminalId: id }, { silent: true }),
        http.get<TerminalPosition | null>('/api/v1/imsi/position/location/last', { terminalId: id }, { silent: true }),
      ]);
      return { now, last };
    },
    enabled: id > 0,
  });

export const useTerminalImages = (id: number) =>
  useQuery({ queryKey: ['terminals', 'images', id], queryFn: () => http.get<TerminalImage[]>(`/api/v1/terminal/imgs/${id}`), enabled: id > 0 });

export function useImageMutations(id: number) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['terminals', 'images', id] });
  return {
    remove: useMutation({ mutationFn: (imageId: number) => http.delete(`/api/v1/terminal/imgs/${id}/${imageId}`), onSuccess }),
    refresh: onSuccess,
  };
}

export function uploadTerminalImage(id: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.post<TerminalImage>(`/api/v1/terminal/imgs/${id}`, form, { timeoutMs: 60_000 });
}
