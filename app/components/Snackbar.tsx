import { useEffect, useState } from 'react';
import { useLocation } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import type { Toast } from '~/.server/toast';
import { failureText } from '~/domain/failure-message';

export const SNACKBAR_DURATION_MS = 30_000;

/**
 * The flash message of the last action. Without JavaScript it sits at the top of the page it was
 * shown on, in the flow, where a page loaded after a post starts; with JavaScript it floats where it
 * hides nothing from the first paint (see the CSS) and goes after 30 s or when dismissed.
 */
export function Snackbar({ toast }: { toast: Toast | null }) {
  const { t, i18n } = useTranslation();
  const [visible, setVisible] = useState<Toast | null>(toast);
  useEffect(() => {
    document.documentElement.classList.toggle('has-snackbar', visible !== null);
  }, [visible]);
  // A new page without a message clears the last one; the same page loaded again without one (the
  // revalidation that follows setting the browser's time zone on a first visit) keeps it.
  const { key: page } = useLocation();
  useEffect(() => {
    if (toast) setVisible(toast);
  }, [toast]);
  useEffect(() => {
    if (!toast) setVisible(null);
    // The page's key alone: a message goes with the page it was shown on, not with a revalidation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page]);
  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setVisible(null), SNACKBAR_DURATION_MS);
    return () => clearTimeout(timer);
  }, [visible]);

  const translate = (key: string, params?: Record<string, unknown>) => (i18n.exists(key) ? t(key, params) : undefined);
  const text = !visible
    ? ''
    : visible.failure
      ? failureText(visible.failure, translate)
      : [
          visible.text ?? (visible.key ? t(visible.key, visible.values) : ''),
          ...(visible.also ?? []).map((key) => t(key, visible.values)),
        ]
          .filter(Boolean)
          .join(' ');
  return (
    <div className="snackbar-region" aria-label={t('toast.region')} role="region">
      {visible && text ? (
        <div className={`snackbar snackbar--${visible.type}`} role={visible.type === 'error' ? 'alert' : 'status'}>
          <span data-testid="snackbar">{text}</span>
          {/* Shown once scripts run (see the CSS); rendered from the start so that nothing moves then. */}
          <button
            type="button"
            className="snackbar__close"
            onClick={() => setVisible(null)}
            aria-label={t('toast.dismiss')}
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
