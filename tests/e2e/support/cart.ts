import type { Page } from '@playwright/test';

/** On the cart page: chooses every entry of one warehouse's box (its menu's All items) and presses one of the box's buttons. */
export async function fromCartBox(
  page: Page,
  warehouse: string,
  button: 'CHECKOUT' | 'ADD TO EXISTING ORDER' = 'CHECKOUT',
) {
  const box = page.getByRole('region', { name: warehouse });
  await box.locator('.menu-button > summary').click();
  await box.getByRole('button', { name: 'All items' }).click();
  await box.getByRole('button', { name: button }).click();
}
