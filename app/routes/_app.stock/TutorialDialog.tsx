import { useTranslation } from 'react-i18next';
import { RouteDialog } from '~/components/RouteDialog';
import { useTenant } from '~/components/use-tenant';
import { stockSearch } from '~/domain/stock/query';
import { useStock } from './use-stock';

export function TutorialDialog() {
  const { t } = useTranslation();
  const config = useTenant();
  const { page } = useStock();
  if (!config.tutorialUrl) return null;
  return (
    <RouteDialog title={t('stock.tutorialTitle')} closeTo={`/stock?${stockSearch(page.query)}`} width="wide">
      <iframe className="tutorial-frame" src={config.tutorialUrl} title={t('stock.tutorialTitle')} />
      <p>
        <a href={config.tutorialUrl} target="_blank" rel="noopener noreferrer">
          {t('stock.tutorialOpen')}
          <span className="visually-hidden"> {t('footer.newTab')}</span>
        </a>
      </p>
    </RouteDialog>
  );
}
