import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseButtons, parseSubmission } from '~/.server/conform';
import { fields } from '~/.server/forms';
import { signInSchema } from '~/domain/auth-forms';
import { MAX_ROWS, returnRequestSchema } from '~/domain/returns/request-form';

const formOf = (entries: [string, string][]) => {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
};

function refusal(parse: () => unknown): number | null {
  try {
    parse();
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

const SIGN_IN: [string, string][] = [
  ['intent', 'sign-in'],
  ['redirectTo', ''],
  ['email', 'nobody@example.com'],
  ['password', 'x'],
];

describe('parseSubmission', () => {
  it('reads a form that holds only its schema’s names', () => {
    const submission = parseSubmission(formOf(SIGN_IN), signInSchema);
    expect(submission.status).toBe('success');
  });

  it.each([1, 100, 100_000_000, 1_000_000_000, 10 ** 30])(
    'refuses an index of %d in a form without lists, before building anything',
    (index) => {
      expect(refusal(() => parseSubmission(formOf([...SIGN_IN, [`x[${index}]`, '1']]), signInSchema))).toBe(400);
      expect(refusal(() => parseSubmission(formOf([...SIGN_IN, [`email[${index}]`, '1']]), signInSchema))).toBe(400);
    },
  );

  it('refuses a name its schema does not read, and odd paths', () => {
    for (const name of ['x', 'emails', 'email.x', '__proto__', 'constructor[0]', 'a..b', 'email[x]']) {
      expect(
        refusal(() => parseSubmission(formOf([...SIGN_IN, [name, '1']]), signInSchema)),
        name,
      ).toBe(400);
    }
  });

  it('takes indices below the form’s rows and refuses the rest', () => {
    const schema = z.object({ lines: z.array(z.object({ quantity: z.string() })).max(10) });
    expect(refusal(() => parseSubmission(formOf([['lines[9].quantity', '1']]), schema, { rows: 10 }))).toBeNull();
    expect(refusal(() => parseSubmission(formOf([['lines[10].quantity', '1']]), schema, { rows: 10 }))).toBe(400);
    expect(refusal(() => parseSubmission(formOf([['lines[99999999].quantity', '1']]), schema, { rows: 10 }))).toBe(400);
    expect(refusal(() => parseSubmission(formOf([['lines[0].price', '1']]), schema, { rows: 10 }))).toBe(400);
  });

  it('reads the return form’s rows and photos and refuses a unit past its rows', () => {
    const schema = returnRequestSchema([]);
    const form = formOf([
      ['intent', 'request'],
      ['order', 'SO-1'],
      ['key', 'abcdefgh12'],
      ['units[4999].imei', '123456789012345'],
      ['units[4999].reason', 'DEFECT'],
    ]);
    expect(refusal(() => parseSubmission(form, schema, { rows: MAX_ROWS }))).toBeNull();
    form.append('units[99999999].imei', '1');
    expect(refusal(() => parseSubmission(form, schema, { rows: MAX_ROWS }))).toBe(400);
  });

  it('sends back no more than the fields the form had', () => {
    const schema = z.object({ name: fields.typed(5) });
    const submission = parseSubmission(
      formOf([
        ['intent', 'save'],
        ['name', 'too long'],
      ]),
      schema,
    );
    expect(submission.status).toBe('error');
    expect(Object.keys(submission.reply().initialValue ?? {})).toEqual(['intent', 'name']);
  });

  it('parseButtons refuses a stray index like any other stray name', () => {
    const schema = z.object({ intent: z.literal('discard') });
    expect(
      refusal(() =>
        parseButtons(
          formOf([
            ['intent', 'discard'],
            ['intent[100000000]', 'x'],
          ]),
          schema,
        ),
      ),
    ).toBe(400);
  });
});
