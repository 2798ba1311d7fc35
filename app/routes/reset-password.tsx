import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
} from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { ApiFailure } from '~/.server/api/client';
import { retryAfterFromAction, signInsBusy } from '~/.server/api/busy';
import { identityApi } from '~/.server/api/identity';
import { refuseWhenDeactivated } from '~/.server/deactivated';
import { dispatchIntent, readForm } from '~/.server/forms';
import { storeLoginMessage } from '~/.server/login-message';
import { redirectWithToast } from '~/.server/toast';
import { ErrorSummary, useSubmittedErrors } from '~/components/ErrorSummary';
import { Field } from '~/components/Field';
import { titled } from '~/components/page-title';
import { PasswordRules } from '~/components/PasswordRules';
import { PublicLayout } from '~/components/PublicLayout';
import { useHydrated } from '~/components/use-hydrated';
import { resetPasswordSchema, sendCodeSchema } from '~/domain/auth-forms';
import { isStrongPassword } from '~/domain/password-rules';
import { isEmail } from '~/domain/validators';
import { useTexts } from '~/i18n/use-texts';
import { parseSubmission } from '~/.server/conform';
import { ErrorPage } from '~/components/ErrorPage';

const INTENT_SEND_CODE = 'send-code';
const INTENT_RESET = 'reset';

export const meta = titled('reset.title');

export const headers: HeadersFunction = retryAfterFromAction;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await refuseWhenDeactivated(context);
  const url = new URL(request.url);
  const oneStep = url.searchParams.get('resetPswdFromEmail') === 'true';
  const email = url.searchParams.get('email') ?? '';
  return { oneStep, email: isEmail(email) ? email : '' };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await refuseWhenDeactivated(context);
  const formData = await readForm(request);
  return dispatchIntent(formData, {
    [INTENT_SEND_CODE]: (form) => sendCode(form, context),
    [INTENT_RESET]: (form) => resetPassword(form, request, context),
  });
}

/** The first step: the identity service e-mails a code to the address, and the page asks for it. */
async function sendCode(form: FormData, context: ActionFunctionArgs['context']) {
  const submission = parseSubmission(form, sendCodeSchema);
  if (submission.status !== 'success') return data({ result: submission.reply(), message: null }, { status: 400 });
  try {
    await identityApi.forgotPassword(context, submission.value.email);
  } catch (error) {
    return serviceFailure(submission, error, context);
  }
  return redirect(`/reset-password?${new URLSearchParams({ email: submission.value.email })}`);
}

/** The second step: the code and a new password; done, the buyer signs in with it. */
async function resetPassword(form: FormData, request: Request, context: ActionFunctionArgs['context']) {
  const submission = parseSubmission(form, resetPasswordSchema);
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['newPassword'] }), message: null }, { status: 400 });
  }
  const { email, code, newPassword } = submission.value;
  try {
    await identityApi.resetPassword(context, email, code, newPassword);
  } catch (error) {
    return serviceFailure(submission, error, context);
  }
  // From the e-mailed link (the reset an operator starts): the sign-in page says so itself, once.
  if (new URL(request.url).searchParams.get('resetPswdFromEmail') === 'true') {
    return redirect('/', {
      headers: { 'Set-Cookie': await storeLoginMessage({ kind: 'adminReset', key: 'login.adminResetSuccess' }) },
    });
  }
  return redirectWithToast('/', { type: 'success', key: 'reset.success' });
}

/** The identity service's own message, as the error catalogue says for password reset. */
function serviceFailure(
  submission: { reply: (options: { hideFields?: string[] }) => unknown },
  error: unknown,
  context: ActionFunctionArgs['context'],
) {
  const busy = signInsBusy(error);
  if (busy)
    return data(
      { result: submission.reply({ hideFields: ['newPassword'] }), message: 'login.busy', detail: null },
      { status: 503, headers: busy },
    );
  const known = error instanceof ApiFailure && error.status < 500;
  if (!known) context.logger.error({ err: error }, 'password reset failed');
  const message = known
    ? error.messageCode
      ? `errors.${error.messageCode}`
      : 'errors.badRequest'
    : 'errors.unavailable';
  const detail = known ? (error.serverMessage ?? null) : null;
  return data(
    { result: submission.reply({ hideFields: ['newPassword'] }), message, detail },
    { status: known ? 400 : 503 },
  );
}

export default function ResetPassword() {
  useTexts('footer', 'login', 'password', 'reset');
  const { t } = useTranslation();
  const { oneStep, email } = useLoaderData<typeof loader>();
  const askCode = oneStep || Boolean(email);
  return (
    <PublicLayout title={t('reset.title')}>
      {askCode ? <ResetForm email={email} oneStep={oneStep} /> : <SendCodeForm />}
      <p className="public-links">
        <Link to="/">{t('reset.back')}</Link>
      </p>
    </PublicLayout>
  );
}

/** What the identity service said of a refused submit, as the error summary's first sentence. */
function RefusalLead() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  if (!actionData?.message) return null;
  return <p>{t(actionData.message, { defaultValue: ('detail' in actionData && actionData.detail) || undefined })}</p>;
}

function SendCodeForm() {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useForm({
    id: 'send-code',
    lastResult: actionData?.result as never,
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sendCodeSchema }),
  });
  const submitted = useSubmittedErrors(form, actionData?.result);
  return (
    <>
      <p>{t('reset.intro')}</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <ErrorSummary form={submitted} lead={actionData?.message ? <RefusalLead /> : null} />
        <input type="hidden" name="intent" value={INTENT_SEND_CODE} />
        <Field field={fields.email} label={t('reset.email')} type="email" autoComplete="email" />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('reset.sendCode')}
        </button>
      </Form>
    </>
  );
}

function ResetForm({ email, oneStep }: { email: string; oneStep: boolean }) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const busy = useNavigation().state === 'submitting';
  const [password, setPassword] = useState('');
  const [form, fields] = useForm({
    id: 'reset-password',
    lastResult: actionData?.result as never,
    defaultValue: { email },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });
  const submitted = useSubmittedErrors(form, actionData?.result);
  return (
    <>
      <p>{oneStep ? t('reset.introOneStep') : t('reset.codeSent', { email })}</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <ErrorSummary
          form={submitted}
          order={['email', 'code', 'newPassword']}
          lead={actionData?.message ? <RefusalLead /> : null}
        />
        <input type="hidden" name="intent" value={INTENT_RESET} />
        {oneStep ? (
          <Field field={fields.email} label={t('reset.email')} type="email" autoComplete="username" />
        ) : (
          <input type="hidden" name="email" value={email} />
        )}
        <Field
          field={fields.code}
          label={t('reset.code')}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
        />
        <Field
          field={fields.newPassword}
          label={t('reset.newPassword')}
          type="password"
          autoComplete="new-password"
          describedBy="reset-password-rules"
          onInput={setPassword}
        />
        <PasswordRules id="reset-password-rules" password={password} />
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || (hydrated && !isStrongPassword(password))}
        >
          {t('reset.submit')}
        </button>
      </Form>
      {oneStep ? null : (
        <p>
          <Link to="/reset-password">{t('reset.otherEmail')}</Link>
        </p>
      )}
    </>
  );
}

/** Its own error page, so that the root's data (the tenant's theme, language and title) is still read. */
export { ErrorPage as ErrorBoundary };
