import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';
import { alarmRoutes } from '../alarms/alarm-routes.js';
import { brokerAuthRoutes } from './broker-auth/broker-auth-routes.js';
import { boxRoutes } from './box/box-routes.js';
import { heartSendRoutes } from './heartbeat/heart-send-routes.js';
import { heartbeatRoutes } from './heartbeat/heartbeat-routes.js';
import { deviceLogRoutes } from './logs/device-log-routes.js';
import { deviceTestRoutes } from './settings/device-test-routes.js';
import { sendRoutes } from './settings/send-routes.js';
import { settingRoutes } from './settings/setting-routes.js';
import { taskRoutes } from './settings/task-routes.js';
import { repairRoutes } from './repair/repair-routes.js';
import { inventoryRoutes } from './terminal/inventory-routes.js';
import { positionRoutes } from './terminal/position-routes.js';
import { terminalDetailRoutes } from './terminal/terminal-detail-routes.js';
import { terminalFamilyRoutes } from './terminal/terminal-family-routes.js';
import { terminalRoutes } from './terminal/terminal-routes.js';
import { terminalOpsRoutes } from './terminal/terminal-ops-routes.js';
import { historyRoutes } from './heartbeat/history-routes.js';

/** Route registrars of the device domains: terminals, heartbeats, logs, settings and commands, alarms. */
export const DEVICE_ROUTES: Array<(app: FastifyInstance, services: Services) => void> = [
  terminalRoutes,
  terminalDetailRoutes,
  terminalFamilyRoutes,
  terminalOpsRoutes,
  historyRoutes,
  positionRoutes,
  inventoryRoutes,
  boxRoutes,
  repairRoutes,
  heartbeatRoutes,
  heartSendRoutes,
  deviceLogRoutes,
  settingRoutes,
  sendRoutes,
  deviceTestRoutes,
  taskRoutes,
  alarmRoutes,
  brokerAuthRoutes,
];
