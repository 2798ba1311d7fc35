import { admin, ALL_AUTHORITIES, createUser, expect, test, openSignedIn } from './support/fixtures';

test.describe('pre-orders', () => {
  test('commit to a pre-order; once the stock arrives and is allocated, the commitment links to its order', async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    const model = `Journey Phone ${testInfo.project.name} ${Date.now().toString(36)}`;
    const { id } = (await admin('POST', '/preorders', {
      warehouseCode: 'MIA',
      itemNumber: `PRE-E2E-${Date.now().toString(36)}`,
      model,
      grade: 'A',
      capacity: '64GB',
      expectedQuantity: 100,
      expectedDate: '2027-03-01',
      unitPrice: 25_000,
      minimumCommitment: 5,
      cutOff: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    })) as { id: number };
    const user = await createUser({ authorities: ALL_AUTHORITIES });
    await openSignedIn(page, '/preorders', user);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${model} 64GB A` }) });
    await expect(card).toContainText('$250.00 a unit');
    await card.getByLabel('Quantity').fill('10');
    await card.getByRole('button', { name: 'Commit' }).click();
    await expect(page.getByText('Your commitment was saved.')).toBeVisible();
    const mine = page.getByRole('table', { name: /Your commitments/ }).getByRole('row', { name: new RegExp(model) });
    await expect(mine).toContainText('Open');
    await expect(mine.getByRole('cell').nth(1)).toHaveText('$250.00');
    await expectNoAxeViolations(page);

    await admin('POST', `/preorders/${id}/allocate`, { quantity: 6 });
    await page.goto('/preorders');
    await expect(mine).toContainText('Allocated');
    await expect(mine.getByRole('cell').nth(1)).toHaveText('$250.00, the final price');
    await expect(mine.getByRole('cell').nth(3)).toHaveText('6');
    // On this desktop (1280 px) the commitments are a table; on a phone each is a card of labelled values.
    await expect(mine.getByRole('cell').first()).toHaveCSS('display', 'table-cell');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(mine.getByRole('cell').first()).toHaveCSS('display', 'block');
    expect(
      await mine
        .getByRole('cell')
        .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').content.replaceAll('"', ''))),
    ).toEqual(['Requested', 'Unit price', 'State', 'Allocated', 'Order']);
    await page.setViewportSize({ width: 1280, height: 720 });
    const order = mine.getByRole('link');
    const orderNumber = (await order.innerText()).trim();
    await order.click();
    await expect(page.getByRole('heading', { level: 1, name: `Order # ${orderNumber}` })).toBeVisible();
    await expect(page.getByText(model).first()).toBeVisible();
  });
});
