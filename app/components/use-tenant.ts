import { useRouteLoaderData } from '@remix-run/react';
import type { RootData } from '~/root';

/** The tenant configuration loaded by the root route. */
export function useTenant() {
  const data = useRouteLoaderData<RootData>('root');
  if (!data) throw new Error('The root loader has not run');
  return data.config;
}

export function useAppVersion() {
  return useRouteLoaderData<RootData>('root')?.appVersion ?? '';
}
