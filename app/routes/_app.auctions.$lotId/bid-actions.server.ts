import { randomUUID } from 'node:crypto';
import type { Submission } from '@conform-to/react';
import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { ApiFailure } from '~/.server/api/client';
import { auctionsApi } from '~/.server/api/auctions';
import { getTenantConfig } from '~/.server/api/settings';
import { parseSubmission, refuseForm } from '~/.server/conform';
import { fields, formRefusal } from '~/.server/forms';
import { redirectWithToast } from '~/.server/toast';
import { parseBidEntry, type BidEntry } from '~/domain/auctions/bid-entry';
import { formatMinor, tenantMoneyFormat } from '~/domain/money';

export const BID_FORM = 'bid';
export const reviewSchema = z.object({ intent: z.literal('review'), amount: fields.typed(30) });
const confirmSchema = z.object({
  intent: z.literal('confirm'),
  amount: fields.typed(30),
  key: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});

/** The tenant API's refusals of a bid, as the field says them. */
const REFUSALS: Record<string, string> = {
  auctionBidTooLow: 'auctions.bid.errors.tooLow',
  auctionBidAboveLimit: 'auctions.bid.errors.aboveLimit',
  auctionBidNotWhole: 'auctions.bid.errors.notWhole',
  auctionBidNotPositive: 'auctions.bid.errors.notPositive',
  auctionLotClosed: 'auctions.bid.errors.closed',
  auctionLotNotOpen: 'auctions.bid.errors.notOpen',
  auctionBidNotAllowed: 'auctions.bid.errors.notAllowed',
};

/** What a refused bid's field says: the message key and the amount it names (minor units), if any. */
export interface BidRefusalExtra {
  amountNeeded?: number;
}

/** The lot a form was posted on, and where its answers lead. */
export interface PostedLot {
  context: AppLoadContext;
  token: string;
  lotId: number;
  here: string;
}

type BidSubmission = Submission<unknown>;

/** An amount the bid rules refuse, beside the field (with the amount it names, if any). */
const refusedEntry = (submission: BidSubmission, entry: Exclude<BidEntry, { amount: number }>) =>
  refuseForm(BID_FORM, submission, { fieldErrors: { amount: [entry.error] } }, {
    amountNeeded: 'limit' in entry ? entry.limit : undefined,
  } satisfies BidRefusalExtra);

/** The marketplace's refusal of the amount, beside the field; any other failure is thrown on. */
function refusedByMarketplace(submission: BidSubmission, error: unknown) {
  const key = error instanceof ApiFailure && error.status === 422 ? REFUSALS[error.messageCode ?? ''] : undefined;
  if (!key) throw error;
  const needed = (error as ApiFailure).params.minimum ?? (error as ApiFailure).params.limit;
  return refuseForm(BID_FORM, submission, { fieldErrors: { amount: [key] }, status: 422 }, {
    amountNeeded: typeof needed === 'number' ? needed : undefined,
  } satisfies BidRefusalExtra);
}

/**
 * The bid form's first step, REVIEW BID: checks the amount and answers the confirmation (the total
 * with the buyer's fees if the bid wins at its maximum) with a key for the bid.
 */
export async function reviewBid(form: FormData, { context, token, lotId }: PostedLot) {
  const submission = parseSubmission(form, reviewSchema);
  if (submission.status !== 'success') return refuseForm(BID_FORM, submission);
  const entry = parseBidEntry(submission.value.amount);
  if ('error' in entry) return refusedEntry(submission, entry);
  try {
    const quote = await auctionsApi.quote(context, token, lotId, entry.amount);
    return { form: BID_FORM, review: { quote, key: randomUUID() } };
  } catch (error) {
    return refusedByMarketplace(submission, error);
  }
}

/** The second step, PLACE BID: the binding bid with the review's key, so a replayed post places it once. */
export async function placeBid(form: FormData, { context, token, lotId, here }: PostedLot) {
  const submission = parseSubmission(form, confirmSchema);
  if (submission.status !== 'success') {
    if (!('amount' in (submission.error ?? {}))) throw formRefusal(400);
    return refuseForm(BID_FORM, submission);
  }
  const entry = parseBidEntry(submission.value.amount);
  if ('error' in entry) return refusedEntry(submission, entry);
  try {
    await auctionsApi.bid(context, token, lotId, entry.amount, submission.value.key);
  } catch (error) {
    return refusedByMarketplace(submission, error);
  }
  const config = await getTenantConfig(context);
  const amount = formatMinor(entry.amount, tenantMoneyFormat(config));
  return redirectWithToast(here, { type: 'success', key: 'auctions.bid.placed', values: { amount } });
}
