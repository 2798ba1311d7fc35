import zlib from 'node:zlib';
import { ApiError } from '../../../errors';

export interface ZipLimits {
  uncompressedBytes: number;
  zipEntries: number;
}

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const unreadable = () => new ApiError(400, 'importUnreadable', 'The file could not be read as a spreadsheet');
export const tooBigInside = (limit: number) =>
  new ApiError(400, 'importTooLargeInside', 'The spreadsheet is too large once unpacked', {
    limitMb: Math.floor(limit / (1024 * 1024)),
  });

/** The entries of a zip file, read from its central directory (no zip64: no spreadsheet we take needs it). */
export function zipEntries(bytes: Uint8Array, maxEntries: number): Entry[] {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = view.length - 22; i >= Math.max(0, view.length - 22 - 0xffff); i--) {
    if (view.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable();
  const count = view.readUInt16LE(eocd + 10);
  const directorySize = view.readUInt32LE(eocd + 12);
  const directoryOffset = view.readUInt32LE(eocd + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff || directoryOffset + directorySize > view.length)
    throw unreadable();
  if (count > maxEntries) throw unreadable();
  const entries: Entry[] = [];
  let at = directoryOffset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > view.length || view.readUInt32LE(at) !== 0x02014b50) throw unreadable();
    const nameLength = view.readUInt16LE(at + 28);
    const entry: Entry = {
      method: view.readUInt16LE(at + 10),
      compressedSize: view.readUInt32LE(at + 20),
      uncompressedSize: view.readUInt32LE(at + 24),
      name: view.toString('utf8', at + 46, at + 46 + nameLength),
      localHeaderOffset: view.readUInt32LE(at + 42),
    };
    if (entry.compressedSize === 0xffffffff || entry.uncompressedSize === 0xffffffff) throw unreadable();
    entries.push(entry);
    at += 46 + nameLength + view.readUInt16LE(at + 30) + view.readUInt16LE(at + 32);
  }
  return entries;
}

/** Inflates raw deflate data only to count it, giving up as soon as it passes `budget` bytes. */
function inflatedSize(data: Uint8Array, budget: number, limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
    let size = 0;
    let done = false;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget && !done) {
        done = true;
        inflate.destroy();
        reject(tooBigInside(limit));
      }
    });
    inflate.on('end', () => {
      if (!done) resolve(size);
    });
    inflate.on('error', () => {
      if (!done) {
        done = true;
        reject(unreadable());
      }
    });
    inflate.end(data);
  });
}

/**
 * Checks an xlsx before any reader unpacks it: the declared sizes first, then every entry is
 * inflated and counted (the output is dropped), stopping the moment the total passes the limit. A
 * zip bomb is refused by what it would unpack to, without ever holding it.
 */
export async function guardZip(bytes: Uint8Array, limits: ZipLimits): Promise<string[]> {
  const entries = zipEntries(bytes, limits.zipEntries);
  const declared = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (declared > limits.uncompressedBytes) throw tooBigInside(limits.uncompressedBytes);
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (const entry of entries) {
    const at = entry.localHeaderOffset;
    if (at + 30 > view.length || view.readUInt32LE(at) !== 0x04034b50) throw unreadable();
    const start = at + 30 + view.readUInt16LE(at + 26) + view.readUInt16LE(at + 28);
    const end = start + entry.compressedSize;
    if (end > view.length) throw unreadable();
    const data = view.subarray(start, end);
    const remaining = limits.uncompressedBytes - total;
    let size: number;
    if (entry.method === 0) size = data.length;
    else if (entry.method === 8) size = await inflatedSize(data, remaining, limits.uncompressedBytes);
    else throw unreadable();
    // An entry that unpacks to more than it declares is lying about itself.
    if (size > entry.uncompressedSize) throw tooBigInside(limits.uncompressedBytes);
    total += size;
    if (total > limits.uncompressedBytes) throw tooBigInside(limits.uncompressedBytes);
  }
  return entries.map((e) => e.name);
}
