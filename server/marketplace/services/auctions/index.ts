import type { MarketplaceDeps } from '../../context';
import type { CheckoutService } from '../checkout/checkout';
import { createAuctionAdmin } from './admin';
import { createAuctionAward } from './award';
import { createAuctionBids } from './bids';
import { createAuctionClosing } from './closing';
import { createAuctionLots } from './lots';
import { createAuctionMail } from './mail';
import { createManifestExport } from './manifest-export';
import { createLotPhotos } from './photos';
import type { FileStore } from '../shared/file-store';

/** Auctions (issue 53): the buyer's lots and bids, closing and awards, the seller's side. */
export function createAuctions(deps: MarketplaceDeps, checkout: CheckoutService, files: FileStore) {
  const mail = createAuctionMail(deps);
  const award = createAuctionAward(deps, checkout);
  const lots = createAuctionLots(deps, award);
  const photos = createLotPhotos(deps, files, lots);
  return {
    lots,
    photos,
    manifest: createManifestExport(deps, lots),
    bids: createAuctionBids(deps),
    closing: createAuctionClosing(deps, award, mail),
    admin: createAuctionAdmin(deps, mail, photos),
  };
}

export type Auctions = ReturnType<typeof createAuctions>;
