import { and, eq, inArray } from 'drizzle-orm';
import { tenantAmount, tenantDateTime } from '../../../../app/domain/money';
import type { MarketplaceDeps } from '../../context';
import { auctionNotices, users } from '../../db/schema';
import type { MailKey } from '../../locales/en';
import type { LotRow } from './standing';

export type NoticeKind = 'outbid' | 'won' | 'lost' | 'endingSoon' | 'secondChance';

/**
 * The auction e-mails, in the tenant's language, each sent once across replicas: a notice row is
 * claimed (an insert that finds its key taken claims nothing) before its e-mail goes, and released
 * when the mailer fails. Users who turned auction e-mails off get none.
 */
export function createAuctionMail({ db, mailer, t, config }: Pick<MarketplaceDeps, 'db' | 'mailer' | 't' | 'config'>) {
  /** A price of the lots (minor units, as every amount is kept) as the tenant writes money. */
  const amount = tenantAmount(config);
  const money = (minor: number | null) => amount(minor ?? 0);
  const when = tenantDateTime(config);

  return {
    money,
    async send(
      kind: NoticeKind,
      lot: LotRow,
      userIds: number[],
      body: { key: MailKey; values?: Record<string, string | number> }[],
      ref = 0,
    ) {
      if (!userIds.length) return;
      const wanted = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(and(inArray(users.id, [...new Set(userIds)]), eq(users.auctionEmails, true)));
      if (!wanted.length) return;
      const claimed = await db
        .insert(auctionNotices)
        .values(wanted.map((u) => ({ lotId: lot.id, userId: u.id, kind, ref })))
        .onConflictDoNothing()
        .returning({ userId: auctionNotices.userId });
      const values = {
        tenantName: config.tenantName,
        siteTitle: config.siteTitle,
        lot: lot.title,
        price: money(lot.currentPrice),
        endsAt: when(lot.endsAt),
      };
      for (const [i, { userId }] of claimed.entries()) {
        const user = wanted.find((u) => u.id === userId)!;
        await mailer
          .send({
            to: user.email,
            subject: t(`mail.auction.${kind}.subject` as MailKey, values),
            text: [
              t('mail.greeting', { firstName: user.firstName }),
              '',
              ...body.map((part) => t(part.key, { ...values, ...part.values })),
              t('mail.auction.where', values),
              '',
              t('mail.auction.why'),
            ].join('\n'),
          })
          .catch(async (error: unknown) => {
            // This e-mail and those not sent yet are claimed no more: a later run sends them.
            const unsent = claimed.slice(i).map((c) => c.userId);
            await db
              .delete(auctionNotices)
              .where(
                and(
                  eq(auctionNotices.lotId, lot.id),
                  eq(auctionNotices.kind, kind),
                  eq(auctionNotices.ref, ref),
                  inArray(auctionNotices.userId, unsent),
                ),
              );
            throw error;
          });
      }
    },
  };
}

export type AuctionMail = ReturnType<typeof createAuctionMail>;
