/** A lamp's light as the console shows it: feedback beside measured light, the control mode and a manual hold. */
export { HoldSelect } from './hold-select';
export { ControlModeText, LightView } from './light-view';
