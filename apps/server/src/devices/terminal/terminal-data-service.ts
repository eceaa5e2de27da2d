import { randomUUID } from 'node:crypto';
import { TERMINAL_PICK_LIMIT, type HeartbeatRecord, type MapPoint, type Terminal, type TerminalImage, type TerminalPick, type TerminalPosition, type TerminalTab } from '@sl/contracts';
import { heartbeats } from '../../db/schema/index.js';
import { badRequest, notFound, text } from '../../http/errors.js';
import type { FileStore } from '../../storage/file-store.js';
import { imageExtension } from '../../storage/image-type.js';
import type { Principal } from '../../system/access/principal.js';
import { toTerminal } from './terminal-columns.js';
import type { TerminalDataRepository } from './terminal-data-repository.js';
import type { TerminalAdminRepository } from './terminal-admin-repository.js';
import { assertVisible, findVisible } from './terminal-service.js';

export const MAX_IMAGES_PER_TERMINAL = 20;

const toHeartbeat = (row: typeof heartbeats.$inferSelect): HeartbeatRecord => ({ ...row, ts: row.ts.toISOString(), receivedAt: row.receivedAt.toISOString() });
const toImage = (row: { id: number; terminalId: number; url: string; createdAt: Date }): TerminalImage => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Readings, images, positions and summaries of the terminals in the caller's scope. */
export class TerminalDataService {
  constructor(
    private readonly repo: TerminalAdminRepository,
    private readonly data: TerminalDataRepository,
    private readonly files: FileStore,
  ) {}

  async info(p: Principal, terminalId: number): Promise<Terminal & { latestHeartbeat: HeartbeatRecord | null }> {
    const terminal = toTerminal(await findVisible(this.repo, p, terminalId));
    const latest = await this.data.latestHeartbeat(terminalId);
    return { ...terminal, latestHeartbeat: latest ? toHeartbeat(latest) : null };
  }

  async heartbeats(p: Principal, terminalId: number, q: { pageIndex: number; pageSize: number; from?: Date; to?: Date }) {
    await assertVisible(this.repo, p, [terminalId]);
    if (q.from && q.to && q.from > q.to) throw badRequest(text('terminals.rangeOrder'));
    const page = await this.data.heartbeats(terminalId, q);
    return { ...page, list: page.list.map(toHeartbeat) };
  }

  async images(p: Principal, terminalId: number): Promise<TerminalImage[]> {
    await findVisible(this.repo, p, terminalId);
    return (await this.data.images(terminalId)).map(toImage);
  }

  async addImage(p: Principal, terminalId: number, bytes: Buffer): Promise<TerminalImage> {
    await findVisible(this.repo, p, terminalId);
    const ext = imageExtension(bytes);
    if (!ext) throw badRequest(text('device.imageType'));
    if ((await this.data.images(terminalId)).length >= MAX_IMAGES_PER_TERMINAL) throw badRequest(text('device.tooManyImages', { n: MAX_IMAGES_PER_TERMINAL }));
    const url = await this.files.save('terminal', `${terminalId}-${randomUUID()}.${ext}`, bytes);
    return toImage(await this.data.addImage(terminalId, url));
  }

  async removeImage(p: Principal, terminalId: number, imageId: number): Promise<void> {
    await findVisible(this.repo, p, terminalId);
    const url = await this.data.deleteImage(terminalId, imageId);
    if (url === undefined) throw notFound(text('device.imageNotFound', { image: imageId, id: terminalId }));
    await this.files.remove(url); // else images could be added and removed until the disk is full
  }

  tab(p: Principal): Promise<TerminalTab> {
    return this.data.tab(p);
  }

  async picks(p: Principal, keyword?: string): Promise<TerminalPick[]> {
    return (await this.data.picks(p, keyword, TERMINAL_PICK_LIMIT)) as TerminalPick[];
  }

  /** The terminal's recorded position, or null when no terminal is asked for. */
  async position(p: Principal, terminalId: number | undefined): Promise<TerminalPosition | null> {
    if (terminalId === undefined) return null;
    const t = toTerminal(await findVisible(this.repo, p, terminalId));
    return { terminalId: t.terminalId, sn: t.sn, name: t.name, lng: t.lng, lat: t.lat, address: t.address, lastSeenAt: t.lastSeenAt };
  }

  async mapPoints(p: Principal): Promise<MapPoint[]> {
    return (await this.data.mapPoints(p)) as MapPoint[];
  }
}
