import type { Page } from '@playwright/test';
import {
  ALL_AUTHORITIES,
  buyerApi,
  createUser,
  expect,
  expectErrorSummary,
  signInToSecond,
  test,
  openSignedIn,
} from './support/fixtures';
import { importableItems, submitImportAndReadOffers } from './support/import-items';

/** Items with a whole list price under 1,000, as every language writes it alike. */
const itemsOf = (warehouse: string, offset: number, server: 'demo' | 'second' = 'demo') =>
  importableItems(warehouse, offset, { server, limit: 300, under: 1000 });

/** The pad's field: found by its label, described by its hint (and its error when it has one). */
const linesField = (page: Page, label = 'Order lines') => page.getByRole('textbox', { name: label });

test.describe('quick order pad', () => {
  test('lines pasted from a spreadsheet are reviewed as an import, then submitted: the cart has the offers and the buys', async ({
    page,
    javaScriptOn,
    expectNoAxeViolations,
  }) => {
    const user = await createUser({ authorities: ALL_AUTHORITIES });
    const warehouse = javaScriptOn ? 'LAX' : 'NYC';
    const [inCart, offered, bought] = await itemsOf(warehouse, 60);
    const api = await buyerApi(user.email, user.password);
    await api('POST', '/stocklist/offer', {
      itemNumberWarehouse: inCart!.itemNumberWarehouse,
      offerQuantity: 1,
      offerPrice: inCart!.listPrice,
    });

    await openSignedIn(page, '/stock', user);
    await expect(page).toHaveURL(/\/stock/);
    await page
      .getByRole('navigation', { name: 'Stock list actions' })
      .getByRole('link', { name: 'QUICK ORDER' })
      .click();
    await expect(page).toHaveURL(/\/stock\/quick-order$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Quick Order' })).toBeVisible();
    // A page of the stock list: its menu entry is the current one.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stock List' }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(linesField(page)).toHaveAccessibleDescription(
      /item number, warehouse, quantity .* Up to 20,000 lines\. For example: A1001, LAX, 5, 120 A1002 LAX 10$/,
    );
    await expectNoAxeViolations(page);

    // Nothing typed: the error is next to the field, and nothing was kept.
    await page.getByRole('button', { name: 'REVIEW' }).click();
    await expectErrorSummary(page, ['Type or paste at least one line: item number, warehouse and quantity.']);
    await expect(linesField(page)).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    // As copied from a spreadsheet (tabs, with its header), and typed by hand (commas, spaces, no price).
    const label = javaScriptOn ? 'Los Angeles' : 'New York';
    await linesField(page).fill(
      [
        'Item #\tWarehouse\tQuantity\tPrice',
        `${inCart!.itemNumber}\t${warehouse}\t2\t${inCart!.listPrice - 1}`,
        '',
        `${offered!.itemNumber}, ${label}, 3, ${offered!.listPrice - 2}`,
        `${bought!.itemNumber}   ${warehouse}   1`,
        `NO-SUCH-ITEM ${warehouse} 1 10`,
      ].join('\n'),
    );
    await page.getByRole('button', { name: 'REVIEW' }).click();
    await expect(page).toHaveURL(/\/stock\/import$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Review Import' })).toBeVisible();
    await expect(page.getByText(/^Lines from the quick order pad, kept until/)).toBeVisible();
    await expect(page.getByText('1 requests that could not be imported')).toBeVisible();
    await expect(page.getByText('1 requests that will overwrite items in the cart')).toBeVisible();
    // The invalid row names its line in the text.
    await expect(page.locator('#invalid tbody tr')).toHaveCount(1);
    await expect(page.locator('#invalid tbody tr td').first()).toHaveText('6');
    await expect(page.locator('#invalid')).toContainText('There is no such item in this warehouse');
    await expect(page.locator('#updates tbody tr')).toHaveCount(1);
    await expect(page.locator('#new tbody tr')).toHaveCount(2);
    await expect(page.locator('#new tbody tr', { hasText: bought!.itemNumber })).toContainText(
      'No price given: the list price',
    );
    await expectNoAxeViolations(page);

    // Back to the pad: the lines are there to change (tab-separated, the header and blank line gone); the review is kept meanwhile.
    await page.getByRole('link', { name: 'Change these lines' }).click();
    await expect(page).toHaveURL(/\/stock\/quick-order$/);
    await expect(
      page.getByText('These are the lines waiting for your review: change them and review them again.'),
    ).toBeVisible();
    await expect(linesField(page)).toHaveValue(
      [
        `${inCart!.itemNumber}\t${warehouse}\t2\t${inCart!.listPrice - 1}`,
        `${offered!.itemNumber}\t${label}\t3\t${offered!.listPrice - 2}`,
        `${bought!.itemNumber}\t${warehouse}\t1`,
        `NO-SUCH-ITEM\t${warehouse}\t1\t10`,
      ].join('\n'),
    );
    await page.goto('/stock/import');
    await expect(page.locator('#new tbody tr')).toHaveCount(2);

    const offers = await submitImportAndReadOffers(page, api);
    expect(offers[inCart!.itemNumberWarehouse]).toMatchObject({
      offerStatus: 'PENDING_ACCEPTANCE',
      offerQuantity: 2,
      offerPrice: inCart!.listPrice - 1,
    });
    expect(offers[offered!.itemNumberWarehouse]).toMatchObject({
      offerQuantity: 3,
      offerPrice: offered!.listPrice - 2,
    });
    expect(offers[bought!.itemNumberWarehouse]).toMatchObject({
      offerStatus: 'BUY_AT_LIST',
      offerQuantity: 1,
      offerPrice: bought!.listPrice,
    });
  });

  test('more lines than an import takes are refused next to the field with the import’s limit, the text kept', async ({
    page,
  }) => {
    const user = await createUser({ authorities: ALL_AUTHORITIES });
    await openSignedIn(page, '/dashboard', user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('link', { name: 'Quick order' }).click();
    await expect(page).toHaveURL(/\/stock\/quick-order$/);
    const many = Array.from({ length: 20_001 }, (_, i) => `A${i},LAX,1`).join('\n');
    // As a paste puts it there: typing 240 kB into a field takes a browser minutes.
    await linesField(page).evaluate((field, text) => void ((field as HTMLTextAreaElement).value = text), many);
    await page.getByRole('button', { name: 'REVIEW' }).click();
    await expect(linesField(page)).toHaveAccessibleDescription(
      /^The file has more than 20,000 rows; split it into smaller files\./,
    );
    await expect(linesField(page)).toHaveAttribute('aria-invalid', 'true');
    expect((await linesField(page).inputValue()).split('\n')).toHaveLength(20_001);
    // Nothing went to the marketplace: there is no import to review.
    await page.goto('/stock/import');
    await expect(page.getByText('There is no import to review.')).toBeVisible();
  });
});

test.describe('the French tenant’s quick order pad', () => {
  test('speaks French and reads a price with a decimal comma', async ({ page, expectNoAxeViolations }) => {
    const [item] = await itemsOf('LYS', 40, 'second');
    await signInToSecond(page);
    await page.getByRole('link', { name: 'COMMANDE RAPIDE' }).click();
    await expect(page).toHaveURL(/\/stock\/quick-order$/);
    await expect(page).toHaveTitle('Portail Acheteurs Refurb - Commande rapide');
    await expect(page.getByRole('heading', { level: 1, name: 'Commande rapide' })).toBeVisible();
    await expect(linesField(page, 'Lignes de commande')).toHaveAccessibleDescription(/Jusqu’à 20\s000 lignes\./);
    // Nothing of the pad in English.
    await expect(page.locator('body')).not.toContainText(/Quick Order|Order lines|For example|REVIEW|list price/);
    await expectNoAxeViolations(page);

    await linesField(page, 'Lignes de commande').fill(
      `${item!.itemNumber}, LYS, 2, ${item!.listPrice - 1},00\nINCONNU-1;LYS;1;10,50`,
    );
    await page.getByRole('button', { name: 'VÉRIFIER' }).click();
    await expect(page).toHaveURL(/\/stock\/import$/);
    await expect(page.getByText(/^Lignes de la commande rapide, conservées jusqu’au/)).toBeVisible();
    await expect(page.locator('#new tbody tr')).toHaveCount(1);
    await expect(page.locator('#new tbody tr')).toContainText(`${item!.listPrice - 1}`);
    await expect(page.locator('#invalid tbody tr')).toHaveCount(1);
    await expect(page.locator('#invalid')).toContainText('Le prix doit être un nombre entier');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Annuler l’import' }).click();
    await expect(page).toHaveURL(/\/stock(\?|$)/);
  });
});
