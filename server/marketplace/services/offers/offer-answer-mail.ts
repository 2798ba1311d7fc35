import { and, desc, eq, inArray, like } from 'drizzle-orm';
import { formatMoney, tenantDateTime, tenantMoneyFormat } from '../../../../app/domain/money';
import type { MarketplaceDeps } from '../../context';
import { offerHistory, type offers, stockItems, users } from '../../db/schema';

/** A seller's answer to an offer: the offer row as the answer left it. */
export type OfferAnswer = Pick<
  typeof offers.$inferSelect,
  | 'id'
  | 'participantId'
  | 'itemNumberWarehouse'
  | 'status'
  | 'offerQuantity'
  | 'offerPrice'
  | 'counterPrice'
  | 'checkOutPrice'
  | 'acceptedOrCounteredExpirationDate'
>;

const ANSWER_KEYS: Partial<
  Record<string, 'mail.offerAnswered.countered' | 'mail.offerAnswered.accepted' | 'mail.offerAnswered.rejected'>
> = {
  COUNTERED: 'mail.offerAnswered.countered',
  ACCEPTED: 'mail.offerAnswered.accepted',
  NOT_ACCEPTED: 'mail.offerAnswered.rejected',
};

/**
 * The e-mail a buyer gets when the seller answers an offer (issue 37): to the user who last placed or
 * changed it, when that user has not turned these e-mails off, in the tenant's language.
 */
export function createOfferAnswerMail({
  db,
  mailer,
  t,
  config,
}: Pick<MarketplaceDeps, 'db' | 'mailer' | 't' | 'config'>) {
  const money = (amount: number) => formatMoney(amount, tenantMoneyFormat(config));

  /** Who last acted on each offer for the buyer: the history's newest `buyer:<user id>` row. */
  async function placersOf(offerIds: number[]): Promise<Map<number, number>> {
    const rows = await db
      .selectDistinctOn([offerHistory.offerId], { offerId: offerHistory.offerId, actor: offerHistory.actor })
      .from(offerHistory)
      .where(and(inArray(offerHistory.offerId, offerIds), like(offerHistory.actor, 'buyer:%')))
      .orderBy(offerHistory.offerId, desc(offerHistory.id));
    return new Map(rows.map((r) => [r.offerId, Number(r.actor.slice('buyer:'.length))]));
  }

  return {
    async send(answers: OfferAnswer[]) {
      const answered = answers.filter((a) => ANSWER_KEYS[a.status]);
      if (!answered.length) return;
      const placers = await placersOf(answered.map((a) => a.id));
      const userIds = [...new Set(placers.values())].filter(Number.isInteger);
      if (!userIds.length) return;
      const recipients = new Map(
        (
          await db
            .select({ id: users.id, email: users.email, firstName: users.firstName })
            .from(users)
            .where(and(inArray(users.id, userIds), eq(users.offerAnswerEmails, true)))
        ).map((u) => [u.id, u]),
      );
      for (const answer of answered) {
        const user = recipients.get(placers.get(answer.id) ?? 0);
        if (!user) continue;
        const [item] = await db
          .select({ description: stockItems.skuDescription, itemNumber: stockItems.itemNumber })
          .from(stockItems)
          .where(
            and(
              eq(stockItems.participantId, answer.participantId),
              eq(stockItems.itemNumberWarehouse, answer.itemNumberWarehouse),
            ),
          );
        const values = {
          item: item?.description ?? answer.itemNumberWarehouse,
          itemNumber: item?.itemNumber ?? answer.itemNumberWarehouse,
          quantity: answer.offerQuantity,
          offered: money(answer.offerPrice),
          price: money(answer.counterPrice ?? answer.checkOutPrice ?? answer.offerPrice),
          until: answer.acceptedOrCounteredExpirationDate
            ? tenantDateTime(config)(answer.acceptedOrCounteredExpirationDate)
            : '',
        };
        await mailer.send({
          to: user.email,
          subject: t('mail.offerAnswered.subject', { tenantName: config.tenantName, item: values.item }),
          text: [
            t('mail.greeting', { firstName: user.firstName }),
            '',
            t(ANSWER_KEYS[answer.status]!, values),
            t('mail.offerAnswered.where', { siteTitle: config.siteTitle }),
            '',
            t('mail.offerAnswered.why'),
          ].join('\n'),
        });
      }
    },
  };
}
