import type { Map as MapLibreMap } from 'maplibre-gl';
import { MAP_STATE_COLOURS } from '@sl/contracts';

const RATIO = 2;
export const COUNT_IMAGE_PREFIX = 'sl-count:';
export const CABINET_IMAGE_PREFIX = 'sl-cabinet:';

function canvas(w: number, h: number) {
  const c = document.createElement('canvas');
  c.width = w * RATIO;
  c.height = h * RATIO;
  const ctx = c.getContext('2d')!;
  ctx.scale(RATIO, RATIO);
  return { c, ctx };
}

const imageOf = ({ c, ctx }: ReturnType<typeof canvas>) => ctx.getImageData(0, 0, c.width, c.height);

/** A cabinet: a rounded square in the state's colour with a white rim and two loop bars. */
function cabinet(colour: string) {
  const k = canvas(18, 18);
  const { ctx } = k;
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.roundRect(1, 1, 16, 16, 3);
  ctx.fill();
  ctx.fillStyle = colour;
  ctx.beginPath();
  ctx.roundRect(2.5, 2.5, 13, 13, 2);
  ctx.fill();
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  ctx.fillRect(5.5, 6, 7, 1.6);
  ctx.fillRect(5.5, 10, 7, 1.6);
  return imageOf(k);
}

/** The count on a cluster, drawn here because the offline style has no glyph server for text. */
function countLabel(text: string) {
  const probe = canvas(1, 1).ctx;
  probe.font = '600 12px system-ui, sans-serif';
  const width = Math.ceil(probe.measureText(text).width) + 2;
  const k = canvas(width, 16);
  k.ctx.font = '600 12px system-ui, sans-serif';
  k.ctx.fillStyle = '#ffffff';
  k.ctx.textBaseline = 'middle';
  k.ctx.fillText(text, 1, 8.5);
  return imageOf(k);
}

/** Registers the cabinet images and draws cluster counts on demand. */
export function installMarkerImages(map: MapLibreMap) {
  MAP_STATE_COLOURS.forEach((colour, state) => map.addImage(`${CABINET_IMAGE_PREFIX}${state}`, cabinet(colour), { pixelRatio: RATIO }));
  map.setMissingStyleImageResolver((id) => {
    if (id.startsWith(COUNT_IMAGE_PREFIX) && !map.hasImage(id)) map.addImage(id, countLabel(id.slice(COUNT_IMAGE_PREFIX.length)), { pixelRatio: RATIO });
  });
}
