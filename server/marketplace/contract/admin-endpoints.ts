import { z } from 'zod';
import type { Endpoint } from '../../../app/.server/api/contract/endpoints';
import { OFFER_STATUSES } from '../../../app/domain/offers/status';
import { RETURN_STATUSES } from '../../../app/domain/returns/rules';
import { textKey, textKeySchema, textSchema } from '../services/texts/texts';
import { lotBody, lotCancelBody } from '../routes/admin-auctions';
import { arrival, newPreorder, preorderCancelBody, preorderSettingsBody } from '../routes/admin-preorders';
import {
  authoritiesBody,
  faultBody,
  newDocuments,
  newOrder,
  newUser,
  stockChangeBody,
  stockQueryParams,
} from '../routes/admin';
import { answerBody } from '../routes/admin-offers';
import { termsChange } from '../routes/admin-order-terms';
import { cancelBody, invoiceBody, ledgerBody, shipBody, statusBody } from '../routes/admin-orders';
import {
  approveBody,
  creditBody,
  plainBody,
  rejectBody,
  returnHistoryBody,
  settingsBody,
} from '../routes/admin-returns';
import { historyBody } from '../routes/order-list';

const A = '/px-api-gateway/admin';
const admin = (
  method: Endpoint['method'],
  path: string,
  summary: string,
  rest: Partial<Pick<Endpoint, 'body' | 'query'>> = {},
): Endpoint => ({ method, path: `${A}${path}`, summary, auth: 'admin', answer: { json: summary }, ...rest });

/**
 * The marketplace's admin calls (the seller's side, the CLI's and the tests'; off unless ADMIN_TOKEN
 * is set), each body the schema its route reads.
 */
export const adminEndpoints: Endpoint[] = [
  admin('get', '/offers', 'Offers, newest first', {
    query: { status: z.enum(OFFER_STATUSES), email: z.string(), limit: z.number().int().min(1).max(1000) },
  }),
  admin('get', '/offers/{offerId}/history', "An offer's history"),
  admin('post', '/offers/{offerId}/review', 'Accept, counter or reject an offer', { body: answerBody }),
  admin('get', '/orders/{orderNumber}', "An order's fulfilment"),
  admin('post', '/orders/{orderNumber}/ship', 'Ship lines of an order', { body: shipBody }),
  admin('post', '/orders/{orderNumber}/invoice', 'Invoice lines of an order', { body: invoiceBody }),
  admin('post', '/orders/{orderNumber}/cancel-lines', 'Cancel lines of an order', { body: cancelBody }),
  admin('post', '/orders/{orderNumber}/payments', 'Record a payment', { body: ledgerBody }),
  admin('post', '/orders/{orderNumber}/refunds', 'Record a refund', { body: ledgerBody }),
  admin('post', '/orders/{orderNumber}/status', "Set an order's fulfilment status", { body: statusBody }),
  admin('get', '/order-terms/{orderNumber}', "An order's reservation and cancellation terms"),
  admin('post', '/order-terms/{orderNumber}', "Change an order's terms", { body: termsChange }),
  admin('post', '/order-history', 'Make past orders for a buyer (demos and tests)', { body: historyBody }),
  admin('get', '/returns', 'Return requests', { query: { status: z.enum(RETURN_STATUSES), email: z.string() } }),
  admin('get', '/returns/settings', 'The returns settings'),
  admin('post', '/returns/settings', 'Save the returns settings', { body: settingsBody }),
  admin('post', '/returns/history', 'Make past returns for a buyer (demos and tests)', { body: returnHistoryBody }),
  admin('get', '/returns/{rmaNumber}', 'A return request, as the seller sees it'),
  admin('get', '/returns/{rmaNumber}/photos/{photoId}', "A photo of a request's unit"),
  admin('post', '/returns/{rmaNumber}/approve', 'Approve a request, units rejected named', { body: approveBody }),
  admin('post', '/returns/{rmaNumber}/reject', 'Reject a request', { body: rejectBody }),
  admin('post', '/returns/{rmaNumber}/receive', 'Receive the units', { body: plainBody }),
  admin('post', '/returns/{rmaNumber}/credit', 'Credit the units received', { body: creditBody }),
  admin('post', '/returns/{rmaNumber}/replace', 'Replace the units received', { body: plainBody }),
  admin('get', '/texts', "A language's texts of one kind or all", {
    query: { language: textKey.shape.language, kind: textKey.shape.kind },
  }),
  admin('put', '/texts', 'Set a text', { body: textSchema }),
  admin('delete', '/texts', 'Remove a text', { body: textKeySchema }),
  admin('post', '/reports/daily', 'Send the daily reports now'),
  admin('post', '/documents', 'Ask a buyer for proof-of-export documents', { body: newDocuments }),
  admin('get', '/documents/{id}/file', 'A document a buyer uploaded'),
  admin('post', '/documents/expire-tokens', 'Expire the upload links'),
  admin('get', '/stock', 'Stock items', { query: stockQueryParams }),
  admin('post', '/stock', "Change an item's quantity or price", { body: stockChangeBody }),
  admin('get', '/orders', "A buyer's orders", { query: { email: z.string() } }),
  admin('post', '/orders', 'Make an order for a buyer', { body: newOrder }),
  admin('post', '/jobs/{name}', 'Run a background job now', { query: { at: z.iso.datetime({ offset: true }) } }),
  admin('post', '/faults', "Switch a fault on or off for a user's calls (tests)", { body: faultBody }),
  admin('post', '/users/authorities', "Set a user's authorities", { body: authoritiesBody }),
  admin('post', '/users', 'Make a user', { body: newUser }),
  admin('get', '/auctions', 'Every lot, as the seller sees it'),
  admin('post', '/auctions', 'Create a lot from its manifest (lines or an xlsx, base64) and schedule it', {
    body: lotBody,
  }),
  admin('get', '/auctions/{lotId}', 'A lot, as the seller sees it'),
  admin('put', '/auctions/{lotId}', 'Edit a lot before its first bid', { body: lotBody }),
  admin('post', '/auctions/{lotId}/cancel', 'Cancel a lot with a reason', { body: lotCancelBody }),
  admin('post', '/auctions/{lotId}/close', 'End bidding now and run the closing (award) job'),
  admin('get', '/auctions/{lotId}/bids', "A lot's bids with their bidders and maximums"),
  admin('post', '/auctions/{lotId}/second-chance', 'Offer a lot closed below its reserve to its highest bidder'),
  admin('get', '/preorders', 'Every pre-order with its commitments'),
  admin('post', '/preorders', 'Announce coming stock as a pre-order', { body: newPreorder }),
  admin('get', '/preorders/settings', "The pre-orders' allocation rule"),
  admin('post', '/preorders/settings', 'Set the allocation rule', { body: preorderSettingsBody }),
  admin('get', '/preorders/{id}', 'A pre-order with its commitments and allocations'),
  admin('post', '/preorders/{id}/allocate', 'Record the stock that arrived and allocate it now', { body: arrival }),
  admin('post', '/preorders/{id}/cancel', "Cancel a pre-order with a reason (the committed buyers' e-mails go now)", {
    body: preorderCancelBody,
  }),
];
