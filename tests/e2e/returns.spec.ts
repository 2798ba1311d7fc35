import { readFileSync } from 'node:fs';
import { admin, ALL_AUTHORITIES, createUser, expect, expectErrorSummary, test, openSignedIn } from './support/fixtures';
import { placeOrder, slotOf } from './support/orders';
import { sellerCli, shippedOrder } from './support/returns';

/**
 * Returns by IMEI (issue 38), with and without JavaScript: a buyer asks from the order's page to
 * return a unit by its IMEI, the seller approves, receives and credits it through the CLI, and the
 * credit shows on the request and on the order; units outside the window or returned already are
 * refused by name; a request is canceled while it waits.
 */
test.describe('returns', () => {
  test('request by IMEI with photos, approved and credited by the seller, the credit on the order', async ({
    page,
    browser,
    expectNoAxeViolations,
  }, testInfo) => {
    test.slow();
    const { user, orderNumber, imeis } = await shippedOrder(slotOf(testInfo.project.name, 9));
    await openSignedIn(page, `/orders/${orderNumber}`, user);
    await page.getByRole('link', { name: 'Request a Return' }).click();
    await expect(page.getByRole('heading', { name: `Units of order ${orderNumber}` })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('checkbox', { name: `Return ${imeis[0]}` }).check();
    await page.getByLabel(`Reason for ${imeis[0]}`).selectOption({ label: 'Not as graded' });
    await page
      .getByLabel(`Photos of ${imeis[0]}`)
      .setInputFiles(['tests/fixtures/photos/unit.png', 'tests/fixtures/photos/unit.jpg']);
    await page.getByLabel('Note').fill('Screen scratched');
    await page.getByRole('button', { name: 'Request Return' }).click();
    const heading = page.getByRole('heading', { level: 1, name: /^Return RMA-/ });
    await expect(heading).toBeVisible();
    const rma = (await heading.textContent())!.replace('Return ', '');
    await expect(page.getByText(`Return ${rma} requested`)).toBeVisible();
    await expect(page.locator('.order-meta [data-status]')).toHaveText('Requested');
    await expect(page.getByRole('row', { name: new RegExp(imeis[0]!) })).toContainText('Not as graded');
    // The photos, as thumbnails the portal serves to this buyer only.
    const sources: string[] = [];
    for (const [n, type] of [
      [1, 'image/png'],
      [2, 'image/jpeg'],
    ] as const) {
      const thumbnail = page.getByRole('img', { name: `Photo ${n} of ${imeis[0]}` });
      await expect(thumbnail).toBeVisible();
      await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
      const src = (await thumbnail.getAttribute('src'))!;
      const served = await page.request.get(src);
      expect(served.status()).toBe(200);
      expect(served.headers()['content-type']).toBe(type);
      sources.push(src);
    }
    const stranger = await createUser({ authorities: ALL_AUTHORITIES });
    const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const otherPage = await other.newPage();
    await openSignedIn(otherPage, '/stock', stranger);
    for (const src of sources) expect((await otherPage.request.get(src)).status(), src).toBe(404);
    await other.close();
    await expectNoAxeViolations(page);

    await sellerCli('returns', 'approve', rma, '--instructions', 'Ship to dock 4 with the RMA number on the box');
    await admin('POST', `/returns/${rma}/receive`, {});
    const credited = await sellerCli('returns', 'credit', rma);
    expect(credited.status).toBe('CREDITED');

    await page.reload();
    await expect(page.locator('.order-meta [data-status]')).toHaveText('Credited');
    await expect(page.getByText('Ship to dock 4 with the RMA number on the box')).toBeVisible();
    const credit = (await page.locator('[data-return-credit]').textContent())!;
    expect(credit).not.toMatch(/^\$?0\.00$/);
    await page.getByRole('link', { name: orderNumber }).click();
    await expect(page.locator('[data-payment="returnCredit"]')).toHaveText(credit);
    await expect(
      page.getByRole('table', { name: 'Payment history' }).getByRole('row', { name: `Credit for return ${rma}` }),
    ).toContainText(credit);

    await page.goto(`/returns?search=${imeis[0]}`);
    await expect(page.getByRole('row', { name: new RegExp(rma) })).toContainText('Credited');
    await expectNoAxeViolations(page);
  });

  test('units outside the window or returned already are refused by name; a waiting request is canceled', async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    test.slow();
    const { user, orderNumber, api } = await placeOrder(slotOf(testInfo.project.name, 19));
    const lines = (
      (await admin('GET', `/orders/${orderNumber}`)) as { lines: { itemNumberWarehouse: string; quantity: number }[] }
    ).lines;
    const ship = async (line: { itemNumberWarehouse: string; quantity: number }, daysAgo: number) =>
      (
        (await admin('POST', `/orders/${orderNumber}/ship`, {
          trackingNumber: `1ZR${daysAgo}`,
          lines: [{ itemNumberWarehouse: line.itemNumberWarehouse, quantity: line.quantity }],
          generateImeis: true,
          at: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
        })) as { shipment: { lines: { imeis: string[] }[] } }
      ).shipment.lines[0]!.imeis;
    const [late] = await ship(lines[0]!, 20);
    const [returned, kept] = await ship(lines[1]!, 1);
    // One unit went back and was credited already.
    const { rmaNumber } = (await api('POST', '/returns', {
      orderNumber,
      idempotencyKey: `e2e-${Date.now()}`,
      note: '',
      units: [{ imei: returned, reasonCode: 'DOA' }],
    })) as { rmaNumber: string };
    for (const step of ['approve', 'receive', 'credit']) await admin('POST', `/returns/${rmaNumber}/${step}`, {});

    await openSignedIn(page, `/returns/new?order=${orderNumber}`, user);
    await expect(page.getByRole('row', { name: new RegExp(late!) })).toContainText('Outside the return window');
    await expect(page.getByRole('checkbox', { name: `Return ${late}` })).toBeDisabled();
    await expect(page.getByRole('row', { name: new RegExp(returned!) })).toContainText('Already returned');
    await expectNoAxeViolations(page);

    // No reason is chosen for the buyer: a chosen unit without one is refused beside its field.
    await page.getByRole('checkbox', { name: `Return ${kept}` }).check();
    await page.getByRole('button', { name: 'Request Return' }).click();
    await expectErrorSummary(page, ['Choose a reason for this unit.']);
    // Units are chosen by pasting their IMEIs, with one reason for them all; what cannot be chosen is named.
    await page.getByLabel('Paste IMEIs').fill(`${kept}\n${late}, 999999999999999`);
    await page.getByLabel('Reason for the units chosen here').selectOption({ label: 'Dead on arrival' });
    await page.getByRole('button', { name: 'Select pasted units' }).click();
    await expect(page.getByLabel('Paste IMEIs')).toHaveAccessibleDescription(
      new RegExp(`Not units of this order: 999999999999999 Cannot be returned now: ${late}`),
    );
    await expect(page.getByRole('checkbox', { name: `Return ${kept}` })).toBeChecked();
    await expect(page.getByLabel(`Reason for ${kept}`)).toHaveValue('DOA');
    await page.getByRole('button', { name: 'Select all' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'selected' })).toHaveText(
      '1 unit selected. Check the reasons below, then request the return.',
    );
    await expect(page.getByLabel(`Reason for ${kept}`)).toHaveValue('DOA');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Request Return' }).click();
    await expect(page.locator('.order-meta [data-status]')).toHaveText('Requested');
    await expect(page.locator('[data-return-credit]')).toHaveText('Pending');
    await page.getByText('Cancel Request').first().click();
    await page.getByRole('button', { name: 'Cancel Request' }).click();
    await expect(page.getByText(/^Return RMA-.* canceled$/)).toBeVisible();
    await expect(page.locator('.order-meta [data-status]')).toHaveText('Canceled');

    await page.goto('/returns/new?order=SO-NOT-MINE-1');
    await expect(page.getByLabel('Order number')).toHaveAccessibleDescription(
      'No order found of this number: SO-NOT-MINE-1',
    );
    await page.goto('/returns?search=nothing-like-this');
    await expect(page.getByRole('cell', { name: 'No rows available' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('return photos', () => {
  test('a reason the seller set to need photos asks for one, and a file that is no image or too large is refused beside its field', async ({
    page,
    expectNoAxeViolations,
  }, testInfo) => {
    test.slow();
    const { user, orderNumber, imeis } = await shippedOrder(slotOf(testInfo.project.name, 8));
    // The seller's own reason, in each language, with photos required.
    const reasons = (await sellerCli(
      'returns',
      'reason',
      'E2E_CRACKED',
      '--en',
      'Cracked screen',
      '--fr',
      'Écran fissuré',
      '--de',
      'Display gesprungen',
      '--photo-required',
      'yes',
    )) as unknown as { code: string; labels: Record<string, string>; photoRequired: boolean }[];
    expect(reasons.find((r) => r.code === 'E2E_CRACKED')).toEqual({
      code: 'E2E_CRACKED',
      labels: { en: 'Cracked screen', fr: 'Écran fissuré', de: 'Display gesprungen' },
      photoRequired: true,
    });
    await openSignedIn(page, `/returns/new?order=${orderNumber}`, user);
    const photos = page.getByLabel(`Photos of ${imeis[0]}`);
    const request = async (file?: Parameters<typeof photos.setInputFiles>[0]) => {
      await page.getByRole('checkbox', { name: `Return ${imeis[0]}` }).check();
      await page.getByLabel(`Reason for ${imeis[0]}`).selectOption({ label: 'Cracked screen' });
      if (file) await photos.setInputFiles(file);
      await page.getByRole('button', { name: 'Request Return' }).click();
    };
    await request();
    await expect(photos).toHaveAccessibleDescription(/^Photos are required for this reason\./);
    await expect(photos).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await request({
      name: 'scratch.png',
      mimeType: 'image/png',
      buffer: Buffer.from('a text file with a picture name'),
    });
    await expect(photos).toHaveAccessibleDescription(/^Only images can be sent: JPEG, PNG, WebP or GIF\./);
    const large = Buffer.alloc(5 * 1024 * 1024 + 1);
    readFileSync('tests/fixtures/photos/unit.png').copy(large);
    await request({ name: 'large.png', mimeType: 'image/png', buffer: large });
    await expect(photos).toHaveAccessibleDescription(/^A photo may be at most 5 MB\./);
    // Nothing was requested.
    await expect(page).toHaveURL(/\/returns\/new/);
    await page.goto(`/returns?search=${imeis[0]}`);
    await expect(page.getByRole('cell', { name: 'No rows available' })).toBeVisible();
  });
});
