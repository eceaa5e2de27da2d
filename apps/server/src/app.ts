import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyContextConfig, type FastifyInstance, type FastifySchema } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config.js';
import type { Database } from './db/client.js';
import { authRoutes } from './auth/auth-routes.js';
import type { ThrottleLimits } from './auth/login-throttle.js';
import { registerAuthHook, requireAccessMarks } from './plugins/authenticate.js';
import { consolePlugin } from './plugins/console.js';
import { securityHeadersPlugin, setUploadHeaders } from './plugins/security-headers.js';
import { errorsPlugin } from './plugins/errors.js';
import { storableTextPlugin } from './plugins/storable-text.js';
import { metricsPlugin } from './metrics/metrics-plugin.js';
import { openapiPlugin } from './plugins/openapi.js';
import { createServices, type Services } from './services.js';
import { startReactions } from './reactions.js';
import { menuRoutes } from './system/menu/menu-routes.js';
import { deptRoutes } from './system/dept/dept-routes.js';
import { roleRoutes } from './system/role/role-routes.js';
import { registerOperationLog } from './plugins/operation-log.js';
import { ADMIN_ROUTES } from './system/admin-routes.js';
import { DEVICE_ROUTES } from './devices/device-routes.js';
import { ENERGY_ROUTES } from './energy/energy-routes.js';
import { DISPATCH_ROUTES } from './dispatch/dispatch-routes.js';
import { CONTROL_ROUTES } from './control/control-routes.js';
import { ASSET_ROUTES } from './assets/asset-routes.js';
import type { GatewayHandle } from './gateway/ports.js';
import { userRoutes } from './system/user/user-routes.js';
import { profileRoutes } from './system/user/profile-routes.js';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { pushRoutes } from './push/push-routes.js';
import { mapRoutes } from './map/map-routes.js';
import { reportRoutes } from './reports/report-routes.js';
import { openRoutes } from './open/open-routes.js';
import { apiClientRoutes } from './open/clients/api-client-routes.js';
import { citizenRoutes } from './citizen/citizen-routes.js';
import { notifyRoutes } from './notify/notify-routes.js';
import { UPLOADS_PREFIX } from './storage/file-store.js';
import { schemaFields } from './http/schema-fields.js';
import { redactingLoggerOptions } from './logging/logger-options.js';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppOptions {
  config: Config;
  database: Database;
  /** Pino options (or true for the defaults); whatever is given, secrets are kept out of the lines (logging/logger-options.ts). */
  logger?: boolean | (LoggerOptions & { stream?: DestinationStream });
  /** Limits of the password-attempt throttle (tests loosen or tighten them); DEFAULT_THROTTLE otherwise. */
  throttle?: ThrottleLimits;
  gateway?: GatewayHandle;
}

/** Every API domain registers its routes here, inside the authenticated scope. */
const DOMAIN_ROUTES: Array<(app: FastifyInstance, services: Services) => void> = [authRoutes, menuRoutes, deptRoutes, roleRoutes, userRoutes, profileRoutes, ...ADMIN_ROUTES, ...DEVICE_ROUTES, ...ENERGY_ROUTES, ...DISPATCH_ROUTES, ...CONTROL_ROUTES, ...ASSET_ROUTES, mapRoutes, reportRoutes, pushRoutes, citizenRoutes, notifyRoutes, apiClientRoutes];

export async function buildApp({ config, database, logger = false, throttle, gateway }: AppOptions) {
  const app = Fastify({ logger: logger && redactingLoggerOptions(logger === true ? {} : logger), bodyLimit: 1024 * 1024, genReqId: () => crypto.randomUUID(), trustProxy: trustProxy(config.TRUST_PROXY) });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const services = createServices(config, database.db, throttle, gateway, app.log);
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const fields = schemaFields(route.schema);
    for (const method of methods) if (method !== 'HEAD') routeTable.push({ method, url: route.url, config: route.config ?? {}, fields, schema: route.schema });
  });
  app.decorate('routeTable', routeTable);

  await app.register(errorsPlugin);
  await app.register(storableTextPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(metricsPlugin, { services });
  await app.register(openapiPlugin);
  // Upload routes read their file through readUpload (http/upload.ts) with their own limit; this is only the fallback.
  await app.register(multipart, { limits: { fileSize: 1024 * 1024, files: 1, fields: 10 } });
  // Clients send only pings: a small frame limit.
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await app.register(fastifyStatic, { root: services.files.root, prefix: UPLOADS_PREFIX, decorateReply: false, wildcard: true, setHeaders: setUploadHeaders });
  await app.register(async (api) => {
    requireAccessMarks(api);
    registerAuthHook(api, services);
    registerOperationLog(api, services);
    for (const register of DOMAIN_ROUTES) register(api, services);
  });
  // The open API has its own auth (client tokens and scopes) and operation log: outside the console's scope.
  await app.register(openRoutes, { services });
  await app.register(consolePlugin, { distDir: config.WEB_DIST ? path.resolve(config.WEB_DIST) : defaultWebDist });
  app.decorate('services', services);
  // Every cross-domain subscription (pushes, cache drops); the push hub closes after them (push-routes).
  const stopReactions = startReactions(services);
  app.addHook('preClose', async () => stopReactions());
  app.addHook('onClose', () => services.wx.close());
  return app;
}

/** Fastify takes a hop count too, but its types do not: the same rule as a function. */
const trustProxy = (value: TrustProxy) => (typeof value === 'number' ? (_address: string, hop: number) => hop < value : value);

export interface RouteEntry {
  method: string;
  url: string;
  config: FastifyContextConfig;
  /** Top-level field names of the route's params, query and body schemas. */
  fields: { params: string[]; query: string[]; body: string[] };
  schema?: FastifySchema;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Every registered route with its access rule: the source of the permission test matrix. */
    routeTable: RouteEntry[];
  }
}
