/** The images a buyer or a seller may upload (a return's photos, a lot's), told by their first bytes. */

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

const PHOTO_SIGNATURES: { type: PhotoType; at: number; bytes: number[] }[][] = [
  [{ type: 'image/png', at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] }],
  [{ type: 'image/jpeg', at: 0, bytes: [0xff, 0xd8, 0xff] }],
  [{ type: 'image/gif', at: 0, bytes: [0x47, 0x49, 0x46, 0x38] }],
  // RIFF....WEBP
  [
    { type: 'image/webp', at: 0, bytes: [0x52, 0x49, 0x46, 0x46] },
    { type: 'image/webp', at: 8, bytes: [0x57, 0x45, 0x42, 0x50] },
  ],
];

/** A photo's type as its first bytes tell it (never its name or the type the browser sent); null when it is no image we keep. */
export function sniffPhotoType(head: Uint8Array): PhotoType | null {
  const match = PHOTO_SIGNATURES.find((parts) =>
    parts.every(({ at, bytes }) => bytes.every((b, i) => head[at + i] === b)),
  );
  return match ? match[0]!.type : null;
}
