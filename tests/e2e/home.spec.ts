import { admin, expect, test, openSignedIn } from './support/fixtures';
import { itemsFor, placeOrder, slotOf } from './support/orders';

interface CartEntry {
  itemNumberWarehouse: string;
  itemDescription: string;
  stocklistOffer: { offerId: number };
}

test.describe('the buyer’s home', () => {
  test('what needs the buyer, each with a link to where it is handled', async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    // An order on hold; an offer the seller countered, one waiting for the seller; a line in the cart whose stock alert was met.
    const placed = await placeOrder(slotOf(testInfo.project.name, 22), { readyToRelease: false });
    const [countered, waiting] = await itemsFor(slotOf(testInfo.project.name, 21), 2);
    const [alerted] = await itemsFor(slotOf(testInfo.project.name, 20), 1);
    const offerOn = async (row: typeof countered, price: number) =>
      (
        (await placed.api('POST', '/stocklist/offer', {
          itemNumberWarehouse: row!.itemNumberWarehouse,
          offerQuantity: 2,
          offerPrice: price,
        })) as { offerId: number }
      ).offerId;
    const counteredId = await offerOn(countered, Math.floor(countered!.listPrice * 0.8));
    await admin('POST', `/offers/${counteredId}/review`, {
      action: 'counter',
      price: Math.floor(countered!.listPrice * 0.9),
      minimumQuantity: 1,
      validHours: 48,
    });
    await offerOn(waiting, Math.floor(waiting!.listPrice * 0.8));
    await offerOn(alerted, alerted!.listPrice);
    await placed.api('POST', '/stocklist/alert/item', {
      itemNumberWarehouse: alerted!.itemNumberWarehouse,
      quantity: 5,
    });
    await admin('POST', '/stock', {
      itemNumberWarehouse: alerted!.itemNumberWarehouse,
      quantityAvailable: alerted!.quantityAvailable + 10,
    });
    const entries = (await placed.api('GET', '/cart/items')) as CartEntry[];
    const description = (row: typeof countered) =>
      entries.find((e) => e.itemNumberWarehouse === row!.itemNumberWarehouse)!.itemDescription;

    await openSignedIn(page, '/dashboard', placed.user);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to ACME' })).toBeVisible();
    const section = (name: string) => page.getByRole('region', { name });
    const answered = section('Offers answered by the seller');
    await expect(answered.getByRole('listitem')).toHaveCount(1);
    await expect(answered.getByRole('link', { name: `${description(countered)}, Miami` })).toHaveAttribute(
      'href',
      '/cart?tab=1#warehouse-MIA',
    );
    await expect(answered).toContainText(/the counter-offer expires in (1d 23h|2d 0h)/);
    await expect(
      section('Offers waiting for the seller').getByRole('link', { name: `${description(waiting)}, Miami` }),
    ).toHaveAttribute('href', '/cart?tab=2#warehouse-MIA');
    const orders = section('Orders on hold or awaiting payment');
    await expect(orders.getByRole('listitem')).toHaveCount(1);
    await expect(orders).toContainText('On hold, Miami');
    await expect(
      section('Stock alerts met this week').getByRole('link', { name: description(alerted) }),
    ).toHaveAttribute('href', '/stock-alerts');
    const cart = section('Your cart');
    await expect(cart.getByRole('link', { name: 'Miami' })).toHaveAttribute('href', '/cart#warehouse-MIA');
    await expect(cart).toContainText(/1 line, 2 units, \$/);
    await expectNoAxeViolations(page);

    await orders.getByRole('link', { name: `Order # ${placed.orderNumber}` }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${placed.orderNumber}$`));
  });
});
