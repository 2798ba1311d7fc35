import { z } from 'zod';
import { stocklistSettingsSchema } from '~/domain/stock/settings-schema';
import { idSchema } from '~/domain/ids';
import { MAX_ORDER_PAGE, MAX_ORDER_SEARCH, ORDER_STATUS_CODE } from '~/domain/orders/list-query';
import { ORDER_LIST_FIELDS } from '~/domain/orders/settings';
import { MAX_RETURN_PAGE, MAX_RETURN_SEARCH, RETURN_LIST_FIELDS } from '~/domain/returns/list-query';
import { AUCTION_LIST_PARAMS } from '~/domain/auctions/list-query';
import { historyPageParam } from '~/domain/auctions/bid-history';
import { alertListSchema, alertSchema } from '../alerts';
import {
  bidPlaced as auctionBidPlacedSchema,
  listPage as auctionListSchema,
  lotDetails as auctionLotSchema,
  quote as bidQuoteSchema,
  secondChanceAnswered as secondChanceAnsweredSchema,
  summary as auctionSummarySchema,
} from '../auctions';
import {
  cartItemsSchema,
  cartSettingsSchema,
  checkoutSchema,
  movedEntriesSchema,
  openOrderWarehousesSchema,
  removedEntriesSchema,
} from '../cart';
import {
  chargesSchema,
  optionsSchema,
  orderSummarySchema,
  paymentConfirmSchema,
  paymentStartSchema,
  payloadSchema,
  selectionSchema,
  statusSchema,
  submittedOrderSchema,
  submittedSchema,
} from '../checkout';
import { errorBodySchema } from '../client';
import { displayPreferenceSchema } from '../display-preference';
import { savedSearchListSchema, savedSearchSchema } from '../saved-searches';
import { signInResultSchema, tokensSchema } from '../identity';
import { networkSettingsSchema } from '../network';
import { importAcceptedSchema, importReviewSchema, importTextSchema, importUploadedSchema } from '../offer-import';
import { bannerSchema } from '../broadcast-banner';
import { confirmedSchema as buyAgainConfirmedSchema, reviewSchema as buyAgainReviewSchema } from '../buy-again';
import { homeSchema } from '../buyer-home';
import { offerHistorySchema, offerListSchema, offerSchema } from '../offers';
import { orderDetailsSchema, orderSavedSchema, pendingCountSchema } from '../order-details';
import { manifestSummarySchema } from '../order-documents';
import { orderSettingsSchema } from '../order-settings';
import { feesSchema, orderTermsSchema, paymentTimeExtendedSchema, termsAcceptedSchema } from '../order-terms';
import { orderListPageSchema, referenceSetSchema, referencesSetSchema } from '../orders';
import { documentsSchema } from '../proof-of-export';
import { commitmentSchema, preorderListSchema, preorderSchema } from '../preorders';
import {
  canceled as returnCanceledSchema,
  created as returnCreatedSchema,
  details as returnDetailsSchema,
  listPage as returnListSchema,
  returnable as returnableSchema,
} from '../returns';
import { preferenceSchema } from '../reports';
import { i18nSchema, publicConfigSchema, revisionSchema, userInfoSchema } from '../settings';
import { browseSchema, gradesSchema, participantsSchema, singleItemSchema } from '../stock';

/**
 * The answers the portal checks, by the name the OpenAPI document gives them: each is the schema its
 * call in app/.server/api passes to callApi, so the contract is what the client accepts.
 */
export const answerSchemas = {
  ErrorBody: errorBodySchema,
  TenantConfig: publicConfigSchema,
  Labels: i18nSchema,
  SignInResult: signInResultSchema,
  Tokens: tokensSchema,
  UserInfo: userInfoSchema,
  AuthoritiesRevision: revisionSchema,
  NotificationPreference: preferenceSchema,
  Participants: participantsSchema,
  StocklistSettings: stocklistSettingsSchema,
  StockPage: browseSchema,
  StockItem: singleItemSchema,
  Grades: gradesSchema,
  NetworkSettings: networkSettingsSchema,
  Offer: offerSchema,
  OfferList: offerListSchema,
  RemovedEntries: removedEntriesSchema,
  MovedEntries: movedEntriesSchema,
  StockAlert: alertSchema,
  StockAlertList: alertListSchema,
  ImportReview: importReviewSchema,
  ImportUploaded: importUploadedSchema,
  ImportLines: importTextSchema,
  ImportAccepted: importAcceptedSchema,
  CartItems: cartItemsSchema,
  CartSettings: cartSettingsSchema,
  OrderSettings: orderSettingsSchema,
  OpenOrderWarehouses: openOrderWarehousesSchema,
  CheckoutHandOff: checkoutSchema,
  CheckoutPayload: payloadSchema,
  CheckoutOptions: optionsSchema,
  Selection: selectionSchema,
  Charges: chargesSchema,
  Submitted: submittedSchema,
  SubmittedOrder: submittedOrderSchema,
  Status: statusSchema,
  OrderSummary: orderSummarySchema,
  PaymentStart: paymentStartSchema,
  PaymentConfirm: paymentConfirmSchema,
  OrderListPage: orderListPageSchema,
  ReferenceSet: referenceSetSchema,
  ReferencesSet: referencesSetSchema,
  OrderDetails: orderDetailsSchema,
  OrderSaved: orderSavedSchema,
  PendingCount: pendingCountSchema,
  ManifestSummary: manifestSummarySchema,
  OrderTerms: orderTermsSchema,
  TermsAccepted: termsAcceptedSchema,
  Fees: feesSchema,
  PaymentTimeExtended: paymentTimeExtendedSchema,
  ProofOfExportDocuments: documentsSchema,
  BuyerHome: homeSchema,
  BuyAgainReview: buyAgainReviewSchema,
  BuyAgainConfirmed: buyAgainConfirmedSchema,
  BroadcastBanner: bannerSchema,
  OfferHistory: offerHistorySchema,
  ReturnList: returnListSchema,
  Returnable: returnableSchema,
  ReturnRequest: returnDetailsSchema,
  ReturnCreated: returnCreatedSchema,
  ReturnCanceled: returnCanceledSchema,
  DisplayPreference: displayPreferenceSchema,
  SavedSearch: savedSearchSchema,
  SavedSearchList: savedSearchListSchema,
  PreorderList: preorderListSchema,
  Preorder: preorderSchema,
  PreorderCommitment: commitmentSchema,
  AuctionList: auctionListSchema,
  AuctionLot: auctionLotSchema,
  AuctionSummary: auctionSummarySchema,
  BidQuote: bidQuoteSchema,
  BidPlaced: auctionBidPlacedSchema,
  SecondChanceAnswered: secondChanceAnsweredSchema,
} as const satisfies Record<string, z.ZodType>;
export type AnswerName = keyof typeof answerSchemas;

/**
 * The request bodies the document names. Their schemas are the marketplace's own, the ones its
 * routes refuse a body with (server/marketplace/contract/request-bodies.ts), so the document allows
 * exactly what the server takes.
 */
export const REQUEST_BODIES = [
  'SignIn',
  'NewPassword',
  'RefreshToken',
  'Email',
  'ResetPassword',
  'NotificationPreferenceChange',
  'DisplayPreferenceChange',
  'StockExport',
  'NewOffer',
  'OfferChange',
  'OfferIds',
  'NewAlert',
  'AlertChange',
  'ImportAccept',
  'ImportText',
  'WithSelection',
  'Submission',
  'PaymentStartRequest',
  'PaymentConfirmRequest',
  'Reference',
  'References',
  'PreorderCommitmentEntry',
  'OrderSave',
  'DraftChange',
  'TermsAccept',
  'FeesRequest',
  'NewSavedSearch',
  'SavedSearchChange',
  'NewReturn',
  'Bid',
  'BidQuoteRequest',
  'SecondChanceAnswer',
  'Empty',
] as const;
export type RequestBodyName = (typeof REQUEST_BODIES)[number];

/** Every schema the document names for an answer. */
export const namedSchemas = answerSchemas;
export type SchemaName = keyof typeof namedSchemas;

/**
 * The limits the marketplace enforces on a query parameter (it refuses anything else with a 400 that
 * names the parameter); the contract suite tries each one's edges.
 */
const sortDir = z.enum(['asc', 'desc']);
const ORDER_LIST_QUERY = {
  sort: z.enum(ORDER_LIST_FIELDS),
  dir: sortDir,
  search: z.string().max(MAX_ORDER_SEARCH),
  status: z.string().regex(ORDER_STATUS_CODE),
  createdFrom: z.iso.datetime({ offset: true }),
  createdBefore: z.iso.datetime({ offset: true }),
};
const RETURN_LIST_QUERY = {
  search: z.string().max(MAX_RETURN_SEARCH),
  sort: z.enum(RETURN_LIST_FIELDS),
  dir: sortDir,
};
const orderNumberText = z.string().regex(/^[A-Za-z0-9-]{1,40}$/);
const uuidText = z.string().regex(/^[0-9a-f-]{36}$/);

/**
 * What a path segment may hold, by the parameter's name: what the marketplace's route matches (a
 * segment it does not match is a 404, an id out of range a 400 naming it). A segment is not `.` or
 * `..` (the server reads those as moves in the path), nor holds a slash or a NUL.
 */
export const PATH_PARAMETERS: Record<string, z.ZodType> = {
  orderNumber: orderNumberText,
  phonexOrderNumber: orderNumberText,
  invoiceNumber: orderNumberText,
  rmaNumber: z.string().regex(/^RMA-[A-Za-z0-9-]{1,60}$/),
  itemNumberWarehouse: z.string().regex(/^(?!\.\.?$)[^/\\\u0000]{1,200}$/),
  warehouse: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/),
  checkoutId: uuidText,
  submissionKey: uuidText,
  uploadId: uuidText,
  offerId: idSchema,
  photoId: idSchema,
  preorderId: idSchema,
  lotId: idSchema,
  id: idSchema,
  // A background job's name (the admin calls).
  name: z.string().regex(/^[a-z][a-z-]{0,39}$/),
};

export type Method = 'get' | 'post' | 'put' | 'delete';

/** A file the tenant API streams instead of JSON. */
export type FileType = 'xlsx' | 'pdf' | 'image';

export interface Endpoint {
  method: Method;
  /** The path under the tenant API's base, with {name} for each path parameter. */
  path: string;
  summary: string;
  /** Signed-in calls carry the access token as a bearer token; the others carry none. */
  auth: 'bearer' | 'none' | 'upload-token' | 'admin';
  /**
   * The pxns-participant-id header: which participant's stock the call is about; required on the
   * pxnr paths, the tenant's own participant when an optional one is left out.
   */
  participant?: 'required' | 'optional';
  /** The query parameters, each with the values the server takes (all optional). */
  query?: Record<string, z.ZodType>;
  /** A request body by its name in the document, or (the admin calls) the route's schema itself. */
  body?: RequestBodyName | 'multipart' | z.ZodType;
  /**
   * The answer the portal checks; null: any answer (the portal reads none of it); `{ json }`: a JSON
   * answer the portal never reads (the admin calls, and a few the portal does not make), described in words.
   */
  answer: AnswerName | { file: FileType } | { json: string } | null;
  /**
   * A read the contract suite makes (no side effect); `mayRefuse`: a tenant may refuse it for the
   * order the suite picks (terms where grace periods are off), with an error body.
   */
  read?: boolean | 'mayRefuse';
}

const P = '/px-api-gateway';

/** The plain path for the tenant's own stock and the pxnr path, with the participant header, for a network participant's. */
function ownAndNetwork(
  area: 'stocklist' | 'cart',
  rest: string,
  endpoint: Omit<Endpoint, 'path' | 'participant'>,
): Endpoint[] {
  return [
    { ...endpoint, path: `${P}/${area}${rest}` },
    {
      ...endpoint,
      path: `${P}/${area}/pxnr${rest}`,
      participant: 'required',
      summary: `${endpoint.summary} (a network participant's stock)`,
      read: false,
    },
  ];
}

/** Every call the portal makes to the tenant API (app/.server/api), in the order of the specs' areas. */
export const endpoints: Endpoint[] = [
  {
    method: 'get',
    path: `${P}/saas-config`,
    summary: "The tenant's public configuration",
    auth: 'none',
    answer: 'TenantConfig',
    read: true,
  },
  {
    method: 'get',
    path: `${P}/saas-i18n`,
    summary: "The tenant's labels in one language",
    auth: 'none',
    query: { lang: z.string() },
    answer: 'Labels',
    read: true,
  },

  {
    method: 'post',
    path: `${P}/identity/sign-in`,
    summary: 'Sign in',
    auth: 'none',
    body: 'SignIn',
    answer: 'SignInResult',
  },
  {
    method: 'post',
    path: `${P}/identity/new-password`,
    summary: 'Set the new password a first sign-in requires',
    auth: 'none',
    body: 'NewPassword',
    answer: 'Tokens',
  },
  {
    method: 'post',
    path: `${P}/identity/refresh`,
    summary: 'Renew the access token',
    auth: 'none',
    body: 'RefreshToken',
    answer: 'Tokens',
  },
  {
    method: 'post',
    path: `${P}/identity/sign-out`,
    summary: 'End the session',
    auth: 'none',
    body: 'RefreshToken',
    answer: null,
  },
  {
    method: 'post',
    path: `${P}/identity/forgot-password`,
    summary: 'Send a password reset code',
    auth: 'none',
    body: 'Email',
    answer: null,
  },
  {
    method: 'post',
    path: `${P}/identity/reset-password`,
    summary: 'Reset the password with the code',
    auth: 'none',
    body: 'ResetPassword',
    answer: null,
  },

  {
    method: 'get',
    path: `${P}/user-info`,
    summary: 'The signed-in user',
    auth: 'bearer',
    answer: 'UserInfo',
    read: true,
  },
  {
    method: 'get',
    path: `${P}/security/authorities/revision`,
    summary: "The revision of the user's authorities",
    auth: 'bearer',
    answer: 'AuthoritiesRevision',
    read: true,
  },
  {
    method: 'get',
    path: `${P}/user/notification-preference`,
    summary: 'The daily report subscription',
    auth: 'bearer',
    answer: 'NotificationPreference',
    read: true,
  },
  {
    method: 'put',
    path: `${P}/user/notification-preference`,
    summary: 'Subscribe to or leave the daily report',
    auth: 'bearer',
    body: 'NotificationPreferenceChange',
    answer: 'NotificationPreference',
  },
  {
    method: 'put',
    path: `${P}/user/display-preference`,
    summary: "The user's stock list layout (cards or a compact list)",
    auth: 'bearer',
    body: 'DisplayPreferenceChange',
    answer: 'DisplayPreference',
  },

  {
    method: 'get',
    path: `${P}/stocklist/participants`,
    summary: 'The participants whose stock the buyer sees, with their warehouses',
    auth: 'bearer',
    answer: 'Participants',
    read: true,
  },
  {
    method: 'get',
    path: `${P}/stocklist/settings`,
    summary: "A participant's stock list settings",
    auth: 'bearer',
    participant: 'optional',
    answer: 'StocklistSettings',
    read: true,
  },
  {
    method: 'get',
    path: `${P}/stocklist/items`,
    summary: "One page of a participant's stock",
    auth: 'bearer',
    participant: 'optional',
    // The stock list reads a value out of range as its default (page 1, no sort) rather than refuse it.
    query: {
      warehouseGroup: z.string(),
      category: z.string(),
      warehouse: z.string(),
      includeOutOfStock: z
        .string()
        .meta({ description: '`true` lists items out of stock too; any other value does not' }),
      page: z.string(),
      open: z.string(),
      q: z.string(),
      sort: z.string(),
    },
    answer: 'StockPage',
    read: true,
  },
  {
    method: 'get',
    path: `${P}/stocklist/items/{itemNumberWarehouse}`,
    summary: 'One stock item',
    auth: 'bearer',
    participant: 'optional',
    answer: 'StockItem',
    read: true,
  },
  {
    method: 'get',
    path: `${P}/stocklist/grades`,
    summary: "A participant's grades and their descriptions",
    auth: 'bearer',
    participant: 'optional',
    answer: 'Grades',
    read: true,
  },
  {
    method: 'post',
    path: `${P}/stocklist/export`,
    summary: 'The stock list as a spreadsheet',
    auth: 'bearer',
    participant: 'optional',
    body: 'StockExport',
    answer: { file: 'xlsx' },
  },
  {
    method: 'get',
    path: `${P}/network/settings`,
    summary: "The network's settings for this buyer",
    auth: 'bearer',
    answer: 'NetworkSettings',
    read: true,
  },

  ...ownAndNetwork('stocklist', '/offers', {
    method: 'get',
    summary: "The buyer's cart entries and offers, by itemNumberWarehouse",
    auth: 'bearer',
    answer: 'OfferList',
    read: true,
  }),
  ...ownAndNetwork('stocklist', '/offer', {
    method: 'post',
    summary: 'Add to the cart or make an offer',
    auth: 'bearer',
    body: 'NewOffer',
    answer: 'Offer',
  }),
  ...ownAndNetwork('stocklist', '/offer/{offerId}', {
    method: 'put',
    summary: 'Change an offer',
    auth: 'bearer',
    body: 'OfferChange',
    answer: 'Offer',
  }),
  ...ownAndNetwork('stocklist', '/offer/{offerId}', {
    method: 'delete',
    summary: 'Withdraw an offer',
    auth: 'bearer',
    answer: null,
  }),
  ...ownAndNetwork('stocklist', '/offers', {
    method: 'delete',
    summary: 'Remove cart entries',
    auth: 'bearer',
    body: 'OfferIds',
    answer: 'RemovedEntries',
  }),
  ...ownAndNetwork('stocklist', '/offers/move-to-cart', {
    method: 'put',
    summary: 'Move accepted offers to the cart',
    auth: 'bearer',
    body: 'OfferIds',
    answer: 'MovedEntries',
  }),

  {
    method: 'get',
    path: `${P}/stocklist/alert/items`,
    summary: "The buyer's stock alerts on a participant's stock",
    auth: 'bearer',
    participant: 'optional',
    answer: 'StockAlertList',
    read: true,
  },
  {
    method: 'post',
    path: `${P}/stocklist/alert/item`,
    summary: 'Set a stock alert',
    auth: 'bearer',
    participant: 'optional',
    body: 'NewAlert',
    answer: 'StockAlert',
  },
  {
    method: 'put',
    path: `${P}/stocklist/alert/item/{itemNumberWarehouse}`,
    summary: 'Change a stock alert',
    auth: 'bearer',
    participant: 'optional',
    body: 'AlertChange',
    answer: 'StockAlert',
  },
  {
    method: 'delete',
    path: `${P}/stocklist/alert/item/{itemNumberWarehouse}`,
    summary: 'Remove a stock alert',
    auth: 'bearer',
    participant: 'optional',
    answer: null,
  },

  {
    method: 'get',
    path: `${P}/stocklist/offer/bulk-offer-import`,
    summary: 'The review of the last uploaded offer import',
    auth: 'bearer',
    answer: 'ImportReview',
    read: 'mayRefuse',
  },
  {
    method: 'post',
    path: `${P}/stocklist/offer/bulk-offer-import`,
    summary: 'Upload an offer import (multipart, the file name in the file-name header)',
    auth: 'bearer',
    body: 'multipart',
    answer: 'ImportUploaded',
  },
  {
    method: 'get',
    path: `${P}/stocklist/offer/bulk-offer-import/text`,
    summary: "The quick order import's lines as kept, to change them",
    auth: 'bearer',
    answer: 'ImportLines',
    read: 'mayRefuse',
  },
  {
    method: 'post',
    path: `${P}/stocklist/offer/bulk-offer-import/text`,
    summary:
      "The quick order pad's lines as an offer import (read into the import's rows; a blank price is the list price)",
    auth: 'bearer',
    body: 'ImportText',
    answer: 'ImportUploaded',
  },
  {
    method: 'delete',
    path: `${P}/stocklist/offer/bulk-offer-import/{itemNumberWarehouse}`,
    summary: 'Leave one row out of the import',
    auth: 'bearer',
    answer: null,
  },
  {
    method: 'post',
    path: `${P}/stocklist/offer/bulk-offer-import/cancel`,
    summary: 'Cancel the import',
    auth: 'bearer',
    answer: null,
  },
  {
    method: 'post',
    path: `${P}/stocklist/offer/bulk-offer-import/accept`,
    summary: "Submit the import's valid offers",
    auth: 'bearer',
    body: 'ImportAccept',
    answer: 'ImportAccepted',
  },
  {
    method: 'get',
    path: `${P}/stocklist/offer/bulk-offer-import/template`,
    summary: 'The import template',
    auth: 'bearer',
    answer: { file: 'xlsx' },
  },

  {
    method: 'get',
    path: `${P}/cart/items`,
    summary: "The buyer's cart",
    auth: 'bearer',
    answer: 'CartItems',
    read: true,
  },
  {
    method: 'get',
    path: `${P}/cart/settings`,
    summary: "The cart's messages",
    auth: 'bearer',
    answer: 'CartSettings',
    read: true,
  },
  {
    method: 'get',
    path: `${P}/order/settings`,
    summary: 'Order statuses, release target, invoices shown, list columns',
    auth: 'bearer',
    answer: 'OrderSettings',
    read: true,
  },
  {
    method: 'get',
    path: `${P}/cart/add-to-existing-order/warehouses`,
    summary: 'Warehouses with an order the cart can join',
    auth: 'bearer',
    answer: 'OpenOrderWarehouses',
    read: true,
  },
  ...ownAndNetwork('cart', '/cart-checkout/{warehouse}', {
    method: 'post',
    summary: "Hand one warehouse's cart entries to checkout",
    auth: 'bearer',
    body: 'OfferIds',
    answer: 'CheckoutHandOff',
  }),
  ...ownAndNetwork('cart', '/add-to-existing-order/{warehouse}', {
    method: 'post',
    summary: "Hand one warehouse's cart entries to an existing order",
    auth: 'bearer',
    body: 'OfferIds',
    answer: 'CheckoutHandOff',
  }),
  {
    method: 'get',
    path: `${P}/cart/checkout/{checkoutId}`,
    summary: 'A hand-off to checkout',
    auth: 'bearer',
    answer: 'CheckoutHandOff',
  },

  {
    method: 'get',
    path: `${P}/checkout/{checkoutId}`,
    summary: 'The checkout page',
    auth: 'bearer',
    query: { salesOrder: orderNumberText },
    answer: 'CheckoutPayload',
  },
  {
    method: 'put',
    path: `${P}/checkout/{checkoutId}/selection`,
    summary: "Keep the checkout's choices",
    auth: 'bearer',
    query: { salesOrder: orderNumberText },
    body: 'WithSelection',
    answer: 'CheckoutPayload',
  },
  {
    method: 'post',
    path: `${P}/checkout/{checkoutId}/calculate-charges`,
    summary: 'The charges of a selection',
    auth: 'bearer',
    query: { salesOrder: orderNumberText },
    body: 'WithSelection',
    answer: 'Charges',
  },
  {
    method: 'post',
    path: `${P}/checkout/{checkoutId}/submit`,
    summary: 'Place the order',
    auth: 'bearer',
    body: 'Submission',
    answer: 'Submitted',
  },
  {
    method: 'get',
    path: `${P}/checkout/submitted/{submissionKey}`,
    summary: 'The order a submission made',
    auth: 'bearer',
    answer: 'SubmittedOrder',
  },
  {
    method: 'get',
    path: `${P}/preferences/options`,
    summary: 'What My Preferences can choose from',
    auth: 'bearer',
    answer: 'CheckoutOptions',
    read: true,
  },
  {
    method: 'get',
    path: `${P}/preferences`,
    summary: "The buyer's saved preferences",
    auth: 'bearer',
    answer: 'Selection',
    read: true,
  },
  {
    method: 'post',
    path: `${P}/preferences`,
    summary: 'Save the preferences',
    auth: 'bearer',
    body: 'WithSelection',
    answer: 'Status',
  },
  {
    method: 'get',
    path: `${P}/orders/{orderNumber}/summary`,
    summary: "An order's confirmation summary",
    auth: 'bearer',
    answer: 'OrderSummary',
    read: true,
  },
  {
    method: 'post',
    path: `${P}/orders/{orderNumber}/payment`,
    summary: 'Start an integrated payment',
    auth: 'bearer',
    body: 'PaymentStartRequest',
    answer: 'PaymentStart',
  },
  {
    method: 'post',
    path: `${P}/orders/{orderNumber}/payment/confirm`,
    summary: 'Confirm an integrated payment',
    auth: 'bearer',
    body: 'PaymentConfirmRequest',
    answer: 'PaymentConfirm',
  },

  {
    method: 'get',
    path: `${P}/orders`,
    summary: "One page of the buyer's orders",
    auth: 'bearer',
    query: { ...ORDER_LIST_QUERY, page: z.number().int().min(1).max(MAX_ORDER_PAGE) },
    answer: 'OrderListPage',
    read: true,
  },
  {
    method: 'get',
    path: `${P}/orders/export`,
    summary: 'Every order the search and filters match, as a spreadsheet',
    auth: 'bearer',
    query: ORDER_LIST_QUERY,
    answer: { file: 'xlsx' },
  },
  {
    method: 'put',
    path: `${P}/orders/references`,
    summary: "The buyer's references on several orders, all saved or none",
    auth: 'bearer',
    body: 'References',
    answer: 'ReferencesSet',
  },
  {
    method: 'put',
    path: `${P}/orders/{orderNumber}/reference`,
    summary: "The buyer's reference on an order",
    auth: 'bearer',
    body: 'Reference',
    answer: 'ReferenceSet',
  },
  {
    method: 'get',
    path: `${P}/orders/{orderNumber}`,
    summary: 'An order with its permissions and pending changes',
    auth: 'bearer',
    answer: 'OrderDetails',
    read: true,
  },
  {
    method: 'put',
    path: `${P}/orders/{orderNumber}`,
    summary: 'Save, hold, release or cancel an order',
    auth: 'bearer',
    body: 'OrderSave',
    answer: 'OrderSaved',
  },
  {
    method: 'put',
    path: `${P}/orders/{orderNumber}/draft`,
    summary: 'Add a pending change',
    auth: 'bearer',
    body: 'DraftChange',
    answer: 'PendingCount',
  },
  {
    method: 'delete',
    path: `${P}/orders/{orderNumber}/draft`,
    summary: 'Discard the pending changes',
    auth: 'bearer',
    answer: 'PendingCount',
  },
  {
    method: 'get',
    path: `${P}/orders/{orderNumber}/manifest-summary`,
    summary: "Whether the manifest has IMEIs, the order's invoices and tracking numbers",
    auth: 'bearer',
    answer: 'ManifestSummary',
    read: true,
  },
  {
    method: 'get',
    path: `${P}/orders/{orderNumber}/export`,
    summary: 'The order as a spreadsheet',
    auth: 'bearer',
    answer: { file: 'xlsx' },
  },
  {
    method: 'get',
    path: `${P}/orders/{orderNumber}/manifest`,
    summary: 'The manifest as a spreadsheet',
    auth: 'bearer',
    answer: { file: 'xlsx' },
  },
  {
    method: 'get',
    path: `${P}/orders/{orderNumber}/invoices/{invoiceNumber}`,
    summary: 'An invoice',
    auth: 'bearer',
    answer: { file: 'pdf' },
  },
  {
    method: 'get',
    path: `${P}/orders/{orderNumber}/terms`,
    summary: 'Reservation and cancellation terms',
    auth: 'bearer',
    answer: 'OrderTerms',
    read: 'mayRefuse',
  },
  {
    method: 'post',
    path: `${P}/orders/{orderNumber}/terms/accept`,
    summary: 'Accept the terms',
    auth: 'bearer',
    body: 'TermsAccept',
    answer: 'TermsAccepted',
  },
  {
    method: 'post',
    path: `${P}/orders/fees/calculate`,
    summary: 'Reservation and cancellation fees now',
    auth: 'bearer',
    body: 'FeesRequest',
    answer: 'Fees',
  },
  {
    method: 'post',
    path: `${P}/orders/{orderNumber}/extend-payment-time`,
    summary: 'Extend the time to pay',
    auth: 'bearer',
    body: 'Empty',
    answer: 'PaymentTimeExtended',
  },

  {
    method: 'get',
    path: `${P}/proof-of-export/documents`,
    summary: 'Proof-of-export documents the buyer owes',
    auth: 'bearer',
    answer: 'ProofOfExportDocuments',
    read: true,
  },
  {
    method: 'post',
    path: `${P}/proof-of-export/upload/{uploadId}`,
    summary: 'Upload documents (multipart, each part named {documentId}__{filename}; the poe-upload-token header)',
    auth: 'upload-token',
    body: 'multipart',
    answer: null,
  },

  // Merged after the document was first written (issues 37 and 38): described, read by the suite where they need no id.
  {
    method: 'get',
    path: `${P}/broadcast-banner`,
    summary: "The broadcast banner's messages (spec 3 §4)",
    auth: 'bearer',
    answer: 'BroadcastBanner',
    read: true,
  },
  {
    method: 'get',
    path: `${P}/security/authorities`,
    summary: "The user's authorities, by name (the portal reads them from user-info)",
    auth: 'bearer',
    answer: { json: "The user's authorities" },
  },
  {
    method: 'get',
    path: `${P}/inventory/settings`,
    summary:
      "The inventory settings, with each warehouse's label in the tenant's language (the portal reads stocklist/settings)",
    auth: 'bearer',
    answer: { json: 'The inventory settings' },
  },
  {
    method: 'get',
    path: `${P}/stocklist/item-counts`,
    summary: "How many items each participant's stock holds (the portal reads stocklist/participants)",
    auth: 'bearer',
    answer: { json: 'pxnsParticipantId and itemsCount, a participant each' },
  },
  {
    method: 'get',
    path: `${P}/buyer-home`,
    summary: 'What needs the buyer: orders and alerts for the home page',
    auth: 'bearer',
    answer: 'BuyerHome',
    read: true,
  },
  {
    method: 'get',
    path: `${P}/orders/{phonexOrderNumber}/buy-again`,
    summary: "An order's lines at today's stock and price",
    auth: 'bearer',
    answer: 'BuyAgainReview',
  },
  {
    method: 'post',
    path: `${P}/orders/{phonexOrderNumber}/buy-again`,
    summary: "Put an order's lines that are in stock in the cart, at today's price",
    auth: 'bearer',
    answer: 'BuyAgainConfirmed',
  },
  ...ownAndNetwork('stocklist', '/offer/{offerId}/history', {
    method: 'get',
    summary: "An offer's history",
    auth: 'bearer',
    answer: 'OfferHistory',
  }),
  {
    method: 'get',
    path: `${P}/returns`,
    summary: "The buyer's return requests",
    auth: 'bearer',
    query: { ...RETURN_LIST_QUERY, page: z.number().int().min(1).max(MAX_RETURN_PAGE) },
    answer: 'ReturnList',
    read: true,
  },
  {
    method: 'get',
    path: `${P}/returns/export`,
    summary: 'Every return request the search matches, as a spreadsheet',
    auth: 'bearer',
    query: RETURN_LIST_QUERY,
    answer: { file: 'xlsx' },
  },
  {
    method: 'post',
    path: `${P}/returns`,
    summary:
      'Request a return (JSON; with photos, a multipart form: the request as a JSON part named request, each photo a part photo-N that its unit names); an idempotencyKey seen before makes nothing again',
    auth: 'bearer',
    body: 'NewReturn',
    answer: 'ReturnCreated',
  },
  {
    method: 'get',
    path: `${P}/returns/orders/{phonexOrderNumber}`,
    summary: 'What an order can return',
    auth: 'bearer',
    answer: 'Returnable',
  },
  {
    method: 'get',
    path: `${P}/returns/{rmaNumber}`,
    summary: 'One return request',
    auth: 'bearer',
    answer: 'ReturnRequest',
  },
  {
    method: 'get',
    path: `${P}/returns/{rmaNumber}/packing-slip`,
    summary: "A request's packing slip",
    auth: 'bearer',
    answer: { file: 'pdf' },
  },
  {
    method: 'post',
    path: `${P}/returns/{rmaNumber}/cancel`,
    summary: 'Cancel a request not yet received',
    auth: 'bearer',
    body: 'Empty',
    answer: 'ReturnCanceled',
  },
  {
    method: 'get',
    path: `${P}/returns/{rmaNumber}/photos/{photoId}`,
    summary: "A photo of a unit of the buyer's request, as the image type its bytes are",
    auth: 'bearer',
    answer: { file: 'image' },
  },
  {
    method: 'get',
    path: `${P}/saved-searches`,
    summary: "The user's saved stock list searches",
    auth: 'bearer',
    answer: 'SavedSearchList',
    read: true,
  },
  {
    method: 'post',
    path: `${P}/saved-searches`,
    summary: 'Save a stock list search (on the participant the header names; the tenant by default)',
    auth: 'bearer',
    participant: 'optional',
    body: 'NewSavedSearch',
    answer: 'SavedSearch',
  },
  {
    method: 'get',
    path: `${P}/saved-searches/{id}`,
    summary: 'One saved search',
    auth: 'bearer',
    answer: 'SavedSearch',
  },
  {
    method: 'put',
    path: `${P}/saved-searches/{id}`,
    summary: 'Rename a saved search or turn its e-mail alerts on or off',
    auth: 'bearer',
    body: 'SavedSearchChange',
    answer: 'SavedSearch',
  },
  {
    method: 'delete',
    path: `${P}/saved-searches/{id}`,
    summary: 'Delete a saved search',
    auth: 'bearer',
    answer: null,
  },
  {
    method: 'get',
    path: `${P}/preorders`,
    summary: "The open pre-orders and the buyer's commitments with their state",
    auth: 'bearer',
    answer: 'PreorderList',
    read: true,
  },
  {
    method: 'get',
    path: `${P}/preorders/{preorderId}`,
    summary: 'One pre-order, whatever its state',
    auth: 'bearer',
    answer: 'Preorder',
    read: true,
  },
  {
    method: 'put',
    path: `${P}/preorders/{preorderId}/commitment`,
    summary:
      "Commit to a pre-order or change the buyer's commitment until the cut-off (a refusal names its field: params.field, params.key)",
    auth: 'bearer',
    body: 'PreorderCommitmentEntry',
    answer: 'PreorderCommitment',
  },
  {
    method: 'delete',
    path: `${P}/preorders/{preorderId}/commitment`,
    summary: "Withdraw the buyer's commitment until the cut-off",
    auth: 'bearer',
    answer: 'PreorderCommitment',
  },

  // Auctions (issue 53).
  {
    method: 'get',
    path: `${P}/auctions`,
    summary: 'One page of the lots on a tab (open now, starting soon, ended, watched), searched and sorted',
    auth: 'bearer',
    query: AUCTION_LIST_PARAMS,
    answer: 'AuctionList',
    read: true,
  },
  {
    method: 'get',
    path: `${P}/auctions/summary`,
    summary: "The buyer's bids, the lots won with their orders, and the totals (CAN_VIEW_AUCTION_SUMMARY)",
    auth: 'bearer',
    answer: 'AuctionSummary',
    read: true,
  },
  {
    method: 'get',
    path: `${P}/auctions/{lotId}`,
    summary: 'A lot with its manifest and one page of its bid history, newest first (bidders numbered, never named)',
    auth: 'bearer',
    query: { historyPage: historyPageParam },
    answer: 'AuctionLot',
    read: true,
  },
  {
    method: 'get',
    path: `${P}/auctions/{lotId}/manifest`,
    summary: "The lot's manifest as a spreadsheet",
    auth: 'bearer',
    answer: { file: 'xlsx' },
  },
  {
    method: 'get',
    path: `${P}/auctions/{lotId}/photos/{photoId}`,
    summary: 'A photo the seller gave of the lot, as the image type its bytes are',
    auth: 'bearer',
    answer: { file: 'image' },
  },
  {
    method: 'post',
    path: `${P}/auctions/{lotId}/quote`,
    summary: "What a bid would cost if it won: the charges with the buyer's fees (places nothing)",
    auth: 'bearer',
    body: 'BidQuoteRequest',
    answer: 'BidQuote',
  },
  {
    method: 'post',
    path: `${P}/auctions/{lotId}/bids`,
    summary:
      'Place a binding proxy bid (the amount is the maximum); an idempotencyKey seen before places nothing again (200, replayed)',
    auth: 'bearer',
    body: 'Bid',
    answer: 'BidPlaced',
  },
  {
    method: 'put',
    path: `${P}/auctions/{lotId}/watch`,
    summary: 'Watch a lot',
    auth: 'bearer',
    answer: null,
  },
  {
    method: 'delete',
    path: `${P}/auctions/{lotId}/watch`,
    summary: 'Stop watching a lot',
    auth: 'bearer',
    answer: null,
  },
  {
    method: 'post',
    path: `${P}/auctions/{lotId}/second-chance`,
    summary: "Accept or decline the seller's offer of a lot whose reserve was not met, at the reserve",
    auth: 'bearer',
    body: 'SecondChanceAnswer',
    answer: 'SecondChanceAnswered',
  },
];
