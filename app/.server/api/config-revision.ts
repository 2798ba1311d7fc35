/**
 * The tenant configuration's revision as the tenant API last stated it (the x-config-revision header
 * on its answers), per API base. Cached configuration and labels are kept while it holds and dropped
 * when an answer names another; an API that states none falls back to a short time limit.
 */
export const CONFIG_REVISION_HEADER = 'x-config-revision';

const revisions = new Map<string, string>();

export function noteConfigRevision(base: string, revision: string | null) {
  if (revision) revisions.set(base, revision);
}

export function configRevision(base: string): string | undefined {
  return revisions.get(base);
}
