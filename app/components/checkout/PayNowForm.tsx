import type { FormEvent, ReactNode } from 'react';
import { PAYMENT_WINDOW, PAYMENT_WINDOW_FEATURES } from '~/domain/checkout/payment';

/**
 * A plain POST form that starts an integrated payment. Without JavaScript it submits full-page and the
 * provider's page replaces this one. With JavaScript, submitting opens the 600×700 pop-up and the form
 * posts into it, so the provider round trip happens there (a blocked pop-up falls back to full-page).
 * A Remix <Form> would submit by fetch, which cannot target a window: this one stays a native form.
 */
export function PayNowForm({
  action,
  intent,
  children,
  id,
}: {
  action: string;
  intent: string;
  children: ReactNode;
  id?: string;
}) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const popup = window.open('', PAYMENT_WINDOW, PAYMENT_WINDOW_FEATURES);
    if (popup) form.target = PAYMENT_WINDOW;
    else form.removeAttribute('target');
  };
  return (
    <form method="post" action={action} onSubmit={onSubmit} className="pay-now-form" id={id}>
      <button type="submit" name="intent" value={intent} className="button button--primary">
        {children}
      </button>
    </form>
  );
}
