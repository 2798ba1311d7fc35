import { getZodConstraint } from '@conform-to/zod/v4';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { alertsApi } from '~/.server/api/alerts';
import { participantsInView } from '~/.server/network-view';
import { requireBuyer, type SignedIn } from '~/.server/auth';
import { redirectWithToast } from '~/.server/toast';
import { PageHeader } from '~/components/PageHeader';
import { titled } from '~/components/page-title';
import { parseSubmission, refuseForm } from '~/.server/conform';
import { dispatchIntent, fields, readForm } from '~/.server/forms';
import { postedAlertQuantity } from '~/domain/stock/alert-quantity';
import { getTenantConfig } from '~/.server/api/settings';
import { canSetAlerts } from '~/domain/permissions';
import { z } from 'zod';
import { AlertRow, rowFormId } from './AlertRow';
import { useTexts } from '~/i18n/use-texts';

export const meta = titled('alerts.title');

const canAlert = canSetAlerts;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  if (!canAlert(user)) return { allowed: false as const };
  const participants = (await participantsInView(context, token)).filter((p) => p.hasSettings);
  const lists = await Promise.all(
    participants.map(async (p) => {
      try {
        const alerts = await alertsApi.list(context, token, p.pxnParticipantId);
        return Object.values(alerts).map((alert) => ({ ...alert, participantId: p.pxnParticipantId }));
      } catch (error) {
        if (error instanceof Response) throw error;
        context.logger.error({ err: error }, 'stock alerts not available');
        return [];
      }
    }),
  );
  return { allowed: true as const, alerts: lists.flat(), constraint: updateConstraint };
}

const rowKey = { participantId: fields.key(100), itemNumberWarehouse: fields.key() };
const updateSchema = z.object({
  intent: z.literal('update'),
  ...rowKey,
  quantity: fields.typed(20, 'entry.errors.tooLarge'),
});
const deleteSchema = z.object({ intent: z.literal('delete'), ...rowKey });
const updateConstraint = getZodConstraint(updateSchema);

/** UPDATE or DELETE of one alert row: each a named function below, the intent a closed set. */
export async function action({ request, context }: ActionFunctionArgs) {
  const buyer = await requireBuyer(request, context);
  const form = await readForm(request);
  return dispatchIntent(form, {
    update: (form) => updateAlert(form, context, buyer),
    delete: (form) => deleteAlert(form, context, buyer),
  });
}

/** The reply names the row by its hidden keys as sent (keys that are not sound name no row). */
const postedRowId = (form: FormData) =>
  rowFormId(String(form.get('participantId')), String(form.get('itemNumberWarehouse')));

const notAllowed = () => redirectWithToast('/stock-alerts', { type: 'error', key: 'alerts.notAllowed' });

/** Update and delete failures are logged with no user message (spec 1 §8); the list shows as it is. */
async function orListAsItIs<A>(context: ActionFunctionArgs['context'], change: () => Promise<A>) {
  try {
    return await change();
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.error({ err: error }, 'stock alert change failed');
    return redirect('/stock-alerts');
  }
}

/** A row's UPDATE: a quantity the rules refuse stays in its field with the error. */
async function updateAlert(form: FormData, context: ActionFunctionArgs['context'], { token, user }: SignedIn) {
  const submission = parseSubmission(form, updateSchema);
  if (submission.status !== 'success') return refuseForm(postedRowId(form), submission);
  if (!canAlert(user)) return notAllowed();
  const { participantId, itemNumberWarehouse, quantity } = submission.value;
  return orListAsItIs(context, async () => {
    const entry = postedAlertQuantity(quantity, (await getTenantConfig(context)).language);
    if (!('quantity' in entry))
      return refuseForm(postedRowId(form), submission, {
        fieldErrors: { quantity: [entry.error] },
        values: { quantity: entry.value },
      });
    await alertsApi.update(context, token, participantId, itemNumberWarehouse, entry.quantity);
    return redirectWithToast('/stock-alerts', { type: 'success', key: 'alerts.updated' });
  });
}

/** A row's DELETE. */
async function deleteAlert(form: FormData, context: ActionFunctionArgs['context'], { token, user }: SignedIn) {
  const submission = parseSubmission(form, deleteSchema);
  if (submission.status !== 'success') return refuseForm(postedRowId(form), submission);
  if (!canAlert(user)) return notAllowed();
  const { participantId, itemNumberWarehouse } = submission.value;
  return orListAsItIs(context, async () => {
    await alertsApi.remove(context, token, participantId, itemNumberWarehouse);
    return redirectWithToast('/stock-alerts', { type: 'success', key: 'alerts.deleted' });
  });
}

export default function StockAlertsPage() {
  useTexts('alerts', 'entry', 'offers');
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="page stock-alerts-page">
      <PageHeader backTo="/stock" backLabel={t('alerts.back')} title={t('alerts.title')} />
      {!data.allowed ? (
        <p>{t('alerts.notAllowed')}</p>
      ) : data.alerts.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">{t('alerts.emptyTitle')}</p>
          <p>{t('alerts.emptyText')}</p>
        </div>
      ) : (
        <ul className="alert-rows">
          {data.alerts.map((alert) => (
            <AlertRow
              key={`${alert.participantId}|${alert.itemNumberWarehouse}|${alert.quantity}`}
              alert={alert}
              constraint={data.constraint}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
