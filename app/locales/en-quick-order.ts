/** English texts of the quick order pad (issue 37): lines typed or pasted, reviewed as a bulk import. */
export const enQuickOrder = {
  'pageTitle.quickOrder': 'Quick Order',
  'stock.quickOrder': 'QUICK ORDER',
  'dashboard.quickOrder': 'Quick order',
  'quickOrder.title': 'Quick Order',
  'quickOrder.back': 'Back to the Stock List',
  'quickOrder.intro':
    'Type or paste the items you want, one a line, as copied from a spreadsheet. You review them as a bulk import before anything is saved.',
  'quickOrder.label': 'Order lines',
  'quickOrder.hint':
    'Each line: item number, warehouse, quantity and, for an offer, your price, separated by tabs, commas, semicolons or spaces. Without a price you buy at the list price. A first line of column names and blank lines are skipped. Up to {{rows}} lines.',
  'quickOrder.example': 'For example:',
  'quickOrder.replaces': 'These lines replace any import waiting for your review.',
  'quickOrder.kept': 'These are the lines waiting for your review: change them and review them again.',
  'quickOrder.review': 'REVIEW',
  'quickOrder.reviewing': 'Reading the lines...',
  'quickOrder.failed': 'The lines could not be read. Please try again.',
  'import.textLine': 'Lines from the quick order pad, kept until {{date}}',
  'import.editLines': 'Change these lines',
  'import.comment.priceFromList': 'No price given: the list price',
  'errors.quickOrderEmpty': 'Type or paste at least one line: item number, warehouse and quantity.',
  'errors.quickOrderTooLong': 'The text is longer than {{max}} characters; split it into several orders.',
} as const;
