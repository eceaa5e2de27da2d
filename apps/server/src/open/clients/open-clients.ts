import type { Services } from '../../services.js';
import { ApiClientRepository } from './api-client-repository.js';
import { ApiClientService } from './api-client-service.js';

const built = new WeakMap<Services, ApiClientService>();

/** The app's API client service, built once (console routes and the token endpoint share it). */
export function openClients(services: Services): ApiClientService {
  let s = built.get(services);
  if (!s) built.set(services, (s = new ApiClientService(new ApiClientRepository(services.db))));
  return s;
}
