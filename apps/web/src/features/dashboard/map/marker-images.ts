import type { Map as MapLibreMap } from 'maplibre-gl';

const RATIO = 2;
export const COUNT_IMAGE_PREFIX = 'sl-count:';
export const CABINET_IMAGE = 'sl-cabinet';
export const CABINET_BARS_IMAGE = 'sl-cabinet-bars';

function canvas(w: number, h: number) {
  const c = document.createElement('canvas');
  c.width = w * RATIO;
  c.height = h * RATIO;
  const ctx = c.getContext('2d')!;
  ctx.scale(RATIO, RATIO);
  return { c, ctx };
}

const imageOf = ({ c, ctx }: ReturnType<typeof canvas>) => ctx.getImageData(0, 0, c.width, c.height);

const SDF_RADIUS = 8;
const SDF_CUTOFF = 0.25;

/**
 * A cabinet as a signed distance field (a rounded square): drawn in any colour through `icon-color`, a paint
 * property, so a state change is a feature-state update and redraws at once, without re-clustering the fleet.
 */
function cabinetField() {
  const size = 40, half = 11, corner = 4;
  const data = new Uint8ClampedArray(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const qx = Math.abs(px + 0.5 - size / 2) - (half - corner), qy = Math.abs(py + 0.5 - size / 2) - (half - corner);
      const d = Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - corner;
      data[(py * size + px) * 4 + 3] = 255 - 255 * (d / SDF_RADIUS + SDF_CUTOFF);
    }
  }
  return new ImageData(data, size, size);
}

/** The two loop bars drawn over a cabinet. */
function cabinetBars() {
  const k = canvas(18, 18);
  k.ctx.fillStyle = 'rgba(255,255,255,0.9)';
  k.ctx.fillRect(5.5, 6, 7, 1.6);
  k.ctx.fillRect(5.5, 10.2, 7, 1.6);
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
  map.addImage(CABINET_IMAGE, cabinetField(), { pixelRatio: RATIO, sdf: true });
  map.addImage(CABINET_BARS_IMAGE, cabinetBars(), { pixelRatio: RATIO });
  map.setMissingStyleImageResolver((id) => {
    if (id.startsWith(COUNT_IMAGE_PREFIX) && !map.hasImage(id)) map.addImage(id, countLabel(id.slice(COUNT_IMAGE_PREFIX.length)), { pixelRatio: RATIO });
  });
}
