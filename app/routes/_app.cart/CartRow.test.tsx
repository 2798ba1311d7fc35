// @vitest-environment jsdom
import { json } from '@remix-run/node';
import { Form } from '@remix-run/react';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartQuery } from '~/domain/cart/query';
import type { OfferStatus } from '~/domain/offers/status';
import { renderRoute } from '~/testing/remix-stub';
import { CartRow } from './CartRow';
import type { Row } from './WarehouseBox';

afterEach(cleanup);

function row(status: OfferStatus, offerQuantity: number, offerPrice: number): Row {
  return {
    offerId: 7,
    description: 'Pixel 6 128GB Sorta Seafoam',
    itemNumber: 'PX6-128GB-SEA',
    quantityAvailable: 30,
    available: '30',
    listPrice: 50,
    incrementSize: 4,
    acceptingOffers: true,
    offer: {
      offerId: 7,
      offerStatus: status,
      offerQuantity,
      offerPrice,
      counterPrice: null,
      checkOutQuantity: null,
      checkOutPrice: null,
      minimumCheckoutQuantity: null,
      acceptedOrCounteredExpirationDate: null,
    },
  };
}

type Setup = { entry: Row; query: Partial<CartQuery>; action?: (form: FormData) => unknown };

/** The row inside its warehouse box's form, on the cart page whose URL names the row being edited. */
async function showRow({ entry, query, action }: Setup) {
  const user = userEvent.setup();
  const full: CartQuery = {
    tab: 0,
    selected: [],
    off: [],
    edit: null,
    asOffer: false,
    more: {},
    notReady: false,
    confirmMove: null,
    history: null,
    ...query,
  };
  const Page = () => (
    <Form id="cart-MIA" method="post">
      <ul>
        <CartRow row={entry} formId="cart-MIA" selectable checked={false} onToggle={() => {}} />
      </ul>
    </Form>
  );
  await renderRoute({
    url: '/cart',
    path: '/cart',
    Component: Page,
    loader: () => json({ allowed: true, query: full }),
    action: action ? async ({ request }) => action(await request.formData()) : undefined,
  });
  await screen.findByText('Pixel 6 128GB Sorta Seafoam');
  const typeAndLeave = async (label: string, text: string) => {
    const field = screen.getByLabelText(label) as HTMLInputElement;
    await user.clear(field);
    if (text) await user.type(field, text);
    await user.tab();
    return field.value;
  };
  return { user, typeAndLeave };
}

describe('a cart row', () => {
  it('shows an EDIT button until the URL names the row', async () => {
    await showRow({ entry: row('BUY_AT_LIST', 8, 50), query: {} });
    expect(screen.getByRole('button', { name: /EDIT/ })).toBeTruthy();
    expect(screen.queryByLabelText('Quantity')).toBeNull();
  });

  it('writes its quantities with the language’s grouping: what is available and what is in the cart', async () => {
    const entry = { ...row('BUY_AT_LIST', 1_200, 50), quantityAvailable: 20_000, available: '16733+' };
    await showRow({ entry, query: {} });
    expect(screen.getByText(/^16,733\+ available/)).toBeTruthy();
    expect(screen.getByText('Quantity').nextElementSibling?.textContent).toBe('1,200');
  });

  it('in the Cart tab edits the quantity only: increments, and reduced to the available quantity with a message', async () => {
    const { typeAndLeave } = await showRow({ entry: row('BUY_AT_LIST', 8, 50), query: { tab: 0, edit: 7 } });
    expect((screen.getByLabelText('Quantity') as HTMLInputElement).value).toBe('8');
    expect(screen.queryByLabelText('Offer Price')).toBeNull();
    expect(await typeAndLeave('Quantity', '8')).toBe('8');
    expect(screen.queryByRole('status')).toBeNull();
    // Issue 51: a change the increments make is said, as the cut to the stock is.
    expect(await typeAndLeave('Quantity', '10')).toBe('8');
    expect(screen.getByRole('status').textContent).toBe(
      'Your quantity was updated to follow the increments and minimum of this item.',
    );
    expect(await typeAndLeave('Quantity', '0')).toBe('4');
    expect(await typeAndLeave('Quantity', '99')).toBe('30');
    expect(screen.getByRole('status').textContent).toBe(
      'Your quantity was updated, quantity reduced to match available stock',
    );
    expect(await typeAndLeave('Quantity', '12')).toBe('12');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('refuses 12.5 and 1.5 with a message instead of reading them as 125 and 15', async () => {
    const { typeAndLeave } = await showRow({ entry: row('PENDING_ACCEPTANCE', 8, 40), query: { tab: 1, edit: 7 } });
    expect(await typeAndLeave('Quantity', '1.5')).toBe('1.5');
    expect(await typeAndLeave('Offer Price', '12.5')).toBe('12.5');
    expect(screen.getAllByText('Enter a whole number, without decimals.')).toHaveLength(2);
  });

  it('in the Offers tab also edits the price: at least 1, at most the list price', async () => {
    const { typeAndLeave } = await showRow({ entry: row('PENDING_ACCEPTANCE', 8, 40), query: { tab: 1, edit: 7 } });
    expect((screen.getByLabelText('Offer Price') as HTMLInputElement).value).toBe('40');
    expect(await typeAndLeave('Offer Price', '75')).toBe('50');
    expect(screen.getByRole('status').textContent).toBe(
      'Your offer price was updated: it must be at least 1 and at most the list price.',
    );
    expect(await typeAndLeave('Offer Price', '0')).toBe('1');
    expect(await typeAndLeave('Offer Price', '')).toBe('1');
    expect(await typeAndLeave('Offer Price', '35')).toBe('35');
  });

  it('bought at list, "or MAKE OFFER" opens the price in the Cart tab too', async () => {
    await showRow({ entry: row('BUY_AT_LIST', 8, 50), query: { tab: 0, edit: 7, asOffer: true } });
    expect((screen.getByLabelText('Offer Price') as HTMLInputElement).value).toBe('50');
  });

  it('saves with the row named in the intent, and shows the rule the server applied', async () => {
    const sent: Record<string, FormDataEntryValue>[] = [];
    const { user, typeAndLeave } = await showRow({
      entry: row('PENDING_ACCEPTANCE', 8, 40),
      query: { tab: 1, edit: 7 },
      action: (form) => {
        sent.push(Object.fromEntries(form));
        // The box's reply: Conform's last result named by the form, the error under the row's price field.
        return json(
          {
            form: 'cart-MIA',
            result: {
              status: 'error',
              initialValue: { 'quantity-7': '8', 'price-7': '50' },
              error: { 'price-7': ['cart.errors.priceNotBelowList'] },
            },
          },
          { status: 400 },
        );
      },
    });
    await typeAndLeave('Quantity', '13');
    await typeAndLeave('Offer Price', '49');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    await screen.findByText('New offer price should be less than the list price');
    expect(screen.getByLabelText('Offer Price').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Offer Price').getAttribute('aria-describedby')).toBe('cart-MIA-price-7-error');
    expect(document.getElementById('cart-MIA-price-7-error')?.textContent).toBe(
      'New offer price should be less than the list price',
    );
    expect(sent).toEqual([expect.objectContaining({ intent: 'save:7', 'quantity-7': '12', 'price-7': '49' })]);
  });

  it('SAVE pressed straight from the field sends what was typed: the server saves what the rules make of it and says why (issue 51)', async () => {
    const sent: Record<string, FormDataEntryValue>[] = [];
    const { user } = await showRow({
      entry: row('BUY_AT_LIST', 8, 50),
      query: { tab: 0, edit: 7 },
      action: (form) => {
        sent.push(Object.fromEntries(form));
        return json({ form: 'cart-MIA', result: { status: 'error', initialValue: {}, error: {} } }, { status: 400 });
      },
    });
    const field = screen.getByLabelText('Quantity') as HTMLInputElement;
    await user.clear(field);
    await user.type(field, '99');
    await user.click(screen.getByRole('button', { name: 'SAVE' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ intent: 'save:7', 'quantity-7': '99' });
  });
});
