import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { ApiFailure } from '~/.server/api/client';
import { offerImportApi } from '~/.server/api/offer-import';
import { requireBuyer } from '~/.server/auth';
import { ErrorSummary, useSubmittedErrors } from '~/components/ErrorSummary';
import { Field } from '~/components/Field';
import { PageHeader } from '~/components/PageHeader';
import { titled } from '~/components/page-title';
import { failureText } from '~/domain/failure-message';
import { IMPORT_LIMITS } from '~/domain/offers/import';
import { QUICK_ORDER_INTENT, quickOrderSchema, readFailureError } from '~/domain/offers/quick-order-form';
import { canBuy } from '~/domain/permissions';
import { useTexts } from '~/i18n/use-texts';
import { quickOrderAction } from './actions.server';

export const meta = titled('pageTitle.quickOrder');

/** The lines of a quick order waiting for review, to change them (none when the import is a file's, or there is none). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { token, user } = await requireBuyer(request, context);
  if (!canBuy(user)) throw redirect('/stock');
  try {
    return { kept: (await offerImportApi.keptText(context, token)).text };
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof ApiFailure && error.status === 404))
      context.logger.error({ err: error }, 'quick order lines not available');
    return { kept: '' };
  }
}

export const action = ({ request, context }: ActionFunctionArgs) => quickOrderAction(request, context);

/**
 * The quick order pad (issue 37, part 2): lines typed or pasted from a spreadsheet, reviewed as a
 * bulk import before anything is saved. Without JavaScript the lines are read on the server and a
 * refusal comes back under the field with the text; with it, REVIEW is refused at once and the
 * lines are read again as the buyer types.
 */
export default function QuickOrderPage() {
  useTexts('importErrors', 'quickOrder');
  const { t, i18n } = useTranslation();
  const actionData = useActionData<typeof action>();
  const { kept } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== 'idle';
  const [form, fields] = useForm({
    id: 'quick-order',
    defaultValue: { lines: kept },
    lastResult: actionData?.result as SubmissionResult<string[]> | undefined,
    shouldValidate: 'onSubmit',
    // Not on leaving the field: REVIEW pressed straight from it lost the field's error between the
    // press and the release, the button moved up from under the pointer, and nothing was sent.
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quickOrderSchema }),
  });
  const submitted = useSubmittedErrors(form, actionData?.result);
  const translate = (key: string, params?: Record<string, unknown>) => (i18n.exists(key) ? t(key, params) : undefined);
  const words = (error: string) => failureText(readFailureError(error), translate);
  const lines = fields.lines;
  return (
    <section className="page quick-order">
      <PageHeader backTo="/stock" backLabel={t('quickOrder.back')} title={t('quickOrder.title')} />
      <p>{t('quickOrder.intro')}</p>
      <Form method="post" {...getFormProps(form)} className="stack quick-order__form">
        <ErrorSummary form={submitted} text={words} />
        <input type="hidden" name="intent" value={QUICK_ORDER_INTENT} />
        <Field
          field={lines}
          label={t('quickOrder.label')}
          type="textarea"
          rows={12}
          autoComplete="off"
          control={{ className: 'quick-order__lines', spellCheck: false, autoCapitalize: 'off' }}
          hint={
            <>
              <p>{t('quickOrder.hint', { rows: IMPORT_LIMITS.rows })}</p>
              <p>{t('quickOrder.example')}</p>
              {/* Two lines as they are typed: an offer with its price, then a purchase at the list price. */}
              <pre className="quick-order__example">{'A1001, LAX, 5, 120\nA1002 LAX 10'}</pre>
            </>
          }
          words={words}
        />
        <p className="muted">{kept ? t('quickOrder.kept') : t('quickOrder.replaces')}</p>
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t('quickOrder.reviewing') : t('quickOrder.review')}
          </button>
        </div>
      </Form>
    </section>
  );
}
