import type { Locator } from '@playwright/test';
import { admin, ALL_AUTHORITIES, buyerApi, createUser, expect, signIn, test, openSignedIn } from './support/fixtures';
import { placeOrder, slotOf } from './support/orders';
import { shippedOrder } from './support/returns';

/**
 * Runs in the phone projects (390 × 844, JavaScript on and off): every main page fits the screen
 * with no sideways scroll — also at 360 px — and passes axe; the side menu and the stock filters fold
 * away behind their toggles; the WhatsApp button and messages hide nothing.
 */
interface StockRow {
  itemNumberWarehouse: string;
  listPrice: number;
  incrementSize: number;
}

async function buyerWithEntries(slot: number) {
  const user = await createUser({ authorities: ALL_AUTHORITIES, salesRepWhatsApp: '+1 305 555 0100' });
  const api = await buyerApi(user.email, user.password);
  const rows = (
    (await admin('GET', `/stock?warehouse=NYC&minQuantity=30&offset=${60 + slot * 6}&limit=40`)) as StockRow[]
  ).filter((r) => r.incrementSize === 1);
  const [bought, countered, waiting, alerted] = rows;
  await api('POST', '/stocklist/offer', {
    itemNumberWarehouse: bought!.itemNumberWarehouse,
    offerQuantity: 2,
    offerPrice: bought!.listPrice,
  });
  const offer = (await api('POST', '/stocklist/offer', {
    itemNumberWarehouse: countered!.itemNumberWarehouse,
    offerQuantity: 3,
    offerPrice: countered!.listPrice - 20,
  })) as { offerId: number };
  await admin('POST', `/offers/${offer.offerId}/review`, { action: 'counter', price: countered!.listPrice - 10 });
  await api('POST', '/stocklist/offer', {
    itemNumberWarehouse: waiting!.itemNumberWarehouse,
    offerQuantity: 1,
    offerPrice: waiting!.listPrice - 40,
  });
  await api('POST', '/stocklist/alert/item', { itemNumberWarehouse: alerted!.itemNumberWarehouse, quantity: 5 });
  return user;
}

test.describe('on a phone', () => {
  test('every main page fits the screen, menus fold away, and nothing floats over the list', async ({
    page,
    expectNoAxeViolations,
  }, info) => {
    // Each main page and the checkout, each with its accessibility check (without scripts on a copy of the page).
    test.setTimeout(180_000);
    const user = await buyerWithEntries(info.project.name === 'phone-js' ? 0 : 1);

    await page.goto('/');
    await expectNoAxeViolations(page);
    await signIn(page, user.email, user.password);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeAttached();

    await page.goto('/stock?warehouse=MIA');
    // The side menu and the filters wait behind their toggles; the list comes first.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const entry = menu.getByRole('link', { name: 'Stock Alerts' });
    await expect(entry).toBeHidden();
    await menu.getByText('Menu', { exact: true }).click();
    await expect(entry).toBeVisible();
    await menu.getByText('Menu', { exact: true }).click();
    await expect(entry).toBeHidden();
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await expect(filters).toBeHidden();
    await page.getByText('Show filters').click();
    await expect(filters.getByText('Include Out of Stock')).toBeVisible();
    // The toggle says what the next press does.
    await expect(page.locator('label[for="stock-filters-toggle"]')).toHaveText('Hide filters', { useInnerText: true });

    // The list's less used actions are in one menu that opens without scripts; the WhatsApp button shares the title's row.
    const actions = page.getByRole('navigation', { name: 'Stock list actions' });
    await expect(actions.getByRole('link', { name: 'DAILY REPORT' })).toBeHidden();
    await actions.getByText('More actions').click();
    await expect(actions.getByRole('link', { name: 'DAILY REPORT' })).toBeVisible();
    await actions.getByText('More actions').click();
    await expect(actions.getByRole('link', { name: 'DAILY REPORT' })).toBeHidden();
    const whatsapp = page.getByRole('link', { name: /WhatsApp/ });
    await expect(whatsapp).toBeVisible();
    expect(await whatsapp.evaluate((el) => getComputedStyle(el).position)).toBe('static');
    const [title, button] = [await page.getByRole('heading', { level: 1 }).boundingBox(), await whatsapp.boundingBox()];
    expect(button!.y, 'the WhatsApp button beside the title').toBeLessThan(title!.y + title!.height);
    // Without scripts the link to the top of the results follows the list instead of floating over it.
    if (info.project.name === 'phone-no-js')
      expect(await page.locator('.top-of-results').evaluate((el) => getComputedStyle(el).position)).toBe('static');

    const group = page.locator('.stock-group').first();
    await group.getByRole('button', { expanded: false }).click();
    await expect(group.locator('tbody tr').first()).toBeVisible();
    await expectNoAxeViolations(page);

    await group
      .getByRole('link', { name: /^MAKE OFFER / })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Make an Offer' })).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expect(dialog.getByRole('link', { name: 'Close' })).toBeInViewport();
    await expectNoAxeViolations(page);

    for (const [path, heading] of [
      ['/cart', 'Cart and Offers'],
      ['/cart?tab=1', 'Cart and Offers'],
      ['/cart?tab=2', 'Cart and Offers'],
      ['/stock-alerts', 'Stock Alerts'],
      ['/orders', 'Orders'],
      ['/returns', 'Returns'],
      ['/auctions', 'Auctions'],
      ['/dashboard', undefined],
      ['/help', undefined],
    ] as const) {
      await page.goto(path);
      if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectNoAxeViolations(page);
    }

    // Checkout: the sticky total bar stays one line and the order lines keep their names readable.
    await page.goto('/cart');
    const newYork = page.getByRole('region', { name: 'New York' });
    // The box's Select menu opens inside the screen, with scripts (an icon) and without (a button).
    await newYork.locator('.menu-button > summary').click();
    const selectNone = newYork.getByRole('button', { name: 'None', exact: true });
    await expect(selectNone).toBeInViewport({ ratio: 1 });
    await page.reload();
    await newYork
      .getByRole('checkbox', { name: /^Select / })
      .first()
      .check();
    await newYork.getByRole('button', { name: 'CHECKOUT' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 844 });
      const bar = page.getByRole('region', { name: 'Order total and release' });
      await expect(bar.getByRole('button', { name: 'PAY AND SHIP NOW' })).toBeVisible();
      expect((await bar.boundingBox())!.height, `total bar at ${width} px`).toBeLessThanOrEqual(64);
      const item = page.locator('.line-items tbody th').first();
      expect((await item.boundingBox())!.width, `item name at ${width} px`).toBeGreaterThan(width * 0.6);
    }
    await expect(page.locator('.checkout-actions').getByRole('button', { name: 'HOLD ORDER' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('an order and its line edit fit the screen', async ({ page, expectNoAxeViolations }, info) => {
    const placed = await placeOrder(slotOf(info.project.name === 'phone-js' ? 'js' : 'no-js', 17), {
      readyToRelease: false,
    });
    await openSignedIn(page, `/orders/${placed.orderNumber}`, placed.user);
    await expect(page.getByRole('heading', { level: 1, name: `Order # ${placed.orderNumber}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await page
      .getByRole('link', { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole('textbox', { name: /^Quantity of / })).toBeVisible();
    await expectNoAxeViolations(page);

    // The returns form's units and the returns list are labelled cards (docs/design.md §7), as wide as the screen.
    const shipped = await shippedOrder(slotOf(info.project.name === 'phone-js' ? 'js' : 'no-js', 17), 1, {
      user: placed.user,
    });
    const labelsOf = (row: Locator) =>
      row
        .locator('td')
        .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').content.replaceAll('"', '')));
    await page.goto(`/returns/new?order=${shipped.orderNumber}`);
    const unit = page.locator('.returns-units tbody tr').first();
    expect(await labelsOf(unit)).toEqual(['none', 'Item', 'Shipped', 'Reason', 'Photos']);
    const card = (await unit.boundingBox())!;
    for (const cell of ['Item', 'Reason', 'Photos'])
      expect((await unit.locator(`td[data-label="${cell}"]`).boundingBox())!.width, cell).toBeGreaterThan(
        card.width * 0.8,
      );
    await expectNoAxeViolations(page);
    await shipped.api('POST', '/returns', {
      orderNumber: shipped.orderNumber,
      idempotencyKey: `phone-${info.project.name}-${Date.now()}`,
      note: '',
      units: [{ imei: shipped.imeis[0], reasonCode: 'DOA' }],
    });
    await page.goto('/returns');
    expect(await labelsOf(page.locator('.returns-table tbody tr').first())).toEqual([
      'Order',
      'Created',
      'Status',
      'Units',
      'Credit',
    ]);
    await expectNoAxeViolations(page);
  });
});
