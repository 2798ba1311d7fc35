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
  'mail.alert.why': 'You get this message because you set a stock alert on {{siteTitle}}. Manage your alerts on the $t(menu.stockAlerts) page.',
  'mail.report.subject': '{{tenantName}}: new availability and price drops, {{day}}',
  'mail.report.attached': 'Attached: {{count}} items that became available or cheaper since your last report.',
  'mail.report.why': 'You get this daily report because you subscribed on {{siteTitle}}; unsubscribe from the $t(stock.dailyReport) button of the stock list.',
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
  'mail.orderUpdated.reference': 'Your reference on order {{orderNumber}} is now {{reference}}.',
  'mail.orderUpdated.referenceCleared': 'Your reference on order {{orderNumber}} was removed.',
  'mail.offerAnswered.subject': "{{tenantName}}: the seller answered your offer on {{item}}",
  'mail.offerAnswered.countered': "The seller countered your offer on {{item}} (item {{itemNumber}}): {{quantity}} at {{price}} instead of {{offered}}, until {{until}}.",
  'mail.offerAnswered.accepted': "The seller accepted your offer on {{item}} (item {{itemNumber}}): {{quantity}} at {{price}}, until {{until}}.",
  'mail.offerAnswered.rejected': "The seller rejected your offer on {{item}} (item {{itemNumber}}): {{quantity}} at {{offered}}.",
  'mail.offerAnswered.where': "See your offers on the $t(menu.cart) page of {{siteTitle}}.",
  'mail.offerAnswered.why': "You get this message because e-mails on offer answers are on; turn them off from $t(menu.notifications) in the user menu.",
  'mail.reset.subject': '{{tenantName}}: your verification code',
  'mail.reset.code': 'Your verification code is {{code}}',
  'mail.reset.validity': 'It is valid for {{minutes}} minutes. If you did not ask to reset your password, you can ignore this message.',
  'system.freeShipping': 'Free ground shipping on orders over {{amount}} from one warehouse.',
  'system.offerClearing': 'Offers are reviewed every weekday between 9 AM and 5 PM Eastern Time.',
} as const;

export type MailKey = keyof typeof mailEn;
export type MailTexts = Record<MailKey, string>;
