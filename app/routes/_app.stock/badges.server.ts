import type { AppLoadContext } from '@remix-run/node';
import { alertsApi } from '~/.server/api/alerts';
import { cartApi } from '~/.server/api/cart';
import { ApiFailure } from '~/.server/api/client';
import type { ParticipantWarehouses } from '~/.server/api/stock';
import { entriesInView } from '~/domain/network';

/**
 * The stock list's badges count what the buyer has across every participant they see (the network's
 * only in the network view), as the cart page does, not only on the participant being viewed. A
 * failure is only logged (spec 1 §8): the badge then shows nothing rather than a wrong number.
 */
export async function badgeCounts(
  context: AppLoadContext,
  token: string,
  participants: readonly ParticipantWarehouses[],
  { canBuy, canAlert }: { canBuy: boolean; canAlert: boolean },
  /** Alert lists the page asked for already (by participant), not asked for twice. */
  known: Record<string, Promise<Record<string, unknown>>> = {},
): Promise<{ cartCount: number; alertCount: number }> {
  const [cartCount, alertCount] = await Promise.all([
    canBuy
      ? quietly(context, 'cart', async () => entriesInView(await cartApi.items(context, token), participants).length)
      : 0,
    canAlert
      ? Promise.all(
          participants
            .filter((p) => p.hasSettings)
            .map((p) =>
              quietly(
                context,
                'stock alerts',
                async () =>
                  Object.keys(await (known[p.pxnParticipantId] ?? alertsApi.list(context, token, p.pxnParticipantId)))
                    .length,
              ),
            ),
        ).then((counts) => counts.reduce((sum, n) => sum + n, 0))
      : 0,
  ]);
  return { cartCount, alertCount };
}

async function quietly(context: AppLoadContext, what: string, count: () => Promise<number>): Promise<number> {
  try {
    return await count();
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 403) throw error;
    context.logger.error({ err: error }, `${what} count not available`);
    return 0;
  }
}
