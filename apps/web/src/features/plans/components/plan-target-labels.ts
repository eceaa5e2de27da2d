import type { TargetsFieldLabels } from '../../../shared/terminal-picker/targets-field';

export const PLAN_TARGET_LABELS: TargetsFieldLabels = { groupMode: 'plans.groupMode', byTerminal: 'plans.byGroup', byArea: 'plans.byArea', targets: 'plans.targets', targetsRequired: 'plans.targetsRequired' };
