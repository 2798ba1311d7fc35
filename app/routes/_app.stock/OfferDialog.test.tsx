// @vitest-environment jsdom
import { json } from '@remix-run/node';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SingleStockItem } from '~/.server/api/stock';
import { renderRoute } from '~/testing/remix-stub';
import { OfferDialog } from './OfferDialog';

afterEach(cleanup);

const item: SingleStockItem = {
  itemNumber: 'IP11-64GB-RED',
  itemNumberWarehouse: 'IP11-64GB-RED-MIA',
  warehouse: 'MIA',
  category: 'Phones',
  groupKey: 'ip11',
  skuDescription: 'iPhone 11 64GB Red',
  grade: 'A',
  attributes: {},
  quantityAvailable: 42,
  displayQuantity: '42',
  listPrice: 100,
  incrementSize: 5,
  minimumCheckoutQuantity: 1,
  pendingOrderItemCount: 0,
  groupTitle: 'iPhone 11',
  groupDescription: 'iPhone 11',
  warehouseLabel: 'Miami',
  isOfferAccepted: true,
  pxnParticipantId: 'own',
};

const Dialog = () => (
  <OfferDialog item={item} offer={null} terms={{ answerValidHours: 48, schedule: null }} constraint={{}} />
);

async function open(url: string, action?: (form: FormData) => unknown) {
  const user = userEvent.setup();
  await renderRoute({
    url,
    path: '/stock',
    Component: Dialog,
    action: action ? async ({ request }) => action(await request.formData()) : undefined,
  });
  await screen.findByRole('dialog');
  return user;
}

/** Types into a field, leaves it, and answers what the field then shows. */
async function typeAndLeave(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const field = screen.getByLabelText(label) as HTMLInputElement;
  await user.clear(field);
  if (text) await user.type(field, text);
  await user.tab();
  return field.value;
}

describe('the buy dialog', () => {
  it('opens titled Buy with one increment as the quantity, and no price field', async () => {
    await open('/stock?buy=IP11-64GB-RED-MIA');
    expect(screen.getByRole('heading', { name: 'Buy' })).toBeTruthy();
    expect((screen.getByLabelText('Quantity') as HTMLInputElement).value).toBe('5');
    expect(screen.queryByLabelText('Offer Price')).toBeNull();
    expect(screen.getByText('increments of 5')).toBeTruthy();
  });

  it('rounds a quantity down to the increments when the field is left, and says so', async () => {
    const user = await open('/stock?buy=IP11-64GB-RED-MIA');
    // As typed, the total is of what the increments make of it, and names it (issue 51).
    const field = screen.getByLabelText('Quantity');
    await user.clear(field);
    await user.type(field, '12');
    expect(screen.getByText('Total $1,000.00: 10 at $100.00')).toBeTruthy();
    expect(await typeAndLeave(user, 'Quantity', '12')).toBe('10');
    expect(screen.getByRole('status').textContent).toContain(
      'Your quantity was updated to follow the increments and minimum of this item.',
    );
    expect(screen.getByText('Total $1,000.00')).toBeTruthy();
    expect(await typeAndLeave(user, 'Quantity', '3')).toBe('5');
    expect(await typeAndLeave(user, 'Quantity', '0')).toBe('5');
    expect(await typeAndLeave(user, 'Quantity', '')).toBe('5');
    expect(screen.queryByText(/quantity reduced to match available stock/)).toBeNull();
  });

  it('reduces a quantity above the stock to the available quantity (spec 1 §5), and says so', async () => {
    const user = await open('/stock?buy=IP11-64GB-RED-MIA');
    expect(await typeAndLeave(user, 'Quantity', '500')).toBe('42');
    expect(screen.getByRole('status').textContent).toContain(
      'Your quantity was updated, quantity reduced to match available stock',
    );
    expect(await typeAndLeave(user, 'Quantity', '20')).toBe('20');
    expect(screen.queryByText(/quantity reduced/)).toBeNull();
  });

  it('a press on ADD TO CART straight from the field sends what was typed; the answer puts the stock in the field with the warning (issue 51)', async () => {
    const sent: Record<string, FormDataEntryValue>[] = [];
    const user = await open('/stock?buy=IP11-64GB-RED-MIA', (form) => {
      sent.push(Object.fromEntries(form));
      return json(
        {
          form: 'offer',
          result: { status: 'error', initialValue: { quantity: '42', price: '' } },
          notices: ['offers.quantityReduced', 'offers.notSentYet'],
        },
        { status: 400 },
      );
    });
    const field = screen.getByLabelText('Quantity') as HTMLInputElement;
    await user.clear(field);
    await user.type(field, '99999');
    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    await screen.findByText('Nothing was sent yet: check the values and send again to confirm them.');
    expect(sent).toEqual([expect.objectContaining({ intent: 'offer-save', mode: 'buy', quantity: '99999' })]);
    expect(field.value).toBe('42');
    expect(screen.getByText('Your quantity was updated, quantity reduced to match available stock')).toBeTruthy();
    expect(screen.getByText('Total $4,200.00')).toBeTruthy();
    // The answer was about the values sent: typing again takes it away.
    await user.type(field, '{Backspace}');
    expect(screen.queryByText(/Nothing was sent yet/)).toBeNull();
  });

  it('keeps text that is not a number as typed, with its error, and sends nothing', async () => {
    const user = await open('/stock?buy=IP11-64GB-RED-MIA');
    expect(await typeAndLeave(user, 'Quantity', '1O')).toBe('1O');
    expect(screen.getByText('Enter a number, using digits only.')).toBeTruthy();
  });

  it('takes ASCII digits only: a full-width or Arabic-Indic digit stays as typed, with its error', async () => {
    const user = await open('/stock?buy=IP11-64GB-RED-MIA');
    for (const typed of ['５', '٣']) {
      expect(await typeAndLeave(user, 'Quantity', typed)).toBe(typed);
      expect(screen.getByText('Enter a number, using digits only.')).toBeTruthy();
    }
  });
});

describe('the offer dialog', () => {
  it('keeps an offer price between 1 and the list price when the field is left', async () => {
    const user = await open('/stock?offer=IP11-64GB-RED-MIA');
    expect(screen.getByRole('heading', { name: 'Make an Offer' })).toBeTruthy();
    expect((screen.getByLabelText('Offer Price') as HTMLInputElement).value).toBe('100');
    expect(await typeAndLeave(user, 'Offer Price', '250')).toBe('100');
    expect(await typeAndLeave(user, 'Offer Price', '0')).toBe('1');
    expect(await typeAndLeave(user, 'Offer Price', '')).toBe('1');
    expect(await typeAndLeave(user, 'Offer Price', '72.5')).toBe('72.5');
  });

  it('sends the values the rules made, and shows the reason the server gives back', async () => {
    const sent: Record<string, FormDataEntryValue>[] = [];
    const user = await open('/stock?offer=IP11-64GB-RED-MIA', (form) => {
      sent.push(Object.fromEntries(form));
      return json(
        {
          form: 'offer',
          result: {
            status: 'error',
            initialValue: { quantity: '15', price: '60' },
            error: { '': ['offerDialog.errors.itemOutOfStock'] },
          },
        },
        { status: 400 },
      );
    });
    await typeAndLeave(user, 'Quantity', '17');
    await typeAndLeave(user, 'Offer Price', '60');
    await user.click(screen.getByRole('button', { name: 'MAKE OFFER' }));
    await screen.findByText(/out of stock/i);
    expect(sent).toEqual([
      expect.objectContaining({
        intent: 'offer-save',
        mode: 'offer',
        itemNumberWarehouse: 'IP11-64GB-RED-MIA',
        participantId: 'own',
        quantity: '15',
        price: '60',
      }),
    ]);
  });

  it('shows a value the server refused beside its field, named by the field', async () => {
    const user = await open('/stock?offer=IP11-64GB-RED-MIA', () =>
      json(
        {
          form: 'offer',
          result: {
            status: 'error',
            initialValue: { quantity: '15', price: '60' },
            error: { price: ['entry.errors.tooLarge'] },
          },
        },
        { status: 400 },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'MAKE OFFER' }));
    const message = await screen.findByText('Enter a smaller number.');
    const field = screen.getByLabelText('Offer Price');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(screen.getByLabelText('Quantity').getAttribute('aria-invalid')).toBeNull();
  });
});
