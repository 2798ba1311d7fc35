import { ApiError } from '../../../errors';

/** What the import answers when a file asks more of the reader than its limits allow (IMPORT_LIMITS). */

export const tooComplex = () => new ApiError(400, 'importTooComplex', 'The spreadsheet is too complex to read');
export const tooManySheetRows = (max: number) =>
  new ApiError(400, 'importTooManySheetRows', `The sheet has more than ${max} rows, blank ones included`, { max });
export const tooManyCells = (max: number) =>
  new ApiError(400, 'importTooManyCells', `The sheet has more than ${max} cells`, { max });
export const tooManyStrings = (max: number, bytes: number) =>
  new ApiError(
    400,
    'importTooManyStrings',
    `The file has more than ${max} different texts or ${Math.floor(bytes / (1024 * 1024))} MB of them`,
    { max, limitMb: Math.floor(bytes / (1024 * 1024)) },
  );
