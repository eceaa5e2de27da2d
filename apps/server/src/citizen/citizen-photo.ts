import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { CITIZEN_PHOTO_MAX_BYTES, CITIZEN_PHOTO_MAX_SIDE } from '@sl/contracts';
import { AppError, badRequest, text } from '../http/errors.js';
import { imageExtension } from '../storage/image-type.js';

/** Largest picture decoded, in megapixels: a phone's camera fits, a decompression bomb does not. */
const MAX_MEGAPIXELS = 50;

interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The base64 of a data URI (`data:image/jpeg;base64,...`) or bare base64, decoded; empty for none. */
export function photoBytes(photo: string): Buffer {
  const base64 = photo.replace(/^data:[\w/+.-]+;base64,/, '');
  if (!base64) return Buffer.alloc(0);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw badRequest(text('citizen.photoBroken'));
  return Buffer.from(base64, 'base64');
}

/**
 * A citizen's photo checked by its bytes (JPEG or PNG only) and re-encoded as a JPEG of at most
 * CITIZEN_PHOTO_MAX_SIDE pixels a side: whatever else the file carried (EXIF with the phone's position,
 * comments, trailing data) is gone.
 */
export function reencodePhoto(data: Buffer): Buffer {
  if (data.length > CITIZEN_PHOTO_MAX_BYTES) throw tooLarge();
  const type = imageExtension(data);
  if (type !== 'jpg' && type !== 'png') throw badRequest(text('citizen.photoType'));
  const image = decode(data, type);
  return Buffer.from(jpeg.encode(shrink(image, CITIZEN_PHOTO_MAX_SIDE), 82).data);
}

const tooLarge = () => badRequest(text('citizen.photoTooLarge', { limit: CITIZEN_PHOTO_MAX_BYTES / 1024 / 1024, pixels: MAX_MEGAPIXELS }));

function decode(data: Buffer, type: 'jpg' | 'png'): Rgba {
  try {
    if (type === 'jpg') return jpeg.decode(data, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_MEGAPIXELS, maxMemoryUsageInMB: 512 });
    const width = data.readUInt32BE(16);
    const height = data.readUInt32BE(20);
    if (width * height > MAX_MEGAPIXELS * 1e6) throw tooLarge();
    const png = PNG.sync.read(data);
    return { width: png.width, height: png.height, data: png.data };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof Error && /maxResolutionInMP|maxMemoryUsageInMB/.test(err.message)) throw tooLarge();
    throw badRequest(text('citizen.photoBroken'));
  }
}

/** Box-averaged down-scale so the longer side is at most `max`; a smaller picture is kept as it is (alpha dropped on white). */
export function shrink(src: Rgba, max: number): Rgba {
  const scale = Math.min(1, max / Math.max(src.width, src.height));
  const width = Math.max(1, Math.round(src.width * scale));
  const height = Math.max(1, Math.round(src.height * scale));
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y / scale), y1 = Math.max(y0 + 1, Math.min(src.height, Math.floor((y + 1) / scale)));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x / scale), x1 = Math.max(x0 + 1, Math.min(src.width, Math.floor((x + 1) / scale)));
      let r = 0, g = 0, b = 0, n = 0;
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const i = (sy * src.width + sx) * 4;
          const a = src.data[i + 3] / 255;
          r += src.data[i] * a + 255 * (1 - a);
          g += src.data[i + 1] * a + 255 * (1 - a);
          b += src.data[i + 2] * a + 255 * (1 - a);
          n++;
        }
      }
      const o = (y * width + x) * 4;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
      out[o + 3] = 255;
    }
  }
  return { width, height, data: out };
}
