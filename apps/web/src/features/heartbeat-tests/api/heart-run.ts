import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isHeartRunPush, type HeartRunProgress, type SentTask } from '@sl/contracts';
import { usePushChannel } from '../../../shared/push';
import { http } from '../../../shared/request';

/** While a run is on and no push arrives (a lost socket), the page asks this often. */
const POLL_MS = 3000;

/** The later of two views of the runs: a newer run, or the same run further along. */
export function laterRun(a: HeartRunProgress | null | undefined, b: HeartRunProgress | null | undefined): HeartRunProgress | null {
  if (!a || !b) return a ?? b ?? null;
  if (a.runId !== b.runId) return a.runId > b.runId ? a : b;
  if (a.running !== b.running) return a.running ? b : a;
  return a.done >= b.done ? a : b;
}

/** The running or last heartbeat test of all terminals, kept current by the `msg` push channel (polled as a fallback). */
export function useHeartRun() {
  const client = useQueryClient();
  const [pushed, setPushed] = useState<HeartRunProgress | null>(null);
  const loaded = useQuery({
    queryKey: ['heart-run'],
    queryFn: () => http.get<HeartRunProgress | null>('/api/v1/terminal/heart/run'),
    refetchInterval: (q) => (laterRun(q.state.data, pushed)?.running ? POLL_MS : false),
  });
  usePushChannel('msg', (message) => {
    if (!isHeartRunPush(message)) return;
    setPushed((prev) => laterRun(prev, message.data));
    if (!message.data.running) void client.invalidateQueries({ queryKey: ['log-page'] });
  });
  const start = useMutation({
    mutationFn: () => http.post<HeartRunProgress>('/api/v1/terminal/heart/send/all', {}),
    onSuccess: (run) => setPushed((prev) => laterRun(prev, run)),
  });
  return { run: laterRun(pushed, loaded.data), start };
}

export function useRequestOne() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (terminalId: number) => http.post<SentTask>(`/api/v1/terminal/heart/send/${terminalId}`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: ['log-page'] }),
  });
}
