import { randomBytes } from 'node:crypto';
import {
  AlarmStatus, CITIZEN_REPORT_KIND, CITIZEN_REPORTS_PER_ADDRESS_MINUTE, CITIZEN_REPORTS_PER_POLE_HOUR, citizenPolePath, citizenProblemNames, citizenStatusPath,
  type CitizenProblem, type CitizenReceipt, type CitizenReportBody, type CitizenReportState, type CitizenReportStatus, type CitizenSheetPole, type CitizenSheetQuery, type Locale, type PublicPole,
} from '@sl/contracts';
import type { AlarmWorkflow } from '../alarms/alarm-workflow.js';
import type { CaptchaService } from '../auth/captcha-service.js';
import type { CitizenReportNotice } from '../events/domain-events.js';
import { badRequest, notFound, text, tooManyRequests } from '../http/errors.js';
import type { FileStore } from '../storage/file-store.js';
import type { Principal } from '../system/access/principal.js';
import { photoBytes, reencodePhoto } from './citizen-photo.js';
import type { CitizenRepository } from './citizen-repository.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const PHOTO_FOLDER = 'citizen';

export interface CitizenOptions {
  captchaRequired: boolean;
  /** The clock (tests move it); `Date.now` otherwise. */
  now?: () => number;
  /** Told of every stored report (the domain raises `citizen.reported`). */
  onReport?: (report: CitizenReportNotice) => void;
}

export interface Reporter {
  address: string;
  locale: Locale;
}

/** The reporter's words for the alarm's status: open, on a repair order, or over. */
const stateOf = (status: number | null, clearedAt: Date | null): CitizenReportState => {
  if (status === null) return 'received';
  if (clearedAt !== null || status === AlarmStatus.repairComplete || status === AlarmStatus.autoRepairComplete) return 'resolved';
  return status === AlarmStatus.alarm || status === AlarmStatus.rolledBack ? 'received' : 'dispatched';
};

/**
 * Citizen fault reports: a pole's public page, a report that raises an alarm of source 'citizen' on the lamp (or
 * joins its open alarm), a status link without an account, and the printable QR sheet of an area.
 */
export class CitizenService {
  private readonly now: () => number;

  constructor(
    private readonly repo: CitizenRepository,
    private readonly workflow: AlarmWorkflow,
    private readonly captcha: Pick<CaptchaService, 'verify'>,
    private readonly files: FileStore,
    private readonly opts: CitizenOptions,
  ) {
    this.now = opts.now ?? Date.now;
  }

  async pole(code: string): Promise<PublicPole> {
    const pole = await this.repo.poleByCode(code);
    if (!pole) throw notFound(text('citizen.poleNotFound'));
    return { code: pole.code, poleNo: pole.name, address: pole.address, lng: pole.lng, lat: pole.lat };
  }

  async report(code: string, body: Required<CitizenReportBody>, who: Reporter): Promise<CitizenReceipt> {
    const pole = await this.repo.poleByCode(code);
    if (!pole) throw notFound(text('citizen.poleNotFound'));
    const at = new Date(this.now());
    const limits = { perAddress: CITIZEN_REPORTS_PER_ADDRESS_MINUTE, addressSince: new Date(at.getTime() - MINUTE), perPole: CITIZEN_REPORTS_PER_POLE_HOUR, poleSince: new Date(at.getTime() - HOUR) };
    // Refused early, before a captcha is spent or an alarm raised; checked again under a lock when stored.
    if ((await this.repo.countFromAddress(who.address, limits.addressSince)) >= limits.perAddress) throw refusal('address');
    if ((await this.repo.countForPole(pole.terminalId, limits.poleSince)) >= limits.perPole) throw refusal('pole');
    if (this.opts.captchaRequired && !(await this.captcha.verify(body.uuid, body.code))) throw badRequest(text('citizen.captchaWrong'));
    const bytes = photoBytes(body.photo);
    const jpeg = bytes.length ? reencodePhoto(bytes) : undefined;

    const alarmId = await this.alarmFor(pole, body.problem as CitizenProblem, at);
    const token = randomBytes(18).toString('base64url');
    const photo = jpeg ? await this.files.save(PHOTO_FOLDER, `${randomBytes(12).toString('hex')}.jpg`, jpeg) : '';
    const row = await this.repo.insertWithin({ token, terminalId: pole.terminalId, alarmId, problem: body.problem, phone: body.phone, photo, address: who.address.slice(0, 64), locale: who.locale, createdAt: at }, limits)
      .catch(async (err: unknown) => {
        if (photo) await this.files.remove(photo);
        throw err;
      });
    if (typeof row === 'string') {
      if (photo) await this.files.remove(photo);
      throw refusal(row);
    }
    this.opts.onReport?.({ reportId: row.reportId, alarmId, terminalId: pole.terminalId, deptId: pole.deptId, problem: row.problem, at });
    return { token, statusPath: citizenStatusPath(token) };
  }

  async status(token: string): Promise<CitizenReportStatus> {
    const row = await this.repo.status(token);
    if (!row) throw notFound(text('citizen.reportNotFound'));
    const updated = row.alarmUpdatedAt && row.alarmUpdatedAt > row.createdAt ? row.alarmUpdatedAt : row.createdAt;
    return {
      poleNo: row.poleNo, address: row.address, problem: row.problem as CitizenProblem, state: stateOf(row.alarmStatus, row.alarmClearedAt),
      reportedAt: row.createdAt.toISOString(), updatedAt: updated.toISOString(),
    };
  }

  async sheet(p: Principal, q: CitizenSheetQuery): Promise<CitizenSheetPole[]> {
    const rows = await this.repo.sheet(p, q);
    return rows.map((r) => ({ terminalId: r.terminalId, poleNo: r.name, area: r.area, address: r.address, code: r.code, path: citizenPolePath(r.code) }));
  }

  areas(p: Principal): Promise<string[]> {
    return this.repo.areas(p);
  }

  /** The lamp's open alarm, else a new one of source 'citizen'; another report or the device may open one at the same moment. */
  private async alarmFor(pole: { terminalId: number; name: string; deptId: number | null; family: string }, problem: CitizenProblem, at: Date): Promise<number | null> {
    const open = await this.repo.openAlarmOf(pole.terminalId);
    if (open) return open.alarmId;
    const target = { terminalId: pole.terminalId, name: pole.name, deptId: pole.deptId, family: pole.family };
    const message = `citizen report: ${citizenProblemNames[problem]['en-US']} / ${citizenProblemNames[problem]['zh-CN']}`;
    const raised = await this.workflow.raise(target, CITIZEN_REPORT_KIND, { text: message, source: 'citizen' }, at);
    return raised?.alarmId ?? (await this.repo.openAlarmOf(pole.terminalId))?.alarmId ?? null;
  }
}

const refusal = (which: 'address' | 'pole') => tooManyRequests(text(which === 'address' ? 'citizen.tooManyFromAddress' : 'citizen.tooManyForPole'));
