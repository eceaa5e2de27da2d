/**
 * TALQ lamp-power faults the gateway raises from measured power (docs/assets.md, "Fault rules"). They join the alarm
 * kinds of alarms/alarm-kinds.ts and run through the same alarm workflow.
 */
export const POWER_FAULT_KINDS = ['lampPowerTooLow', 'lampPowerTooHigh', 'absoluteLampPowerTooLow', 'absoluteLampPowerTooHigh', 'cyclingFailure', 'supplyLoss'] as const;
export type PowerFaultKind = (typeof POWER_FAULT_KINDS)[number];

/** Below this supply voltage (V) the lamp has lost its supply. */
export const SUPPLY_LOSS_V = 50;
