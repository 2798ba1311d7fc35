/** A proof-of-export file may be at most this large (checked in the portal and the marketplace). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** The file kinds a proof of export may be, told by their first bytes rather than their names. */
const KINDS: { type: string; ext: string; magic: number[] }[] = [
  { type: 'application/pdf', ext: 'pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { type: 'image/png', ext: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', ext: 'jpg', magic: [0xff, 0xd8, 0xff] },
];

export function sniffDocumentKind(bytes: Uint8Array) {
  return KINDS.find((kind) => kind.magic.every((b, i) => bytes[i] === b));
}

export const DOCUMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';
