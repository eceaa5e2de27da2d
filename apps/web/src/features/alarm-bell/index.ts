export { AlarmBell } from './components/alarm-bell';
