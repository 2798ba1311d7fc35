// @vitest-environment jsdom
import { useForm } from '@conform-to/react';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute } from '~/testing/remix-stub';
import { Field } from './Field';

afterEach(cleanup);

function Refused({ errors }: { errors?: string[] }) {
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
        errors={errors}
      />
    </form>
  );
}

function RefusedLines() {
  const [form, fields] = useForm<{ lines: string }>({
    id: 'q',
    lastResult: { status: 'error', initialValue: { lines: 'A1, LAX' }, error: { lines: ['quickOrder.tooMany'] } },
  });
  return (
    <form id={form.id}>
      <Field
        field={fields.lines}
        label="Lines"
        type="textarea"
        rows={12}
        hint={<p>One line per item</p>}
        words={(key) => `${key} (at most 5)`}
        control={{ spellCheck: false }}
      />
    </form>
  );
}

function RefusedZone() {
  const [form, fields] = useForm<{ timeZone: string }>({
    id: 'z',
    lastResult: { status: 'error', initialValue: { timeZone: 'Europe/Paris' }, error: { timeZone: ['bad.zone'] } },
  });
  return (
    <form id={form.id}>
      <Field field={fields.timeZone} label="Time zone" type="select" hint="Times show in it">
        <option value="UTC">UTC</option>
        <option value="Europe/Paris">Europe/Paris</option>
      </Field>
    </form>
  );
}

function RefusedPhotos() {
  const [form, fields] = useForm<{ photos: File[]; quantity: number }>({
    id: 'p',
    lastResult: { status: 'error', initialValue: {}, error: { photos: ['photo.tooLarge'], quantity: ['over'] } },
  });
  return (
    <form id={form.id}>
      <p id="page-hint">Up to 5 images</p>
      <Field
        field={fields.photos}
        label="Photos of unit 1"
        labelHidden
        type="file"
        describedBy="page-hint"
        control={{ multiple: true, accept: 'image/*', required: true }}
      />
      <Field field={fields.quantity} label="Quantity" type="number" inputMode="numeric" control={{ max: 3 }} />
    </form>
  );
}

describe('Field', () => {
  it('as a file or number input: a label for screen readers only, the page’s hint named after its error, its limits', async () => {
    await renderRoute({ url: '/p', path: '/p', Component: RefusedPhotos });
    const photos = await screen.findByLabelText('Photos of unit 1');
    expect(photos.getAttribute('type')).toBe('file');
    expect(document.querySelector('label[for="p-photos"]')?.className).toBe('visually-hidden');
    expect(photos.getAttribute('aria-describedby')).toBe('p-photos-error page-hint');
    expect(photos.getAttribute('aria-invalid')).toBe('true');
    expect(photos).toHaveProperty('multiple', true);
    expect(photos).toHaveProperty('required', true);
    expect(photos.getAttribute('accept')).toBe('image/*');
    expect(document.getElementById('p-photos-error')?.textContent).toBe('photo.tooLarge');
    const quantity = await screen.findByLabelText('Quantity');
    expect(quantity.getAttribute('type')).toBe('number');
    expect(quantity.getAttribute('max')).toBe('3');
    expect(document.querySelector('label[for="p-quantity"]')?.className).toBe('');
  });

  it('as a select: its options, the value sent back chosen, its hint and error named by it', async () => {
    await renderRoute({ url: '/z', path: '/z', Component: RefusedZone });
    const select = await screen.findByLabelText('Time zone');
    expect(select.tagName).toBe('SELECT');
    expect(select).toHaveProperty('value', 'Europe/Paris');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toBe('z-timeZone-error z-timeZone-description');
    expect(document.getElementById('z-timeZone-error')?.textContent).toBe('bad.zone');
  });

  it('as a textarea: its hint of paragraphs and its error worded with values, both named by it', async () => {
    await renderRoute({ url: '/q', path: '/q', Component: RefusedLines });
    const textarea = await screen.findByLabelText('Lines');
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea).toHaveProperty('value', 'A1, LAX');
    expect(textarea).toHaveProperty('rows', 12);
    expect(textarea.getAttribute('spellcheck')).toBe('false');
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
    expect(textarea.getAttribute('aria-describedby')).toBe('q-lines-error q-lines-description');
    expect(document.getElementById('q-lines-description')?.textContent).toBe('One line per item');
    expect(document.getElementById('q-lines-error')?.textContent).toBe('quickOrder.tooMany (at most 5)');
  });

  it('names its error once and its hint in aria-describedby, and shows what was sent back', async () => {
    await renderRoute({ url: '/f', path: '/f', Component: Refused });
    const input = await screen.findByLabelText('Your reference');
    expect(input.getAttribute('aria-describedby')).toBe('f-reference-error f-reference-description');
    expect(input).toHaveProperty('value', 'PO#1');
    expect(input).toHaveProperty('maxLength', 40);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows only the errors it is given (a reply that is past), and is then not invalid', async () => {
    await renderRoute({ url: '/f', path: '/f', Component: () => <Refused errors={[]} /> });
    const input = await screen.findByLabelText('Your reference');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBe('f-reference-description');
    expect(document.getElementById('f-reference-error')?.textContent).toBe('');
  });
});
