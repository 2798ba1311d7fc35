import { sniffPhotoType, type PhotoType } from '../photo-type';

/** A lot's photos (issue 53: "photos if the seller gave any"): how many, and how large each. */
export const LOT_PHOTO_LIMITS = { photos: 8, bytes: 2 * 1024 * 1024 } as const;

/**
 * The type of a seller's photo as its first bytes tell it, or why it is refused (`n` counts from 1).
 * The type is never the file's name or what a client said: a file that is no image is not kept.
 */
export function lotPhotoType(bytes: Uint8Array, n: number): { type: PhotoType } | { problem: string } {
  if (bytes.byteLength === 0) return { problem: `Photo ${n} is empty` };
  if (bytes.byteLength > LOT_PHOTO_LIMITS.bytes)
    return { problem: `Photo ${n} is larger than ${LOT_PHOTO_LIMITS.bytes / 1024 / 1024} MB` };
  const type = sniffPhotoType(bytes.subarray(0, 16));
  return type ? { type } : { problem: `Photo ${n} is not a JPEG, PNG, WebP or GIF image` };
}
