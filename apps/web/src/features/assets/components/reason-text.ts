import type { TFunction } from 'i18next';
import type { ReasonFigure } from '@sl/contracts';

const percent = (v: number) => `${v > 0 ? '+' : ''}${Math.round(v * 1000) / 10} %`;

/** A reason in the reader's language with its figure (shares as percentages). */
export function reasonText(t: TFunction, r: ReasonFigure): string {
  const v = r.code === 'cycling' || r.code === 'pastRepairs' ? String(r.value) : r.code === 'lifeUsed' ? `${Math.round(r.value * 100)} %` : percent(r.value);
  return t(`asset.reason.${r.code}`, { v });
}
