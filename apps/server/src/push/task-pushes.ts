import type { CommandResultPush } from '@sl/contracts';
import type { TaskNotice } from '../gateway/ports.js';
import type { Services } from '../services.js';

export const taskPush = (n: TaskNotice): CommandResultPush => ({ code: 200, event: 'task', taskId: n.taskId, terminalId: n.terminalId, cmd: n.cmd, state: n.state, msg: n.msg });

/** Pushes each settled command on the `50rdcsm` channel to the user who sent it. Returns the unsubscribe function. */
export function startTaskPushes(services: Services): () => void {
  return services.events.on('task.settled', (n: TaskNotice) => {
    if (n.userId === null) return;
    services.push.publish('50rdcsm', taskPush(n), [n.userId]).catch((err: unknown) => services.push.log.error({ err, taskId: n.taskId }, 'task push failed'));
  });
}
