import { auctionMailEn } from './auctions';
/**
 * The marketplace's own texts (e-mails, the daily spreadsheet, default system messages), in the
 * portal's key style. Words the portal already has (page and button names) are nested from its
 * locale files with $t(key), so the two never disagree and tenant labels reach the e-mails too.
 */
export const mailEn = {
  'mail.greeting': 'Hello {{firstName}},',
  'mail.alert.subject': '{{tenantName}}: {{count}} more units of {{item}}',
  'mail.alert.added': '{{count}} units of {{item}} (item {{itemNumber}}) were added to the stock list.',
  'mail.alert.available': '{{count}} units are available now.',
  'mail.alert.why':
    'You get this message because you set a stock alert on {{siteTitle}}. Manage your alerts on the $t(menu.stockAlerts) page.',
  'mail.report.subject': '{{tenantName}}: new availability and price drops, {{day}}',
  'mail.report.attached': 'Attached: {{count}} items that became available or cheaper since your last report.',
  'mail.report.why':
    'You get this daily report because you subscribed on {{siteTitle}}; unsubscribe from the $t(stock.dailyReport) button of the stock list.',
  'mail.report.fileName': 'daily-report-{{day}}.xlsx',
  'mail.report.sheet': '$t(report.title)',
  'sheet.stockList': '$t(stock.title)',
  'sheet.column.itemNumber': 'Item #',
  'sheet.column.description': 'Description',
  'sheet.column.warehouse': 'Warehouse',
  'sheet.column.category': 'Category',
  'sheet.column.grade': 'Grade',
  'sheet.column.quantityAvailable': 'Quantity Available',
  'sheet.column.listPrice': 'List Price',
  'sheet.column.previousPrice': 'Previous Price',
  'sheet.column.change': 'Change',
  'sheet.column.newOfferQuantity': 'New Offer Quantity',
  'sheet.column.newOfferPrice': 'New Offer Price',
  'sheet.import': 'Offers',
  'sheet.import.fileName': 'offer-import-template.xlsx',
  'mail.report.change.more': 'New availability',
  'mail.report.change.cheaper': 'Price drop',
  'mail.report.change.both': 'New availability and price drop',
  'mail.orderUpdated.subject': '{{tenantName}}: order {{orderNumber}} updated',
  'mail.orderUpdated.subjectMany': '{{tenantName}}: {{count}} orders updated',
  'mail.orderUpdated.reference': 'Your reference on order {{orderNumber}} is now {{reference}}.',
  'mail.orderUpdated.referenceCleared': 'Your reference on order {{orderNumber}} was removed.',
  'mail.orderPlaced.subject': '{{tenantName}}: order {{orderNumber}}, what it charges',
  'mail.reservationFee.subject': '{{tenantName}}: order {{orderNumber}} is late, a reservation fee applies',
  'mail.reservationFee.charged':
    'Order {{orderNumber}} was not paid before its grace period ended on {{graceEnd}}. As the reservation and cancellation terms you accepted say, a reservation fee of {{fee}} is now charged on it, and {{perDay}} more for each further 24 hours until it is paid.',
  'mail.reservationFee.periodEnd': 'The fee stops running on {{periodEnd}}.',
  'mail.reservationFee.total': 'Its total is now {{total}}; {{balance}} is still to pay.',
  'mail.reservationFee.where':
    'Pay the balance, or ask for more time, from the order’s page under $t(menu.orders) on {{siteTitle}}.',
  'mail.orderPlaced.placed': 'Thank you for your order {{orderNumber}}. Here is every charge on it:',
  'mail.orderPlaced.added': 'Your cart was added to order {{orderNumber}}. Here is every charge on it now:',
  'mail.orderPlaced.line': '{{quantity}} × {{description}} (item {{itemNumber}}) at {{unitPrice}}: {{amount}}',
  'mail.orderPlaced.reference': 'Your reference: {{reference}}',
  'mail.pickUp.at': 'Pick it up at {{warehouse}}:',
  'mail.pickUp.openingHours': 'Opening hours: {{hours}}',
  'mail.offerAnswered.subject': '{{tenantName}}: the seller answered your offer on {{item}}',
  'mail.offerAnswered.countered':
    'The seller countered your offer on {{item}} (item {{itemNumber}}): {{quantity}} at {{price}} instead of {{offered}}, until {{until}}.',
  'mail.offerAnswered.accepted':
    'The seller accepted your offer on {{item}} (item {{itemNumber}}): {{quantity}} at {{price}}, until {{until}}.',
  'mail.offerAnswered.rejected':
    'The seller rejected your offer on {{item}} (item {{itemNumber}}): {{quantity}} at {{offered}}.',
  'mail.offerAnswered.where': 'See your offers on the $t(menu.cart) page of {{siteTitle}}.',
  'mail.offerAnswered.why':
    'You get this message because e-mails on offer answers are on; turn them off from $t(menu.notifications) in the user menu.',
  'mail.savedSearch.subject': '{{tenantName}}: news on your saved searches, {{day}}',
  'mail.savedSearch.intro':
    'Since yesterday, the stock list of {{siteTitle}} has new items or lower prices for your saved searches:',
  'mail.savedSearch.search': '“{{name}}”: {{added}} new matching items, {{cheaper}} lower prices',
  'mail.savedSearch.added': 'New: {{item}} (item {{itemNumber}}), {{quantity}} available at {{price}}',
  'mail.savedSearch.cheaper': 'Cheaper: {{item}} (item {{itemNumber}}), {{price}} instead of {{previous}}',
  'mail.savedSearch.more': 'and {{count}} more',
  'mail.savedSearch.open': 'See them: {{link}}',
  'mail.savedSearch.why':
    'You get this message because alerts are on for these saved searches on {{siteTitle}}; turn them off on the $t(savedSearches.title) page.',
  'mail.preorder.subject': '{{tenantName}}: your pre-order of {{item}}, {{allocated}} of {{requested}} units allocated',
  'mail.preorder.allocated':
    'The stock of {{item}} arrived: {{allocated}} units are allocated to you of the {{requested}} you committed to.',
  'mail.preorder.order':
    'They are on order {{orderNumber}} at {{unitPrice}} a unit. If the order waits for your shipping or payment choices, make them on its page.',
  'mail.preorder.notAllocated':
    'The stock of {{item}} arrived, but none of it could be allocated to your commitment of {{requested}} units.',
  'mail.preorder.aboveMaximum':
    'The stock of {{item}} arrived at {{unitPrice}} a unit, above your maximum price of {{maxUnitPrice}}: none of the {{requested}} units you committed to were allocated.',
  'mail.preorder.canceledSubject': '{{tenantName}}: the pre-order of {{item}} was canceled',
  'mail.preorder.canceled':
    'The seller canceled the pre-order of {{item}}, so your commitment of {{requested}} units is canceled and nothing will be ordered. The seller’s reason: {{reason}}',
  'mail.preorder.where': 'See your commitments on the $t(menu.preorders) page.',
  'mail.reset.subject': '{{tenantName}}: your verification code',
  'mail.reset.code': 'Your verification code is {{code}}',
  'mail.reset.validity':
    'It is valid for {{minutes}} minutes. If you did not ask to reset your password, you can ignore this message.',
  'mail.return.subject': '{{tenantName}}: return {{rmaNumber}} {{status}}',
  'mail.return.status': 'Your return request {{rmaNumber}} for order {{orderNumber}} is now: {{status}}.',
  'mail.return.answer': 'The seller says: {{answer}}',
  'mail.return.instructions': 'Return instructions: {{instructions}}',
  'mail.return.credit': 'Credited to order {{orderNumber}}: {{amount}}.',
  'mail.return.rejectedUnits': 'Not accepted for return:',
  'mail.return.rejectedUnit': '{{unit}}: {{reason}}',
  'mail.return.status.REQUESTED': 'requested',
  'mail.return.status.APPROVED': 'approved',
  'mail.return.status.REJECTED': 'rejected',
  'mail.return.status.RECEIVED': 'received',
  'mail.return.status.CREDITED': 'credited',
  'mail.return.status.REPLACED': 'replaced',
  'mail.return.status.CANCELED': 'canceled',
  'return.refused.notShipped': 'Not shipped on this order: {{units}}',
  'return.refused.outsideWindow': 'Outside the {{days}}-day return window: {{units}}',
  'return.refused.alreadyReturned': 'Already returned: {{units}}',
  'return.refused.inOpenRequest': 'Already in an open return request: {{units}}',
  'return.photoRequired': 'Photos are required for the reason given for: {{units}}',
  'return.photoNotImage': 'A photo of {{units}} is not an image (JPEG, PNG, WebP or GIF)',
  'return.photoTooLarge': 'A photo of {{units}} is larger than {{mb}} MB',
  'return.tooManyPhotos': 'More than {{max}} photos of: {{units}}',
  'return.photosTooLarge': 'At most {{max}} photos and {{mb}} MB of photos per request',
  'system.freeShipping': 'Free shipping ({{methods}}) on orders over {{amount}} from one warehouse.',
  'system.promotionUntil': 'Until {{date}}.',
  'system.freeShippingApplied': 'Free shipping: order over {{amount}}',
  'system.offerClearing': 'Offers are reviewed every weekday between 9 AM and 5 PM Eastern Time.',
  ...auctionMailEn,
} as const;

export type MailKey = keyof typeof mailEn;
export type MailTexts = Record<MailKey, string>;
