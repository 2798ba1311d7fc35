import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { requireBuyer } from '~/.server/auth';
import { AppShell } from '~/components/AppShell';

/** Every route under this layout needs a signed-in buyer; others go to / and come back after. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireBuyer(request, context);
  return json({ user });
}

export default function SignedInLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AppShell user={user}>
      <Outlet />
    </AppShell>
  );
}
