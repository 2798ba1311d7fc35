import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { z } from 'zod';
import { emailNotificationsApi } from '~/.server/api/email-notifications';
import { canViewAuctions } from '~/.server/auctions-access';
import { requireBuyer } from '~/.server/auth';
import { parseButtons } from '~/.server/conform';
import { intentOf, readForm } from '~/.server/forms';
import { failureToast, redirectWithToast } from '~/.server/toast';
import { titled } from '~/components/page-title';
import { useTexts } from '~/i18n/use-texts';

export const meta = titled('pageTitle.notifications');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  return { ...(await emailNotificationsApi.read(context, token)), auctions: canViewAuctions(user) };
}

/** A checkbox posts its value only when ticked. */
const preferenceSchema = z.object({
  intent: z.literal('save'),
  offerAnswerEmails: z.literal('on').optional(),
  auctionEmails: z.literal('on').optional(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  const form = await readForm(request);
  intentOf(form, ['save'] as const);
  const { offerAnswerEmails, auctionEmails } = parseButtons(form, preferenceSchema);
  try {
    // The auction box is on the form only for users who see auctions: for others it is left as it is.
    await emailNotificationsApi.set(context, token, {
      offerAnswerEmails: offerAnswerEmails === 'on',
      ...(canViewAuctions(user) ? { auctionEmails: auctionEmails === 'on' } : {}),
    });
    return redirectWithToast('/notifications', { type: 'success', key: 'notifications.saved' });
  } catch (error) {
    if (error instanceof Response) throw error;
    return redirectWithToast('/notifications', failureToast(error, 'notifications.failed'));
  }
}

/**
 * E-mail notifications, from the user menu: whether the seller's answers to the user's offers are
 * e-mailed (issue 37), and the auction e-mails (issue 53) for users who see auctions.
 */
/** One e-mail preference: its box (posted as "on" only when ticked) and the hint under it. */
function PreferenceBox({ name, checked }: { name: 'offerAnswerEmails' | 'auctionEmails'; checked: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <p>
        <label>
          <input type="checkbox" name={name} defaultChecked={checked} key={String(checked)} />{' '}
          {t(`notifications.${name}`)}
        </label>
      </p>
      <p className="muted">{t(`notifications.${name}Hint`)}</p>
    </>
  );
}

export default function NotificationsPage() {
  useTexts('notifications');
  const { offerAnswerEmails, auctionEmails, auctions } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  return (
    <section className="page">
      <h1>{t('notifications.title')}</h1>
      <Form method="post" className="notifications-form">
        <PreferenceBox name="offerAnswerEmails" checked={offerAnswerEmails} />
        {auctions ? <PreferenceBox name="auctionEmails" checked={auctionEmails} /> : null}
        <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
          {t('notifications.save')}
        </button>
      </Form>
    </section>
  );
}
