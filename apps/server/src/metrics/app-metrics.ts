import { Registry } from 'prom-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayHandle } from '../gateway/ports.js';
import type { PushHub } from '../push/push-hub.js';
import { registerGatewayMetrics } from './gateway-metrics.js';
import { registerHttpMetrics } from './http-metrics.js';
import { processMetrics } from './process-metrics.js';
import { registerPushMetrics } from './push-metrics.js';

export interface MetricsSources {
  /** Read at scrape time: the gateway may be attached after the app is built, or absent. */
  gateway(): GatewayHandle | undefined;
  push: PushHub;
  /** False with an external broker (MQTT_URL), whose connected clients the gateway cannot count. */
  embeddedBroker: boolean;
}

export interface AppMetrics {
  /** This app's metrics and the process metrics, in the Prometheus text format via `metrics()`. */
  registry: Registry;
  observeRequest(request: FastifyRequest, reply: FastifyReply): void;
}

/** One registry per app (not prom-client's global one), so several apps in one process never collide. */
export function createAppMetrics(sources: MetricsSources): AppMetrics {
  const own = new Registry();
  registerGatewayMetrics(own, () => sources.gateway()?.stats(), sources.embeddedBroker);
  registerPushMetrics(own, sources.push);
  const observeRequest = registerHttpMetrics(own);
  return { registry: Registry.merge([processMetrics(), own]), observeRequest };
}
