import { z } from 'zod';
import type { RequestBodyName } from '../../../app/.server/api/contract/endpoints';
import { idListSchema } from '../../../app/domain/ids';
import { alertBodies } from '../routes/alerts';
import { bidBody, quoteBody, secondChanceBody } from '../routes/auctions';
import { checkoutBodies } from '../routes/checkout';
import { identityBodies } from '../routes/identity';
import { acceptBody, textBody } from '../routes/offer-import';
import { changeBody, placeBody } from '../routes/offers';
import { referenceBody, referencesBody } from '../routes/order-list';
import { commitmentBody } from '../routes/preorders';
import { acceptedTerms, feeRequest } from '../routes/order-terms';
import { orderBodies } from '../routes/orders';
import { change as savedSearchChange, newSearch } from '../routes/saved-searches';
import { newReturn } from '../routes/returns';
import { exportBody } from '../routes/stock';
import { userBodies } from '../routes/user';

/**
 * Each request body the OpenAPI document names, as the schema the marketplace's route reads it with:
 * the document allows what the server takes, and nothing the server refuses (a `.refine` it cannot
 * say in JSON Schema is said with `.meta` beside it).
 */
export const requestBodies = {
  ...identityBodies,
  ...userBodies,
  StockExport: exportBody,
  NewOffer: placeBody,
  OfferChange: changeBody,
  OfferIds: idListSchema,
  ...alertBodies,
  ImportAccept: acceptBody,
  ImportText: textBody,
  ...checkoutBodies,
  Reference: referenceBody,
  References: referencesBody,
  PreorderCommitmentEntry: commitmentBody,
  ...orderBodies,
  TermsAccept: acceptedTerms,
  FeesRequest: feeRequest,
  NewSavedSearch: newSearch,
  SavedSearchChange: savedSearchChange,
  NewReturn: newReturn,
  Bid: bidBody,
  BidQuoteRequest: quoteBody,
  SecondChanceAnswer: secondChanceBody,
  // The extension reads no body; the portal sends an empty object.
  Empty: z.object({}),
} satisfies Record<RequestBodyName, z.ZodType>;
