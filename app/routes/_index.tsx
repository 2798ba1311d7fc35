import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { ApiFailure } from '~/.server/api/client';
import { retryAfterFromAction, signInsBusy } from '~/.server/api/busy';
import { identityApi } from '~/.server/api/identity';
import {
  completeSignIn,
  getSignedIn,
  keepChallenge,
  signInAuthenticator,
  UserInfoUnreadableError,
  WrongWebsiteError,
} from '~/.server/auth';
import { refuseWhenDeactivated } from '~/.server/deactivated';
import { dispatchIntent, readForm } from '~/.server/forms';
import { readLoginMessage, storeLoginMessage, type StoredMessage } from '~/.server/login-message';
import { readSession } from '~/.server/request-session';
import { ErrorSummary, useSubmittedErrors } from '~/components/ErrorSummary';
import { Field } from '~/components/Field';
import { PasswordRules } from '~/components/PasswordRules';
import { PublicLayout } from '~/components/PublicLayout';
import { useHydrated } from '~/components/use-hydrated';
import { useTenant } from '~/components/use-tenant';
import { newPasswordSchema, signInSchema } from '~/domain/auth-forms';
import { isStrongPassword } from '~/domain/password-rules';
import { isWebAddress } from '~/domain/web-address';
import { safeRedirect } from '~/domain/safe-redirect';
import type { RootData } from '~/root';
import { useTexts } from '~/i18n/use-texts';
import { parseSubmission } from '~/.server/conform';
import { ErrorPage } from '~/components/ErrorPage';

const INTENT_SIGN_IN = 'sign-in';
const INTENT_NEW_PASSWORD = 'new-password';
const INTENT_CANCEL_CHALLENGE = 'cancel-challenge';

export const meta: MetaFunction<typeof loader, { root: RootData }> = ({ matches }) => {
  const root = matches.find((m) => m.id === 'root')?.data;
  return [{ title: root?.config.siteTitle ?? 'Sign in' }];
};

export const headers: HeadersFunction = retryAfterFromAction;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get('redirectTo') ?? '';
  if (await getSignedIn(request, context)) throw redirect(safeRedirect(redirectTo));
  const challenge = (await readSession(request, context)).get('challenge');
  const stored = await readLoginMessage(request);
  return data(
    { redirectTo, challengeEmail: challenge?.email ?? null, storedMessage: stored.message },
    { headers: stored.setCookie ? { 'Set-Cookie': stored.setCookie } : {} },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await refuseWhenDeactivated(context);
  // The sign-in strategy reads the body again, so the bounded reader takes a copy.
  const formData = await readForm(request.clone());
  return dispatchIntent(formData, {
    [INTENT_SIGN_IN]: (form) => signIn(request, context, form),
    [INTENT_NEW_PASSWORD]: (form) => completeNewPassword(request, context, form),
    [INTENT_CANCEL_CHALLENGE]: () => cancelChallenge(request, context),
  });
}

/** Back from the forced new password to the sign-in form: the challenge is forgotten. */
async function cancelChallenge(request: Request, context: ActionFunctionArgs['context']) {
  (await readSession(request, context)).unset('challenge');
  return redirect('/');
}

async function signIn(request: Request, context: ActionFunctionArgs['context'], formData: FormData) {
  const submission = parseSubmission(formData, signInSchema);
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }), message: null }, { status: 400 });
  }
  const redirectTo = submission.value.redirectTo ?? '';
  try {
    const outcome = await signInAuthenticator(context).authenticate('form', request);
    if (outcome.status === 'NEW_PASSWORD_REQUIRED') {
      await keepChallenge(request, context, {
        session: outcome.session,
        email: submission.value.email,
        redirectTo,
      });
      return redirect(`/?${new URLSearchParams(redirectTo ? { redirectTo } : {})}`);
    }
    return await completeSignIn(request, context, outcome, redirectTo);
  } catch (error) {
    if (error instanceof WrongWebsiteError) return wrongWebsite(redirectTo);
    return signInFailure(submission, error, context);
  }
}

/** A user who is not a buyer: the page shows, once, where to sign in instead (a Tenant Website link). */
async function wrongWebsite(redirectTo: string) {
  const message: StoredMessage = { kind: 'tenantWebsite', key: 'login.wrongWebsite' };
  return redirect(`/?${new URLSearchParams(redirectTo ? { redirectTo } : {})}`, {
    headers: { 'Set-Cookie': await storeLoginMessage(message) },
  });
}

async function completeNewPassword(request: Request, context: ActionFunctionArgs['context'], formData: FormData) {
  const submission = parseSubmission(formData, newPasswordSchema);
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['newPassword'] }), message: null }, { status: 400 });
  }
  const challenge = (await readSession(request, context)).get('challenge');
  if (!challenge)
    return data({ result: submission.reply({ formErrors: ['newPassword.expired'] }), message: null }, { status: 400 });
  try {
    const tokens = await identityApi.completeNewPassword(context, challenge.session, submission.value.newPassword);
    return await completeSignIn(request, context, tokens, challenge.redirectTo);
  } catch (error) {
    return signInFailure(submission, error, context);
  }
}

function signInFailure(
  submission: { reply: (options: { formErrors: string[]; hideFields?: string[] }) => unknown },
  error: unknown,
  context: ActionFunctionArgs['context'],
) {
  if (error instanceof WrongWebsiteError) {
    return data(
      { result: submission.reply({ formErrors: [] }), message: 'login.wrongWebsite', website: error.website },
      { status: 403 },
    );
  }
  if (error instanceof UserInfoUnreadableError) {
    context.logger.error({ err: error.cause }, 'user information unreadable at sign-in');
    return data(
      {
        result: submission.reply({ formErrors: [], hideFields: ['password', 'newPassword'] }),
        message: 'login.userInfoUnreadable',
      },
      { status: 502 },
    );
  }
  const busy = signInsBusy(error);
  if (busy) {
    return data(
      { result: submission.reply({ formErrors: [], hideFields: ['password', 'newPassword'] }), message: 'login.busy' },
      { status: 503, headers: busy },
    );
  }
  if (error instanceof ApiFailure && error.status < 500) {
    const key =
      error.messageCode === 'NotAuthorizedException' && error.serverMessage?.includes('session')
        ? 'newPassword.expired'
        : null;
    const message = key ?? (error.messageCode === 'InvalidPasswordException' ? 'password.weak' : 'login.incorrect');
    return data(
      { result: submission.reply({ formErrors: [], hideFields: ['password', 'newPassword'] }), message },
      { status: 400 },
    );
  }
  context.logger.error({ err: error }, 'sign-in failed');
  return data({ result: submission.reply({ formErrors: [] }), message: 'errors.unavailable' }, { status: 503 });
}

export default function SignIn() {
  useTexts('footer', 'login', 'newPassword', 'password', 'reset');
  const { challengeEmail } = useLoaderData<typeof loader>();
  return challengeEmail ? <NewPasswordForm /> : <SignInForm />;
}

/** What the sign-in service said of a refused submit, as the error summary's first sentence. */
function useRefusal(): string | null {
  const { t } = useTranslation();
  const data = useActionData<typeof action>();
  if (!data?.message) return null;
  const website = 'website' in data ? data.website : '';
  return t(data.message, { website });
}

/** The stored message of spec 3 §2.7: a template with the tenant website as a link, or plain text. */
function StoredMessageView({ message }: { message: StoredMessage }) {
  const { t } = useTranslation();
  const config = useTenant();
  if (message.kind === 'adminReset') {
    return (
      <p className="form-message form-message--success" role="status" data-testid="login-stored-message">
        {t(message.key)}
      </p>
    );
  }
  if (message.kind === 'plain') {
    return (
      <p className="form-message form-message--info" role="status" data-testid="login-stored-message">
        {t(message.key)}
      </p>
    );
  }
  if (!isWebAddress(config.business_tenant_site)) {
    return (
      <p className="form-message form-message--error" role="alert">
        {t(message.key, { website: config.business_tenant_site })}
      </p>
    );
  }
  const MARK = '\u0000';
  const [before = '', after = ''] = t(message.key, { website: MARK }).split(MARK);
  return (
    <p className="form-message form-message--error" role="alert">
      {before}
      <a href={config.business_tenant_site}>{config.business_tenant_site}</a>
      {after}
    </p>
  );
}

function SignInForm() {
  const { t } = useTranslation();
  const config = useTenant();
  const { redirectTo, storedMessage } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const refusal = useRefusal();
  const [form, fields] = useForm({
    id: 'sign-in',
    lastResult: actionData?.result as never,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
  });
  const submitted = useSubmittedErrors(form, actionData?.result);
  return (
    <PublicLayout title={t('login.heading', { siteTitle: config.siteTitle })}>
      {storedMessage ? <StoredMessageView message={storedMessage} /> : null}
      <Form method="post" {...getFormProps(form)} className="stack">
        <ErrorSummary form={submitted} order={['email', 'password']} lead={refusal ? <p>{refusal}</p> : null} />
        <input type="hidden" name="intent" value={INTENT_SIGN_IN} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field field={fields.email} label={t('login.email')} type="email" autoComplete="username" />
        <Field field={fields.password} label={t('login.password')} type="password" autoComplete="current-password" />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('login.submit')}
        </button>
      </Form>
      <p className="public-links">
        <Link to="/reset-password">{t('login.resetLink')}</Link>
      </p>
      {config.custom_login_content ? <div className="custom-login-content">{config.custom_login_content}</div> : null}
      {config.custom_signup_url ? (
        <p>
          <a className="button button--secondary" href={config.custom_signup_url}>
            {t('login.createAccount')}
          </a>
        </p>
      ) : null}
    </PublicLayout>
  );
}

function NewPasswordForm() {
  const { t } = useTranslation();
  const { challengeEmail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const busy = useNavigation().state === 'submitting';
  const [password, setPassword] = useState('');
  const refusal = useRefusal();
  const [form, fields] = useForm({
    id: 'new-password',
    lastResult: actionData?.result as never,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newPasswordSchema }),
  });
  const submitted = useSubmittedErrors(form, actionData?.result);
  return (
    <PublicLayout title={t('newPassword.title')}>
      <p>{t('newPassword.intro')}</p>
      <p className="muted">{challengeEmail}</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <ErrorSummary form={submitted} lead={refusal ? <p>{refusal}</p> : null} />
        <input type="hidden" name="intent" value={INTENT_NEW_PASSWORD} />
        <input type="text" name="username" value={challengeEmail ?? ''} autoComplete="username" readOnly hidden />
        <Field
          field={fields.newPassword}
          label={t('newPassword.label')}
          type="password"
          autoComplete="new-password"
          describedBy="new-password-rules"
          onInput={setPassword}
        />
        <PasswordRules id="new-password-rules" password={password} />
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || (hydrated && !isStrongPassword(password))}
        >
          {t('newPassword.submit')}
        </button>
      </Form>
      <Form method="post" className="public-links">
        <button type="submit" name="intent" value={INTENT_CANCEL_CHALLENGE} className="button button--link">
          {t('reset.back')}
        </button>
      </Form>
    </PublicLayout>
  );
}

/** Its own error page, so that the root's data (the tenant's theme, language and title) is still read. */
export { ErrorPage as ErrorBoundary };
