/** Enumerations and state sets of spec §3 and §4. Labels live in the console's locale files under `enum.<name>.<value>`. */
export const YES_NO = ['yes', 'no'] as const;
export const PHASES = ['A', 'B', 'C'] as const;
export const CONTROL_MODES = ['manual', 'auto'] as const;
export const DEVICE_FAMILIES = ['rdcsm', 'rdc4m'] as const;
export type DeviceFamily = (typeof DEVICE_FAMILIES)[number];
export const MANUFACTURERS = ['HW', 'WQ', 'SD', 'TL'] as const;

export const TerminalModel = { centralised: 1, singleLamp: 2 } as const;
export const OnlineState = { online: 1, offline: 2, abnormal: 3 } as const;
export const RegisterState = { registered: 1, unregistered: 2 } as const;
export const QuickCommand = { manualOn: 11, manualOff: 10, auto: 0, ignore: 22 } as const;
export const GroupMode = { byGroup: 1, byArea: 2 } as const;
export const TerminalStatus = { inFactory: 1, warehouse: 2, inUse: 3, underRepair: 4, scrapped: 5, all: 6 } as const;
export const AlarmStatus = {
  alarm: 1, dispatching: 2, awaitingRepair: 3, repairing: 4, repairComplete: 5, autoRepairComplete: 6, rolledBack: 7,
} as const;
export const RepairStatus = { awaitingPickup: 1, pickedUp: 2, complete: 3, rolledBack: 4, recalled: 6 } as const;
export const NoticeRecvStatus = { notOperated: 0, read: 1, replied: 2 } as const;
/** Priority of an energy notice. */
export const NoticeLevel = { normal: 1, important: 2, urgent: 3 } as const;

/** Role data scope: 1 all, 2 custom departments, 3 own department, 4 own and below, 5 self only. */
export const DataScope = { all: '1', custom: '2', ownDept: '3', ownDeptAndBelow: '4', self: '5' } as const;
export const STATUS_NORMAL = '2';
export const STATUS_DISABLED = '1';
