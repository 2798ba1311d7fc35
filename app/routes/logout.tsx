import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { getSignedIn, signOut } from '~/.server/auth';
import { refuseWhenDeactivated } from '~/.server/deactivated';
import { discardBody } from '~/.server/forms';
import { PublicLayout } from '~/components/PublicLayout';
import { useTexts } from '~/i18n/use-texts';
import { ErrorPage } from '~/components/ErrorPage';

/** Without JavaScript the confirmation can also be a page of its own. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!(await getSignedIn(request, context))) throw redirect('/');
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  await refuseWhenDeactivated(context);
  // Signing out takes no fields, so whatever body came (none, JSON, text) is dropped unread: a
  // sign-out must never fail on it. Posts from another site were refused before Remix (refuseCrossOrigin).
  await discardBody(request);
  return signOut(request, context);
}

export default function Logout() {
  useTexts('footer', 'logout');
  const { t } = useTranslation();
  return (
    <PublicLayout title={t('logout.title')}>
      <p>{t('logout.confirm')}</p>
      <Form method="post" className="row">
        <button type="submit" className="button button--primary">
          {t('logout.yes')}
        </button>
        <Link to="/stock" className="button button--secondary">
          {t('logout.cancel')}
        </Link>
      </Form>
    </PublicLayout>
  );
}

/** Its own error page, so that the root's data (the tenant's theme, language and title) is still read. */
export { ErrorPage as ErrorBoundary };
