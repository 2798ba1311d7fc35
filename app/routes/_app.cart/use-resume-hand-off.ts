import { useSearchParams, useSubmit } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { readHandOff, resumeForm } from '~/domain/checkout/stored-hand-off';

/**
 * Back from a checkout the server no longer had (`?resume={warehouse}`): with scripts, the entries
 * the browser kept for it are handed over again through the cart's own CHECKOUT or ADD TO EXISTING
 * ORDER post (spec 3 §9 stored values as the fallback). Without scripts, or with nothing kept, the
 * cart simply shows.
 */
export function useResumeHandOff() {
  const [search, setSearch] = useSearchParams();
  const submit = useSubmit();
  const done = useRef(false);
  useEffect(() => {
    const warehouse = search.get('resume');
    if (warehouse === null || done.current) return;
    done.current = true;
    const kept = readHandOff(window.localStorage, warehouse);
    if (kept) {
      submit(resumeForm(kept), { method: 'post', action: '/cart' });
      return;
    }
    const rest = new URLSearchParams(search);
    rest.delete('resume');
    setSearch(rest, { replace: true, preventScrollReset: true });
  }, [search, setSearch, submit]);
}
