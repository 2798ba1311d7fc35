// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from '~/i18n/light-react-i18next';
import { describe, expect, it } from 'vitest';
import { englishI18n } from '~/testing/remix-stub';
import { ErrorSummary, summaryOf } from './ErrorSummary';

const refused = {
  id: 'checkout',
  errors: {
    '': ['checkout.errors.shippingAddressRequired'],
    shippingAddressId: ['checkout.errors.shippingAddressRequired'],
    refOrderNumber: ['checkout.reference.invalid'],
    quoteAmount: undefined,
  },
};

describe('the error summary (GOV.UK pattern)', () => {
  it('links each refused field by its id, and says a form error only when no field says it', () => {
    expect(summaryOf(refused, (key) => `«${key}»`)).toEqual({
      sentences: [],
      items: [
        { target: 'checkout-shippingAddressId', text: '«checkout.errors.shippingAddressRequired»' },
        { target: 'checkout-refOrderNumber', text: '«checkout.reference.invalid»' },
      ],
    });
    expect(summaryOf({ id: 'f', errors: { '': ['errors.internal'] } }, (key) => key).sentences).toEqual([
      'errors.internal',
    ]);
  });

  it("lists the errors in the page's order of fields, not the reply's", () => {
    const reply = { id: 'p', errors: { paymentMethodCode: ['b'], shippingAddressId: ['a'], other: ['c'] } };
    expect(summaryOf(reply, (key) => key, ['shippingAddressId', 'paymentMethodCode']).items).toEqual([
      { target: 'p-shippingAddressId', text: 'a' },
      { target: 'p-paymentMethodCode', text: 'b' },
      { target: 'p-other', text: 'c' },
    ]);
  });

  it('renders, without scripts, "There is a problem" focused on load with each error a link to its field', async () => {
    const i18n = await englishI18n();
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <ErrorSummary form={refused} />
      </I18nextProvider>,
    );
    const page = new DOMParser().parseFromString(html, 'text/html');
    const summary = page.querySelector('[role="alert"]')!;
    expect(summary.getAttribute('tabindex')).toBe('-1');
    expect(summary.hasAttribute('autofocus')).toBe(true);
    expect(summary.id).toBe('checkout-error');
    expect(summary.querySelector('h2')!.textContent).toBe('There is a problem');
    expect([...summary.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['#checkout-shippingAddressId', i18n.t('checkout.errors.shippingAddressRequired')],
      ['#checkout-refOrderNumber', i18n.t('checkout.reference.invalid')],
    ]);
  });

  it('shows nothing for a form without errors', async () => {
    const i18n = await englishI18n();
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <ErrorSummary form={{ id: 'f', errors: undefined }} />
      </I18nextProvider>,
    );
    expect(html).toBe('');
  });
});
