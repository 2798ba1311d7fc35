import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { proofOfExportApi } from '~/.server/api/proof-of-export';
import { requireBuyer } from '~/.server/auth';
import { readBroadcast } from '~/.server/broadcast';
import { poeDismissed } from '~/.server/proof-of-export-dismissal';
import { AppShell } from '~/components/AppShell';
import { ErrorPage } from '~/components/ErrorPage';
import { ProofOfExportBanner as ProofOfExportBannerNow } from '~/components/ProofOfExportBanner';
import { ProofOfExportDialog as ProofOfExportDialogNow } from '~/components/ProofOfExportDialog';
import { useTexts } from '~/i18n/use-texts';
import { revokedNotices } from '~/domain/authorities';

/** Every route under this layout needs a signed-in buyer; others go to / and come back after. */

/** Rendered on the server when documents are owed; the browser loads their code only then (as the stock list's dialogs). */
const ProofOfExportDialog = import.meta.env.SSR
  ? ProofOfExportDialogNow
  : lazy(() => import('~/components/ProofOfExportDialog').then((m) => ({ default: m.ProofOfExportDialog })));
const ProofOfExportBanner = import.meta.env.SSR
  ? ProofOfExportBannerNow
  : lazy(() => import('~/components/ProofOfExportBanner').then((m) => ({ default: m.ProofOfExportBanner })));
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, token } = await requireBuyer(request, context);
  const params = new URL(request.url).searchParams;
  const asked = params.get('poe') === '1';
  let proofOfExport = null;
  let pendingDocuments = null;
  try {
    const data = await proofOfExportApi.documents(context, token);
    const dismissed = (await poeDismissed.parse(request.headers.get('Cookie'))) === true;
    if (asked || (data.isOpen && !dismissed)) proofOfExport = { ...data, error: params.get('poeError') };
    // While documents are owed, the shell keeps a way back to the dialog (Cancel only hides it).
    else if (data.documents.length)
      pendingDocuments = { count: data.documents.length, disablePayAndShipNow: data.disablePayAndShipNow };
  } catch (error) {
    if (error instanceof Response) throw error;
    context.logger.error({ err: error }, 'proof-of-export documents not available');
  }
  const broadcast = await readBroadcast(request);
  return data(
    { user, proofOfExport, pendingDocuments, broadcast: broadcast.messages },
    { headers: broadcast.setCookie ? { 'Set-Cookie': broadcast.setCookie } : {} },
  );
}

/** The broadcast banner's active messages, on the first page after sign-in. */
function BroadcastBanner({ messages }: { messages: string[] }) {
  const { t } = useTranslation();
  return (
    <section className="banner banner--info broadcast-banner" aria-label={t('app.broadcast')}>
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </section>
  );
}

/** Why buttons and menu entries are gone: the operator took authorities away since sign-in. */
function RevokedNotice({ revoked }: { revoked: string[] }) {
  const { t } = useTranslation();
  const notices = revokedNotices(revoked);
  if (!notices.length) return null;
  return (
    <section className="banner banner--info" aria-label={t('revoked.title')} data-testid="revoked-notice">
      {notices.map((key) => (
        <p key={key}>{t(key)}</p>
      ))}
      <p>{t('revoked.contact')}</p>
    </section>
  );
}

export default function SignedInLayout() {
  useTexts('dialog', 'footer', 'logout', 'menu');
  const { user, proofOfExport, pendingDocuments, broadcast } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user}>
      {broadcast.length ? <BroadcastBanner messages={broadcast} /> : null}
      <RevokedNotice revoked={user.revokedAuthorities ?? []} />
      {pendingDocuments ? (
        <Suspense fallback={null}>
          <ProofOfExportBanner {...pendingDocuments} />
        </Suspense>
      ) : null}
      <Outlet />
      <Suspense fallback={null}>{proofOfExport ? <ProofOfExportDialog data={proofOfExport} /> : null}</Suspense>
    </AppShell>
  );
}

/** The root's error page, here so that an error of a signed-in page leaves the root's document in place (ErrorPage). */
export { ErrorPage as ErrorBoundary };
