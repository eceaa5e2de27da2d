import type { Db } from '../db/client.js';
import { RateLimiter, type WindowCounter } from './auth/rate-limiter.js';
import { ApiClientRepository } from './clients/api-client-repository.js';
import { ApiClientService } from './clients/api-client-service.js';
import { OpenCommandService, type CommandPorts } from './resources/open-command-service.js';
import { OpenRepository } from './resources/open-repository.js';
import { OpenResourceService } from './resources/open-resource-service.js';

/**
 * The open API's side of one app, built once by services.ts: the API clients (the console's client pages and the
 * token endpoint share them), the resources and commands other systems reach, and the rate limits counted in the
 * database for every instance.
 */
export function createOpenDomain(db: Db, counter: WindowCounter, commands: CommandPorts) {
  const repo = new OpenRepository(db);
  return {
    clients: new ApiClientService(new ApiClientRepository(db)),
    resources: new OpenResourceService(repo),
    commands: new OpenCommandService(repo, commands),
    limiter: new RateLimiter(counter),
  };
}
