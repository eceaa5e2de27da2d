export { Fleet, type FleetOptions, type FleetStats } from './fleet.js';
export { terminalConfigs, snFor, type FleetSpec } from './fleet-spec.js';
export { SimTerminal } from './terminal.js';
export { FAULTS, FAULT_EVENTS, faultsFor, isFaultName, type FaultName } from './faults.js';
export { decide, DEFAULT_PROGRAM } from './program.js';
export type { TerminalConfig, TerminalOptions, TerminalStats } from './types.js';
export { derivedTerminalSecret } from './derived-secret.js';
export { parseTerminalsFile, readTerminalsFile, type FleetEntry } from './terminals-file.js';
export { DEGRADATION_MODES, degradationAt, cyclesIn, isDegradationMode, type Degradation, type DegradationEffect, type DegradationMode } from './degradation.js';
