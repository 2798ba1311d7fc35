import { createUser, expect, signIn, test } from './support/fixtures';

test.describe('bad input and tampering', () => {
  test('a tampered session cookie reads as signed out', async ({ page, context, baseURL }) => {
    const user = await createUser();
    await page.goto('/');
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/stock$/);
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === '__session')!;
    await context.clearCookies();
    await context.addCookies([{ ...session, value: `${session.value.slice(0, -4)}AAAA` }]);
    const response = await page.goto('/stock');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`${baseURL}/\\?redirectTo=`));
  });

  test('a POST from another origin is refused', async ({ request }) => {
    const response = await request.post('/', {
      headers: { origin: 'https://evil.example.com' },
      form: { intent: 'sign-in', email: 'buyer@example.com', password: 'x' },
    });
    expect(response.status()).toBe(403);
  });

  test('an unknown intent is a 400, not a 500', async ({ request }) => {
    const response = await request.post('/?index', { form: { intent: 'explode' } });
    expect(response.status()).toBe(400);
  });

  test('the tenant API answers a bad body with a 400', async ({ request }) => {
    const response = await request.post('/px-api-gateway/identity/sign-in', {
      data: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status()).toBe(400);
    const unauthenticated = await request.get('/px-api-gateway/user-info');
    expect(unauthenticated.status()).toBe(401);
  });

  test('responses carry a CSP with a nonce and health endpoints answer', async ({ request }) => {
    const page = await request.get('/');
    expect(page.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect((await request.get('/healthz')).status()).toBe(200);
    expect((await request.get('/readyz')).status()).toBe(200);
  });
});
