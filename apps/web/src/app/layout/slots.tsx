/** The top bar's slots filled by features: rendered between the clock and the full-screen toggle. */
export { AlarmBell } from '../../features/alarm-bell';
export { NoticeButton } from '../../features/notices';
