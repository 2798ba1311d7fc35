import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { MarketplaceDeps, MarketplaceEnv } from '../context';
import { buyers, participants, users } from '../db/schema';
import { jsonBody } from './validate';
import { STOCK_LIST_LAYOUTS } from '../../../app/domain/stock/layout';

/** The bodies the user's preference calls read (described by the OpenAPI document). */
export const userBodies = {
  // Any of the preferences: the daily report (spec 1), e-mails on offer answers (issue 37) and auction e-mails (issue 53).
  NotificationPreferenceChange: z
    .object({
      stockReportNotification: z.boolean().optional(),
      offerAnswerEmails: z.boolean().optional(),
      auctionEmails: z.boolean().optional(),
    })
    .refine((b) => Object.keys(b).length > 0)
    .meta({ minProperties: 1 }),
  DisplayPreferenceChange: z.object({ stockListLayout: z.enum(STOCK_LIST_LAYOUTS) }),
};

export function userRoutes({ db }: MarketplaceDeps) {
  return (
    new Hono<MarketplaceEnv>()
      .get('/user-info', async (c) => {
        const user = c.get('user');
        const [buyer] = user.buyerId ? await db.select().from(buyers).where(eq(buyers.id, user.buyerId)) : [];
        const [participant] = buyer?.participantId
          ? await db.select().from(participants).where(eq(participants.id, buyer.participantId))
          : [];
        const [display] = await db
          .select({ stockListLayout: users.stockListLayout })
          .from(users)
          .where(eq(users.id, user.id));
        return c.json({
          userId: user.id,
          username: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          isBuyer: user.isBuyer && Boolean(buyer),
          isRoleBuyer: user.isBuyer && Boolean(buyer),
          buyerName: buyer?.name ?? null,
          isProspect: buyer?.isProspect ?? false,
          isPxns: participant?.isPxns ?? false,
          pxParticipantId: participant?.id ?? null,
          salesRep: {
            salesRepEmail: buyer?.salesRepEmail ?? null,
            salesRepPhone: buyer?.salesRepPhone ?? null,
            salesRepWhatApp: buyer?.salesRepWhatsApp ?? null,
          },
          authorities: user.authorities,
          authoritiesRevision: user.authoritiesRevision ?? 1,
          stockListLayout: display?.stockListLayout ?? 'cards',
        });
      })
      .get('/security/authorities', (c) => c.json(c.get('user').authorities))
      // Asked by the portal on every request: answered from the session row the guard already holds, no query.
      .get('/security/authorities/revision', (c) =>
        c.json({ authoritiesRevision: c.get('user').authoritiesRevision ?? 1 }),
      )
      .get('/user/notification-preference', async (c) => {
        const [row] = await db
          .select()
          .from(users)
          .where(eq(users.id, c.get('user').id));
        return c.json({
          stockReportNotification: row?.stockReportNotification ?? false,
          offerAnswerEmails: row?.offerAnswerEmails ?? true,
          auctionEmails: row?.auctionEmails ?? true,
        });
      })
      .put('/user/notification-preference', async (c) => {
        const body = await jsonBody(c, userBodies.NotificationPreferenceChange);
        const [row] = await db
          .update(users)
          .set(body)
          .where(eq(users.id, c.get('user').id))
          .returning({
            stockReportNotification: users.stockReportNotification,
            offerAnswerEmails: users.offerAnswerEmails,
            auctionEmails: users.auctionEmails,
          });
        return c.json(row ?? body);
      })
      // How the user's stock list shows its groups (issue 37): kept per user, so it follows them to any browser.
      .put('/user/display-preference', async (c) => {
        const body = await jsonBody(c, userBodies.DisplayPreferenceChange);
        await db
          .update(users)
          .set(body)
          .where(eq(users.id, c.get('user').id));
        return c.json(body);
      })
  );
}
