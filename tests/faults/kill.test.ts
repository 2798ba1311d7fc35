import { describe } from 'vitest';
import { auctionClose } from './auction-close-kill';
import { checkoutSubmission } from './checkout-kill';
import { importSubmission } from './import-kill';
import { killTests } from './kill-mid-flight';
import { orderSave } from './order-save-kill';
import { paymentCapture } from './payment-capture-kill';
import { preorderAllocation } from './preorder-allocation-kill';
import { returnCredit } from './return-credit-kill';

/**
 * kill -9 in the middle of each write that must be all or nothing, the writes of one attempt killed
 * by one kill (each its own warehouse's items, so that no write moves the stock another checks).
 */
describe('kill -9 in the middle of a checkout submission, an offer import, an order save, a payment capture, a return credit, an auction close and a pre-order allocation', () => {
  killTests(
    [checkoutSubmission, importSubmission, orderSave, paymentCapture, returnCredit, auctionClose, preorderAllocation],
    'faults',
  );
});
