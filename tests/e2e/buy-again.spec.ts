import { admin, expect, test, openSignedIn } from './support/fixtures';
import { placeOrder, slotOf } from './support/orders';

interface CartEntry {
  itemNumberWarehouse: string;
  listPrice: number;
  stocklistOffer: { offerQuantity: number; offerPrice: number; offerStatus: string };
}

test.describe('buy again', () => {
  test('from the orders list: the review lists what is short, the confirmation fills the cart once', async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    // Lines of 1 and 2 units; the second item has only 1 left today.
    const placed = await placeOrder(slotOf(testInfo.project.name, 24), { readyToRelease: false });
    const [first, second] = (
      (await admin('GET', `/orders/${placed.orderNumber}`)) as {
        lines: { itemNumberWarehouse: string; description: string }[];
      }
    ).lines;
    await admin('POST', '/stock', { itemNumberWarehouse: second!.itemNumberWarehouse, quantityAvailable: 1 });

    await openSignedIn(page, '/orders', placed.user);
    await page.getByRole('link', { name: `Buy again ${placed.orderNumber}` }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${placed.orderNumber}/buy-again$`));
    await expect(
      page.getByRole('heading', { level: 1, name: `Buy order # ${placed.orderNumber} again` }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '2 lines go to your cart' })).toBeVisible();
    const line = (description: string) => page.locator('.buy-again-line').filter({ hasText: description });
    await expect(line(first!.description)).toContainText(/Item # .+, ordered 1\s*1 at \$/);
    await expect(line(second!.description)).toContainText('Short: only 1 available, 1 at $');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText('2 lines of the order went to your cart')).toBeVisible();
    const cart = async () =>
      ((await placed.api('GET', '/cart/items')) as CartEntry[]).map((e) => [
        e.itemNumberWarehouse,
        e.stocklistOffer.offerQuantity,
        e.stocklistOffer.offerStatus,
        e.stocklistOffer.offerPrice === e.listPrice,
      ]);
    const filled = [
      [first!.itemNumberWarehouse, 1, 'BUY_AT_LIST', true],
      [second!.itemNumberWarehouse, 1, 'BUY_AT_LIST', true],
    ];
    expect(await cart()).toEqual(filled);

    // A second confirmation (a replay, a second tab) adds nothing.
    await page.goto(`/orders/${placed.orderNumber}/buy-again`);
    await expect(line(first!.description)).toContainText('Already in your cart (1)');
    await expect(page.getByRole('button', { name: 'ADD TO CART' })).toBeDisabled();
    await placed.api('POST', `/orders/${placed.orderNumber}/buy-again`);
    expect(await cart()).toEqual(filled);
  });

  test('from the order page; another buyer’s order is not found and changes nothing', async ({ page }, testInfo) => {
    const placed = await placeOrder(slotOf(testInfo.project.name, 23), { readyToRelease: false });
    const [stranger] = (await admin('GET', '/orders?email=buyer@example.com')) as { phonexOrderNumber: string }[];
    await openSignedIn(page, `/orders/${placed.orderNumber}`, placed.user);
    await page.getByRole('link', { name: 'Buy again' }).click();
    await expect(page.getByRole('heading', { level: 2, name: '2 lines go to your cart' })).toBeVisible();

    const response = await page.goto(`/orders/${stranger!.phonexOrderNumber}/buy-again`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(placed.api('POST', `/orders/${stranger!.phonexOrderNumber}/buy-again`)).rejects.toThrow(/failed: 404/);
    expect(await placed.api('GET', '/cart/items')).toEqual([]);
  });
});
