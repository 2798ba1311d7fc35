import { afterAll, beforeAll, expect, it } from 'vitest';
import { loader } from '../../app/routes/_app.cart/route';
import { portalContext, startTestMarketplace } from './harness';
import { demoBuyerSession } from './support/signed-in';
import { answerData } from '../support/route-answer';

let harness: Awaited<ReturnType<typeof startTestMarketplace>>;
beforeAll(async () => {
  harness = await startTestMarketplace();
});
afterAll(() => harness.close());

it('cart settings that fail to load are a message with the server’s words, and the cart still shows (spec 2 §8)', async () => {
  // The real marketplace, except that its cart settings call fails.
  const context = portalContext(async (request) =>
    new URL(request.url).pathname.endsWith('/cart/settings')
      ? Response.json(
          { statusCode: 500, messageCode: 'settingsDown', message: 'Cart settings are down' },
          { status: 500 },
        )
      : harness.marketplace.fetch(request),
  );
  const { cookie } = await demoBuyerSession(context);
  const response = await loader({
    request: new Request('http://portal/cart', { headers: { cookie } }),
    context,
    params: {},
  });
  const data = await answerData(response);
  expect(data).toMatchObject({
    allowed: true,
    messages: null,
    settingsFailure: { messageCode: 'settingsDown', text: 'Cart settings are down' },
  });
  expect(Array.isArray(data.boxes)).toBe(true);
});
