// @vitest-environment jsdom
import { json } from '@remix-run/node';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { StockAlert } from '~/.server/api/alerts';
import type { SingleStockItem } from '~/.server/api/stock';
import { renderRoute } from '~/testing/remix-stub';
import { AlertDialog } from './AlertDialog';

afterEach(cleanup);

const item = (incrementSize: number): SingleStockItem => ({
  itemNumber: 'S20-128GB-BLK',
  itemNumberWarehouse: 'S20-128GB-BLK-MIA',
  warehouse: 'MIA',
  category: 'Phones',
  groupKey: 's20',
  skuDescription: 'Galaxy S20 128GB Black',
  grade: 'B',
  attributes: {},
  quantityAvailable: 0,
  displayQuantity: '0',
  listPrice: 120,
  incrementSize,
  minimumCheckoutQuantity: 1,
  pendingOrderItemCount: 0,
  groupTitle: 'Galaxy S20',
  groupDescription: 'Galaxy S20',
  warehouseLabel: 'Miami',
  isOfferAccepted: true,
  pxnParticipantId: 'own',
});

type Setup = {
  incrementSize?: number;
  alert?: StockAlert | null;
  defaultQuantity?: number | null;
  action?: (form: FormData) => unknown;
};

async function open({ incrementSize = 1, alert = null, defaultQuantity = null, action }: Setup = {}) {
  const user = userEvent.setup();
  const Dialog = () => (
    <AlertDialog
      item={item(incrementSize)}
      alert={alert}
      defaultQuantity={defaultQuantity}
      constraint={{ quantity: { maxLength: 20 } }}
    />
  );
  await renderRoute({
    url: '/stock?alert=S20-128GB-BLK-MIA',
    path: '/stock',
    Component: Dialog,
    action: action ? async ({ request }) => action(await request.formData()) : undefined,
  });
  await screen.findByRole('dialog');
  const field = () => screen.getByLabelText('Alert me when this many units are added') as HTMLInputElement;
  const typeAndLeave = async (text: string) => {
    await user.clear(field());
    if (text) await user.type(field(), text);
    await user.tab();
    return field().value;
  };
  return { user, field, typeAndLeave };
}

describe('the stock alert dialog', () => {
  it('starts a new alert at the configured quantity, or 100, in increments', async () => {
    expect((await open()).field().value).toBe('100');
    cleanup();
    expect((await open({ defaultQuantity: 30 })).field().value).toBe('30');
    cleanup();
    expect((await open({ defaultQuantity: 30, incrementSize: 8 })).field().value).toBe('24');
    expect(screen.getByRole('heading', { name: 'Set a Stock Alert' })).toBeTruthy();
  });

  it('makes a blank or zero quantity 1 when the field is left; text that is not a number stays, with its error', async () => {
    const { typeAndLeave } = await open();
    expect(await typeAndLeave('')).toBe('1');
    expect(await typeAndLeave('0')).toBe('1');
    expect(await typeAndLeave('abc')).toBe('abc');
    expect(screen.getByText('Enter a number, using digits only.')).toBeTruthy();
    expect(await typeAndLeave('37')).toBe('37');
  });

  it('rounds down to the increments, one increment at least', async () => {
    const { typeAndLeave } = await open({ incrementSize: 5 });
    expect(screen.getByText('increments of 5')).toBeTruthy();
    expect(await typeAndLeave('12')).toBe('10');
    expect(await typeAndLeave('3')).toBe('5');
    expect(await typeAndLeave('0')).toBe('5');
  });

  it('edits an existing alert, and shows what the server sent back', async () => {
    const sent: Record<string, FormDataEntryValue>[] = [];
    const { user, field, typeAndLeave } = await open({
      alert: {
        itemNumberWarehouse: 'S20-128GB-BLK-MIA',
        quantity: 40,
        description: 'Galaxy S20 128GB Black',
        incrementSize: 1,
        itemNumber: 'S20-128GB-BLK',
        warehouseLabel: 'Miami',
      },
      action: (form) => {
        sent.push(Object.fromEntries(form));
        return json(
          {
            form: 'alert',
            result: {
              status: 'error',
              initialValue: { quantity: '1' },
              error: { quantity: ['alerts.errors.becomesOne'] },
            },
          },
          { status: 400 },
        );
      },
    });
    expect(screen.getByRole('heading', { name: 'Edit Stock Alert' })).toBeTruthy();
    expect(field().value).toBe('40');
    expect(screen.getByRole('button', { name: 'DELETE ALERT' })).toBeTruthy();
    await typeAndLeave('25');
    await user.click(screen.getByRole('button', { name: 'UPDATE' }));
    const message = await screen.findByText(
      'A blank or zero quantity becomes 1. Send again to set the alert for 1 unit.',
    );
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(field().getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(field().maxLength).toBe(20);
    expect(sent).toEqual([
      expect.objectContaining({
        intent: 'alert-save',
        existing: '1',
        itemNumberWarehouse: 'S20-128GB-BLK-MIA',
        quantity: '25',
      }),
    ]);
  });
});
