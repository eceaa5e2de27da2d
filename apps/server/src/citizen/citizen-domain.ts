import type { Services } from '../services.js';
import { CitizenRepository } from './citizen-repository.js';
import { CitizenService, type CitizenOptions } from './citizen-service.js';

/** The citizen-report service of one app, wired from its parts (the composition root may build it instead). */
export function createCitizenService(services: Services, opts: Partial<CitizenOptions> = {}): CitizenService {
  return new CitizenService(new CitizenRepository(services.db), services.alarmDomain.workflow, services.captcha, services.files, {
    captchaRequired: services.config.CAPTCHA,
    onReport: (report) => services.events.emit('citizen.reported', report),
    ...opts,
  });
}
