import { Form, useLocation, useNavigation } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { RouteDialog } from '~/components/RouteDialog';
import { withParams } from './use-stock';
import { useTexts } from '~/i18n/use-texts';

/** The daily report subscription, one button that turns it on or off (spec 1 §4). */
export function DailyReportDialog({ subscribed }: { subscribed: boolean }) {
  useTexts('dialog', 'report');
  const { t } = useTranslation();
  const location = useLocation();
  const busy = useNavigation().state !== 'idle';
  return (
    <RouteDialog title={t('report.title')} closeTo={withParams(location.search, { dialog: null })} width="narrow">
      <p>{t('report.explain')}</p>
      <p role="status">{subscribed ? t('report.isSubscribed') : t('report.isNotSubscribed')}</p>
      <Form method="post" preventScrollReset className="dialog-actions">
        <input type="hidden" name="intent" value="daily-report" />
        <input type="hidden" name="subscribe" value={subscribed ? 'false' : 'true'} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {subscribed ? t('report.unsubscribe') : t('report.subscribe')}
        </button>
      </Form>
    </RouteDialog>
  );
}
