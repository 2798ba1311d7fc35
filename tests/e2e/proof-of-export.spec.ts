import type { Page } from '@playwright/test';
import { admin, ALL_AUTHORITIES, createUser, expect, test, openSignedIn } from './support/fixtures';

/** A file as the browser sends one chosen from disk: its type goes by its name's extension. */
const file = (name: string, buffer: Buffer) => ({
  name,
  mimeType: name.endsWith('.png') ? 'image/png' : 'application/pdf',
  buffer,
});
const PDF = file('declaration.pdf', Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'));
const PNG = file('lading.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
const TEXT = file('notes.pdf', Buffer.from('these are not the documents you are looking for'));
const EMPTY = file('empty.pdf', Buffer.alloc(0));
const HUGE = file('huge.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(11 * 1024 * 1024, 0x20)]));

async function signInOwing(page: Page) {
  const user = await createUser({ authorities: ALL_AUTHORITIES });
  await admin('POST', '/documents', {
    email: user.email,
    documents: [
      { documentName: 'Export declaration', documentDescription: ['Stamped by the customs office of exit'] },
      { documentName: 'Bill of lading', documentDescription: [] },
    ],
  });
  await openSignedIn(page, '/dashboard', user);
  const dialog = page.getByRole('dialog', { name: 'Provide Proof of Export Document' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('proof of export', () => {
  test('upload one document, even after the upload address expired; cancel; the rest; then Thank You!', async ({
    page,
    javaScriptOn,
    expectNoAxeViolations,
  }) => {
    // Two uploads and three axe runs (each a page of its own without JavaScript): a long journey.
    test.setTimeout(90_000);
    const dialog = await signInOwing(page);
    await expect(dialog.getByText('Stamped by the customs office of exit')).toBeVisible();
    await expectNoAxeViolations(page);
    await admin('POST', '/documents/expire-tokens');
    // Why the buyer is asked, in one sentence.
    await expect(dialog.getByText(/Devices sold for export must be shown to have left the country\./)).toBeVisible();
    await dialog.getByRole('group', { name: 'Export declaration' }).getByLabel(/file/).setInputFiles(PDF);
    // The chosen file is named once: with scripts by our line, without them by the browser's own field.
    if (javaScriptOn) {
      await expect(dialog.getByText('declaration.pdf', { exact: true })).toHaveCount(1);
      expect(
        await dialog
          .locator('input[type=file]')
          .first()
          .evaluate((el) => el.getBoundingClientRect().width),
      ).toBeLessThanOrEqual(1);
    }
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(
      page.getByText(
        "Proof of Export Document uploaded successfully. We'll notify you by email after we verify the docs you have uploaded.",
      ),
    ).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Export declaration' })).toHaveCount(0);
    await expect(dialog.getByRole('group', { name: 'Bill of lading' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await page.goto('/stock');
    await expect(dialog).toHaveCount(0);

    // Cancel hides the dialog for the browser session; the shell keeps a way back while documents are owed.
    await expect(page.getByText('Proof of Export documents to provide: 1.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Provide Proof of Export Document' }).click();
    await expect(page).toHaveURL(/\/stock\?poe=1$/);
    await dialog.getByRole('group', { name: 'Bill of lading' }).getByLabel(/file/).setInputFiles(PNG);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText(/Proof of Export Document uploaded successfully/)).toBeVisible();
    // Nothing is owed any more: the dialog says so, and the banner is gone.
    await expect(dialog.getByText('Thank You!')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto('/stock');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Provide Proof of Export Document' })).toHaveCount(0);
  });

  test('no file, a wrong type, an empty file and one over 10 MB are refused with a clear message', async ({ page }) => {
    const dialog = await signInOwing(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByText('Please upload Proof of Export Document.')).toBeVisible();
    const field = () => dialog.getByRole('group', { name: 'Export declaration' }).getByLabel(/file/);
    for (const [upload, message] of [
      [TEXT, 'Only PDF, PNG and JPEG files can be uploaded.'],
      [EMPTY, 'The file is empty: please choose another one.'],
      [HUGE, 'A file is larger than 10 MB: please upload a smaller one.'],
    ] as const) {
      await field().setInputFiles(upload);
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await expect(dialog.getByRole('group', { name: 'Export declaration' })).toBeVisible();
  });
});
