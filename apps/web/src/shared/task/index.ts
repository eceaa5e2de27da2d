/** The one "send a command and follow its task live" block: confirmation, live task states, batch progress. */
export { useTaskFollower, type FollowedTask } from './use-task-follower';
export { useBatchFollower, batchCounts, type BatchView, type BatchTask } from './use-batch-follower';
export { useConfirmedSend, type ConfirmOptions } from './use-confirmed-send';
export { TaskStateTag } from './task-state-tag';
export { TaskList } from './task-list';
export { BatchProgress } from './batch-progress';
export { TASK_COLOURS, type TaskPhase, type TaskOutcome } from './task-state';
