// @vitest-environment jsdom
import { useForm } from '@conform-to/react';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute } from '~/testing/remix-stub';
import { Field } from './Field';

afterEach(cleanup);

function Refused() {
  const [form, fields] = useForm<{ reference: string }>({
    id: 'f',
    lastResult: {
      status: 'error',
      initialValue: { reference: 'PO#1' },
      error: { reference: ['checkout.reference.invalid'] },
    },
  });
  return (
    <form id={form.id}>
      <Field
        field={fields.reference}
        label="Your reference"
        type="text"
        hint="Optional"
        maxLength={40}
        defaultValue="kept"
      />
    </form>
  );
}

describe('Field', () => {
  it('names its error once and its hint in aria-describedby, and shows what was sent back', async () => {
    await renderRoute({ url: '/f', path: '/f', Component: Refused });
    const input = await screen.findByLabelText('Your reference');
    expect(input.getAttribute('aria-describedby')).toBe('f-reference-error f-reference-description');
    expect(input).toHaveProperty('value', 'PO#1');
    expect(input).toHaveProperty('maxLength', 40);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
