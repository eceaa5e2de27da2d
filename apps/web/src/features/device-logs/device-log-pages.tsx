import { LogPage } from '../../shared/log-page';
import { DEVICE_LOG_CONFIGS, operationConfig, reportConfig } from './log-configs';

export const UnlineLogPage = () => <LogPage config={DEVICE_LOG_CONFIGS.unline} />;
export const GmtLogPage = () => <LogPage config={DEVICE_LOG_CONFIGS.gmt} />;
export const HeartLogPage = () => <LogPage config={DEVICE_LOG_CONFIGS.heart} />;
export const InitLogPage = () => <LogPage config={DEVICE_LOG_CONFIGS.init} />;
export const LeakageLogPage = () => <LogPage config={DEVICE_LOG_CONFIGS.leakage} />;
export const LockLogPage = () => <LogPage config={DEVICE_LOG_CONFIGS.lock} />;
export const StatusLogPage = () => <LogPage config={DEVICE_LOG_CONFIGS.status} />;
export const TimingLogPage = () => <LogPage config={DEVICE_LOG_CONFIGS.timing} />;
export const OperationLogPage = () => <LogPage config={operationConfig} />;
export const ReportLogPage = () => <LogPage config={reportConfig} />;
