import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { failureText } from '../failure-message';
import { IMPORT_LIMITS } from './import';
import { failureError, QUICK_ORDER_INTENT, quickOrderSchema, readFailureError } from './quick-order-form';

const formOf = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};

describe('quick order form', () => {
  it('takes the lines as typed', () => {
    const submission = parseWithZod(
      formOf([
        ['intent', QUICK_ORDER_INTENT],
        ['lines', 'A100\tLAX\t5\n'],
      ]),
      { schema: quickOrderSchema },
    );
    expect(submission.status).toBe('success');
    expect(submission.status === 'success' && submission.value).toEqual({
      intent: QUICK_ORDER_INTENT,
      lines: 'A100\tLAX\t5\n',
    });
  });

  it('puts the reader’s refusal under the field, as the parts the error catalogue words', () => {
    const empty = parseWithZod(
      formOf([
        ['intent', QUICK_ORDER_INTENT],
        ['lines', ''],
      ]),
      { schema: quickOrderSchema },
    );
    if (empty.status === 'success') throw new Error('taken');
    expect(empty.error?.lines?.map(readFailureError)).toEqual([{ messageCode: 'quickOrderEmpty', params: {} }]);
    const many = Array.from({ length: IMPORT_LIMITS.rows + 1 }, (_, i) => `A${i},LAX,1`).join('\n');
    const tooMany = parseWithZod(
      formOf([
        ['intent', QUICK_ORDER_INTENT],
        ['lines', many],
      ]),
      { schema: quickOrderSchema },
    );
    if (tooMany.status === 'success') throw new Error('taken');
    const parts = readFailureError(tooMany.error!.lines![0]!);
    expect(parts).toEqual({ messageCode: 'importTooManyRows', params: { max: IMPORT_LIMITS.rows } });
    expect(failureText(parts, (key, params) => `${key} ${JSON.stringify(params)}`)).toBe(
      `errors.importTooManyRows {"max":${IMPORT_LIMITS.rows}}`,
    );
  });

  it('refuses another intent', () => {
    expect(
      parseWithZod(
        formOf([
          ['intent', 'import-submit'],
          ['lines', 'A,B,1'],
        ]),
        { schema: quickOrderSchema },
      ).status,
    ).toBe('error');
  });

  it('reads back a plain key as the fallback', () => {
    expect(readFailureError('quickOrder.failed')).toEqual({ fallbackKey: 'quickOrder.failed' });
    expect(readFailureError(failureError({ fallbackKey: 'quickOrder.failed' }))).toEqual({
      fallbackKey: 'quickOrder.failed',
    });
  });
});
