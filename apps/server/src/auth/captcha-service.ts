import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { AuthRepository } from './auth-repository.js';

const TTL_MS = 5 * 60_000;

/** Image captchas: the answer is stored server-side, the image goes to the browser as a data URI. */
export class CaptchaService {
  constructor(private readonly repo: AuthRepository) {}

  async create(): Promise<{ id: string; image: string }> {
    const { data, text } = svgCaptcha.create({ size: 4, ignoreChars: '0oO1ilI', noise: 2, color: true, width: 120, height: 40 });
    const id = randomUUID();
    await this.repo.saveCaptcha(id, text.toLowerCase(), new Date(Date.now() + TTL_MS));
    return { id, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
  }

  async verify(id: string, answer: string): Promise<boolean> {
    if (!id || !answer) return false;
    const expected = await this.repo.takeCaptcha(id);
    return expected !== undefined && expected === answer.trim().toLowerCase();
  }
}
