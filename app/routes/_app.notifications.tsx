import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { z } from 'zod';
import { offerAnswerEmailsApi } from '~/.server/api/offer-answer-emails';
import { endsSession, requireBuyer, signOutOnForbidden } from '~/.server/auth';
import { parseButtons } from '~/.server/conform';
import { intentOf, readForm } from '~/.server/forms';
import { failureToast, redirectWithToast } from '~/.server/toast';
import { titled } from '~/components/page-title';
import { useTexts } from '~/i18n/use-texts';

export const meta = titled('pageTitle.notifications');

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  try {
    return await offerAnswerEmailsApi.read(context, token);
  } catch (error) {
    return signOutOnForbidden(request, error);
  }
}

/** A checkbox posts its value only when ticked. */
const preferenceSchema = z.object({ intent: z.literal('save'), offerAnswerEmails: z.literal('on').optional() });

export async function action({ request, context }: ActionFunctionArgs) {
  const { token } = await requireBuyer(request, context);
  const form = await readForm(request);
  intentOf(form, ['save'] as const);
  const { offerAnswerEmails } = parseButtons(form, preferenceSchema);
  try {
    await offerAnswerEmailsApi.set(context, token, offerAnswerEmails === 'on');
    return redirectWithToast('/notifications', { type: 'success', key: 'notifications.saved' });
  } catch (error) {
    if (endsSession(error)) return signOutOnForbidden(request, error);
    return redirectWithToast('/notifications', failureToast(error, 'notifications.failed'));
  }
}

/** E-mail notifications (issue 37), from the user menu: whether the seller's answers to the user's offers are e-mailed. */
export default function NotificationsPage() {
  useTexts('notifications');
  const { offerAnswerEmails } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  return (
    <section className="page">
      <h1>{t('notifications.title')}</h1>
      <Form method="post" className="notifications-form">
        <p>
          <label>
            <input
              type="checkbox"
              name="offerAnswerEmails"
              defaultChecked={offerAnswerEmails}
              key={String(offerAnswerEmails)}
            />{' '}
            {t('notifications.offerAnswerEmails')}
          </label>
        </p>
        <p className="muted">{t('notifications.offerAnswerEmailsHint')}</p>
        <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
          {t('notifications.save')}
        </button>
      </Form>
    </section>
  );
}
