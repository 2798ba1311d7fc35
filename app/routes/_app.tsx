import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { proofOfExportApi } from '~/.server/api/proof-of-export';
import { endsSession, requireBuyer, signOutOnForbidden } from '~/.server/auth';
import { poeDismissed } from '~/.server/proof-of-export-dismissal';
import { AppShell } from '~/components/AppShell';
import { ProofOfExportDialog } from '~/components/ProofOfExportDialog';

/** Every route under this layout needs a signed-in buyer; others go to / and come back after. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, token } = await requireBuyer(request, context);
  const params = new URL(request.url).searchParams;
  const asked = params.get('poe') === '1';
  let proofOfExport = null;
  try {
    const data = await proofOfExportApi.documents(context, token);
    const dismissed = (await poeDismissed.parse(request.headers.get('Cookie'))) === true;
    if (asked || (data.isOpen && !dismissed)) proofOfExport = { ...data, error: params.get('poeError') };
  } catch (error) {
    if (endsSession(error)) return signOutOnForbidden(request, error);
    context.logger.error({ err: error }, 'proof-of-export documents not available');
  }
  return json({ user, proofOfExport });
}

export default function SignedInLayout() {
  const { user, proofOfExport } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user}>
      <Outlet />
      {proofOfExport ? <ProofOfExportDialog data={proofOfExport} /> : null}
    </AppShell>
  );
}
