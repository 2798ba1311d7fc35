import { enShellTitles } from './en-shell-titles';

/** The English texts of the page shell, error pages and page titles: all the browser holds when the root loader sent none. */
export const enShell = {
  'app.loading': 'Loading...',
  'app.refused': 'Nothing was changed.',
  'errors.tooLarge': 'The form is too large to be sent.',
  'errors.notAForm': 'Only forms of this site can be sent here.',
  'app.somethingWrong': 'Something went wrong.',
  'app.deactivated': 'This site is no longer available. Please contact {{tenantName}} for more information.',
  'app.notFound': 'Page not found',
  'app.notFoundText': 'The page you are looking for does not exist.',
  'app.backHome': 'Go to the Stock List',
  'app.version': 'Version {{version}}',
  'app.newVersion': 'A new version of this site is available. Refresh to use it.',
  'app.refresh': 'REFRESH',
  'app.salesBanner': 'Announcement',
  'app.broadcast': 'Announcements',
  'app.skipToContent': 'Skip to main content',
  'app.leaveWarning': 'There is one task pending, do you want to leave anyways?',
  'app.whatsapp': 'Chat with your sales rep on WhatsApp',
  'errors.badRequest': 'The request could not be processed.',
  'errors.unknownAction': 'This action is not known. Please try again from the page.',
  ...enShellTitles,
} as const;
