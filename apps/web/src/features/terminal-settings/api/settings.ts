import { useQuery } from '@tanstack/react-query';
import type { DeviceFamily, PageResult, SentTask, SettingKind, Task } from '@sl/contracts';
import { http } from '../../../shared/request';

export interface PickedTerminal {
  terminalId: number;
  sn: string;
  name: string;
  family: DeviceFamily;
}

export const searchTerminals = (keyword: string) => http.get<PickedTerminal[]>('/api/v1/terminal/query', { keyword }, { silent: true });

/** The execution records of one setting kind (tasks of its commands), optionally of one terminal. */
export const useSettingTasks = (kind: SettingKind, family: DeviceFamily, params: { terminalId?: number; state?: string; pageIndex: number; pageSize: number }) =>
  useQuery({
    queryKey: ['terminal-settings', 'tasks', kind, family, params],
    queryFn: () => http.get<PageResult<Task>>(`/api/v1/terminal/set/${kind}/${family}/list`, params),
  });

/** The last value the terminal confirmed for this kind: the newest succeeded task. */
export const useCurrentSetting = (kind: SettingKind, family: DeviceFamily, terminalId: number | undefined) =>
  useQuery({
    queryKey: ['terminal-settings', 'current', kind, family, terminalId],
    queryFn: async () => (await http.get<PageResult<Task>>(`/api/v1/terminal/set/${kind}/${family}/list`, { terminalId, state: 'succeeded', pageIndex: 1, pageSize: 1 })).list[0] ?? null,
    enabled: terminalId !== undefined,
  });

export const sendSetting = (url: string, body: object) => http.post<SentTask>(url, body);
