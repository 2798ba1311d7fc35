import { Form, useLocation, useNavigation } from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { useFormReply } from '~/components/form-reply';
import { REFERENCES_FORM, referenceFieldId, useSentReferences } from './OrdersTable';
import { useOrders } from './use-orders';

/**
 * The page's one form for the buyer's references (spec 3 §2.5's editable cells): the table's
 * reference fields are its fields, and one Save under the table saves every reference changed on
 * the page. A buyer filling in the references of 27 orders types them in turn (Tab from one to the
 * next, Enter or Save once), rather than saving 27 rows one by one or opening 27 dialogs. Refused
 * references are listed above the table, each a link to its field, as the GOV.UK error summary does.
 */
export function ReferencesForm({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { page } = useOrders();
  const location = useLocation();
  const navigation = useNavigation();
  const reply = useFormReply(REFERENCES_FORM);
  const sent = useSentReferences();
  const summary = useRef<HTMLDivElement>(null);
  const search = new URLSearchParams(location.search);
  search.set('index', '');
  const refused = page.items.flatMap((item) => {
    const errors = sent.get(item.phonexOrderNumber)?.errors;
    return errors ? [{ orderNumber: item.phonexOrderNumber, errors }] : [];
  });
  useEffect(() => {
    if (refused.length) summary.current?.focus();
  }, [reply, refused.length]);
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save-references';
  return (
    <Form id={REFERENCES_FORM} method="post" action={`/orders?${search}`} preventScrollReset>
      {refused.length ? (
        <div className="error-summary" role="alert" tabIndex={-1} ref={summary} aria-labelledby="references-problem">
          <h2 id="references-problem">{t('orders.list.problem')}</h2>
          <ul>
            {refused.map(({ orderNumber, errors }) => (
              <li key={orderNumber}>
                <a href={`#${referenceFieldId(orderNumber)}`}>
                  {t('orders.list.referenceFor', { orderNumber })}: {errors.map((key) => t(key)).join(' ')}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {children}
      {page.items.length ? (
        <div className="orders-references-bar">
          <p className="muted">{t('orders.list.referencesHint')}</p>
          <button
            type="submit"
            name="intent"
            value="save-references"
            className="button button--primary"
            disabled={saving}
          >
            {t('orders.list.saveReferences')}
          </button>
        </div>
      ) : null}
    </Form>
  );
}
