import { useTranslation } from '~/i18n/light-react-i18next';
import { RouteDialog } from '~/components/RouteDialog';
import { useTenant } from '~/components/use-tenant';
import { listSearch } from '~/domain/stock/query';
import { useStock } from './use-stock';
import { useTexts } from '~/i18n/use-texts';

/** The tenant's tutorial over the stock list, addressed by ?tutorial=1; closing returns to the same view. */
export function TutorialDialog() {
  useTexts('dialog', 'footer', 'stock', 'tutorialDialog');
  const { t } = useTranslation();
  const config = useTenant();
  const { page, open } = useStock();
  if (!config.tutorialUrl) return null;
  return (
    <RouteDialog title={t('tutorialDialog.title')} closeTo={`/stock?${listSearch(page.query, open)}`} width="wide">
      {/* A frame from another site may be refused without the page ever knowing: the way out comes first. */}
      <p>
        {t('tutorialDialog.notShowing')}{' '}
        <a href={config.tutorialUrl} target="_blank" rel="noopener noreferrer">
          {t('tutorialDialog.open')}
          <span className="visually-hidden"> {t('footer.newTab')}</span>
        </a>
      </p>
      <iframe className="tutorial-frame" src={config.tutorialUrl} title={t('tutorialDialog.title')} />
    </RouteDialog>
  );
}
