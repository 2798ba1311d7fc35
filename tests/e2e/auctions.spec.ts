import fs from 'node:fs';
import { admin, buyerApi, expect, test, openSignedIn } from './support/fixtures';

/**
 * Auctions (issue 53), with and without scripts: the seller's photo opens larger on the lot's page, a
 * buyer's low bid is refused beside the field, a bid goes through its confirmation (the total with
 * the buyer's fees, the freight counting the lot's 25 devices) and leads, the second buyer outbids
 * it, the buyer bids again and watches the lot, the seller closes it now, and the won lot's order
 * opens with the buyer's default preferences and that freight.
 */
test.describe('auctions', () => {
  test('bid, outbid by the second buyer, win at close, the order with the preferences; a refused low bid; watch', async ({
    page,
    expectNoAxeViolations,
  }) => {
    test.slow();
    const now = Date.now();
    const lot = (await admin('POST', '/auctions', {
      title: `Journey lot ${now}`,
      warehouseCode: 'MIA',
      startingPrice: 10_000,
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
      lines: [{ model: 'iPhone 13', grade: 'A', capacity: '128GB', colour: 'Black', quantity: 25 }],
      photosBase64: [fs.readFileSync('tests/fixtures/photos/unit.png').toString('base64')],
    })) as { id: number };
    await openSignedIn(page, `/auctions/${lot.id}`, { email: 'buyer@example.com', password: 'Demo#2026' });
    await expect(page.getByRole('heading', { level: 1, name: `Journey lot ${now}` })).toBeVisible();
    await page.getByRole('link', { name: `Photo 1 of 1 of Journey lot ${now}: show it larger` }).click();
    const large = page.getByRole('img', { name: `Photo 1 of 1 of Journey lot ${now}`, exact: true });
    await expect(large).toBeVisible();
    expect(await large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    await page.getByRole('dialog').getByRole('link', { name: 'Close' }).click();
    await expect(large).toBeHidden();

    const amount = page.getByLabel('Your maximum bid');
    await amount.fill('50');
    await page.getByRole('button', { name: 'Review bid' }).click();
    await expect(page.getByText('Your bid must be at least $100.00')).toBeVisible();

    await amount.fill('150');
    await page.getByRole('button', { name: 'Review bid' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm your bid' })).toBeVisible();
    await expect(page.locator('[data-bid-total]')).toContainText('$');
    // Standard shipping for 25 devices: $25.00 + 25 × $0.50.
    await expect(page.getByRole('row', { name: 'Freight $37.50' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Place binding bid' }).click();
    await expect(page.getByText('Your maximum bid of $150.00 was placed.')).toBeVisible();
    await expect(page.locator('[data-my-status]')).toHaveText('Highest bidder');

    const jamie = await buyerApi('buyer2@example.com', 'Demo#2026');
    await jamie('POST', `/auctions/${lot.id}/bids`, { amount: 30_000 });
    // With scripts the page reads itself again within 5 s and its live region says what changed; without, a refresh says the same.
    if (!test.info().project.name.includes('no-js'))
      await expect(page.locator('[data-live-summary]')).toHaveText('Current bid $155.00, 2 bids. Outbid');
    else await page.reload();
    await expect(page.locator('[data-my-status]')).toHaveText('Outbid');
    await expect(page.locator('[data-current-bid]')).toHaveText('$155.00');
    await expect(page.getByRole('cell', { name: 'You (bidder 1)' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Bidder 2' })).toBeVisible();

    await amount.fill('400');
    await page.getByRole('button', { name: 'Review bid' }).click();
    await page.getByRole('button', { name: 'Place binding bid' }).click();
    await expect(page.locator('[data-my-status]')).toHaveText('Highest bidder');
    await page.getByRole('button', { name: 'Watch this lot' }).click();
    await expect(page.getByRole('button', { name: 'Stop watching' })).toBeVisible();

    await admin('POST', `/auctions/${lot.id}/close`);
    await page.reload();
    await expect(page.locator('[data-my-status]')).toHaveText('Won');
    await page.getByRole('link', { name: /^SO-/ }).click();
    await expect(page.getByText('ACME Standard Shipping').first()).toBeVisible();
    // The order links back to its lot.
    await expect(page.getByRole('link', { name: `Journey lot ${now}`, exact: true })).toHaveAttribute(
      'href',
      `/auctions/${lot.id}`,
    );
    await expect(
      page
        .locator('dt', { hasText: /^Freight$/ })
        .first()
        .locator('xpath=following-sibling::dd[1]'),
    ).toHaveText('$37.50');
  });
});
