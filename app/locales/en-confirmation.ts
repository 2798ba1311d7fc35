/** English texts of the order release confirmation, the payment return and the add-to-existing-order choice (spec 3 §2.2, §2.3). */
export const enConfirmation = {
  'pageTitle.orderConfirmation': 'Order Confirmation',
  'pageTitle.addToOrder': 'Add to an Unshipped Order',
  'confirmation.title': 'Thank You for your order',
  'confirmation.orderNumber': 'Order number {{orderNumber}}',
  'confirmation.message.payAndShipNow':
    'Your order {{orderNumber}} is released. We will prepare it and ship it to you.',
  'confirmation.message.holdTheOrder':
    'Your order {{orderNumber}} is on hold. It ships once you release it from your orders.',
  'confirmation.message.holdTheOrderUntilShippingQuote':
    'Your order {{orderNumber}} is on hold until we send you a shipping quote. We will let you know the freight so that you can release it.',
  'confirmation.message.payAndShipNowPickUp':
    'Your order {{orderNumber}} is released. We will prepare it for you to pick up at {{warehouse}}.',
  'confirmation.message.holdTheOrderPickUp':
    'Your order {{orderNumber}} is on hold. We prepare it for you to pick up at {{warehouse}} once you release it from your orders.',
  'confirmation.pickUp.heading': 'Pick up at {{warehouse}}',
  'confirmation.pickUp.openingHours': 'Opening hours: {{hours}}',
  'confirmation.pxnsPending':
    'The quantities of this order are pending until the supplier confirms them. Your order is updated with the confirmed quantities.',
  'confirmation.paymentHeading': 'Payment',
  'confirmation.paymentMethod': 'Payment method: {{method}}',
  'confirmation.paid': 'Your payment was received.',
  'confirmation.paymentFailed': 'Your payment did not go through.',
  'confirmation.payNowPrompt': 'Please PAY NOW USING {{provider}}.',
  'confirmation.paymentRequired':
    'Payment must be received before we can ship your order. Please use {{method}} to complete your payment now',
  'confirmation.paymentAwaiting': 'Your payment is not complete yet.',
  'confirmation.payNow': 'PAY NOW USING {{provider}}',
  'confirmation.paymentNotStarted': 'The payment could not be started. Please try again.',
  'confirmation.paymentNotConfirmed':
    'Your payment could not be checked just now. Please look at your order again in a moment.',
  'confirmation.paymentVoided':
    'Your payment did not go through. Nothing was charged: this order no longer owed it, or a newer payment replaced it.',
  'confirmation.paymentRefunded':
    'Your payment did not go through: this order was already paid, so the amount charged was refunded to you.',
  'confirmation.paymentWindowClosing': 'Your payment is finished; this window closes now.',
  'confirmation.summary': 'Order summary',
  'confirmation.lines': 'Items of order {{orderNumber}}',
  'confirmation.item': 'Item',
  'confirmation.quantity': 'Quantity',
  'confirmation.unitPrice': 'Unit price',
  'confirmation.extendedPrice': 'Extended price',
  'confirmation.subtotal': 'Combined Subtotal',
  'confirmation.servicesFee': 'Additional Service Fees',
  'confirmation.freight': 'Freight',
  'confirmation.freightDiscount': 'Promotion ({{promotion}})',
  'confirmation.insurance': 'Shipping insurance',
  'confirmation.freightPending': 'Pending shipping quote',
  'confirmation.fees': 'Fees',
  'confirmation.feesOf': 'Fees ({{method}})',
  'confirmation.pleaseWait': 'Please Wait...',
  'confirmation.tax': 'Tax',
  'confirmation.taxWith': 'Tax ({{description}})',
  'confirmation.total': 'Total Price',
  'confirmation.backToOrders': 'BACK TO ORDERS',
  'confirmation.orders.paymentAccepted': 'Your payment was accepted and is being processed.',
  'confirmation.orders.processing': 'Your request is being processed. A confirmation e-mail follows in a few minutes.',
  'confirmation.backToStock': 'BACK TO STOCKLIST',
  'confirmation.notFound': 'No order found of this id: {{orderNumber}}',
  'addToOrder.title': 'Add to an Unshipped Order — {{warehouse}}',
  'addToOrder.back': 'Back to the Cart',
  'addToOrder.legend': 'Add the items to',
  'addToOrder.newOrder': 'New order',
  'addToOrder.lastUpdated': 'last updated on {{date}}',
  'addToOrder.review': 'REVIEW COMBINED ORDER',
  'addToOrder.cancel': 'CANCEL',
} as const;
