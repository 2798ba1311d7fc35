import { Link, useNavigate } from '@remix-run/react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';

interface Props {
  title: string;
  /** The same page without the dialog. */
  closeTo: string;
  width?: 'narrow' | 'medium' | 'wide';
  children: React.ReactNode;
}

/**
 * A dialog addressed by the URL: the server renders it open over the page, closing is a link back.
 * With JavaScript it becomes modal (focus kept inside, Escape closes).
 */
export function RouteDialog({ title, closeTo, width = 'medium', children }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal !== 'function') return;
    dialog.close();
    dialog.showModal();
  }, []);
  return (
    <>
      <div className="dialog-backdrop" aria-hidden="true" />
      <dialog
        ref={ref}
        open
        className={`route-dialog route-dialog--${width}`}
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          navigate(closeTo, { preventScrollReset: true });
        }}
      >
        <header className="route-dialog__header">
          <h2 id={titleId}>{title}</h2>
          <Link to={closeTo} preventScrollReset className="route-dialog__close" aria-label={t('dialog.close')}>
            ×
          </Link>
        </header>
        <div className="route-dialog__body">{children}</div>
      </dialog>
    </>
  );
}
