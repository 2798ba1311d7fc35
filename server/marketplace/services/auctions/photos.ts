import { and, asc, eq } from 'drizzle-orm';
import { LOT_PHOTO_LIMITS, lotPhotoType } from '../../../../app/domain/auctions/photos';
import type { MarketplaceDeps, SignedInUser } from '../../context';
import type { Tx } from '../../db/client';
import { auctionLotPhotos } from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import type { FileStore } from '../shared/file-store';
import type { AuctionLots } from './lots';

/** The types of a seller's photos, checked before anything is written; a refusal names the photo. */
export function checkedLotPhotos(photos: readonly Uint8Array[]) {
  if (photos.length > LOT_PHOTO_LIMITS.photos)
    throw new ApiError(422, 'auctionLotInvalid', `At most ${LOT_PHOTO_LIMITS.photos} photos a lot`);
  return photos.map((bytes, i) => {
    const checked = lotPhotoType(bytes, i + 1);
    if ('problem' in checked) throw new ApiError(422, 'auctionLotInvalid', checked.problem);
    return { bytes, type: checked.type };
  });
}

/** The ids of a lot's photos, in the seller's order. */
export async function lotPhotoIds(db: MarketplaceDeps['db'], lotId: number) {
  const rows = await db
    .select({ id: auctionLotPhotos.id })
    .from(auctionLotPhotos)
    .where(eq(auctionLotPhotos.lotId, lotId))
    .orderBy(asc(auctionLotPhotos.position));
  return rows.map((r) => r.id);
}

/**
 * A lot's photos: stored with the lot (in its transaction) when the seller creates or edits it, and
 * read by the buyers who may see the lot (any other id, or a photo of another lot, is a 404).
 */
export function createLotPhotos(deps: Pick<MarketplaceDeps, 'db'>, files: FileStore, lots: AuctionLots) {
  const { db } = deps;
  return {
    /** Replaces the lot's photos with these (checked by `checkedLotPhotos`), in the caller's transaction. */
    async replace(tx: Tx, lotId: number, photos: ReturnType<typeof checkedLotPhotos>) {
      const old = await tx.delete(auctionLotPhotos).where(eq(auctionLotPhotos.lotId, lotId)).returning();
      for (const photo of old) await files.remove(photo.fileId, tx);
      for (const [position, photo] of photos.entries()) {
        const fileId = await files.put(photo.bytes, photo.type, tx);
        await tx.insert(auctionLotPhotos).values({ lotId, fileId, position });
      }
    },

    /** One photo of a lot this buyer may see. */
    async photo(user: SignedInUser, lotId: number, photoId: number) {
      await lots.visibleLot(await lots.viewer(user), lotId);
      const [row] = await db
        .select({ fileId: auctionLotPhotos.fileId })
        .from(auctionLotPhotos)
        .where(and(eq(auctionLotPhotos.id, photoId), eq(auctionLotPhotos.lotId, lotId)));
      const file = row ? await files.get(row.fileId) : null;
      if (!file) throw notFound('Photo');
      return file;
    },
  };
}

export type LotPhotos = ReturnType<typeof createLotPhotos>;
