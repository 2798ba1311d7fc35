/**
 * Libraries that no page request needs (spreadsheets, PDFs; the mailer keeps nodemailer the same
 * way), loaded on first use and kept: together they are about 20 MB of heap and 40–60 MB of
 * resident memory that a server mostly serving pages would otherwise hold from its start.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

export const excelJs = onFirstUse(() => import('exceljs').then((m) => m.default));
export const pdfKit = onFirstUse(() => import('pdfkit').then((m) => m.default));
export const sheetJs = onFirstUse(() => import('@e965/xlsx'));
