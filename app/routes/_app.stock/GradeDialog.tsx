import { Form, Link } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { RouteDialog } from '~/components/RouteDialog';
import { stockSearch } from '~/domain/stock/query';
import { useStock, withParams } from './use-stock';
import { useTexts } from '~/i18n/use-texts';
import { HiddenParams } from '~/components/HiddenParams';

/** The grade overview: one grade's description, with previous, next and a grade selector. */
export function GradeDialog() {
  useTexts('dialog', 'gradeDialog', 'stock');
  const { t } = useTranslation();
  const { grades, view, page } = useStock();
  const list = grades ?? [];
  const index = list.findIndex((g) => g.grade === view.gradeInfo);
  const grade = list[index];
  if (!grade) return null;
  const listSearch = stockSearch(page.query);
  const to = (code: string) => withParams(listSearch, { gradeInfo: code });
  const previous = list[index - 1];
  const next = list[index + 1];
  return (
    <RouteDialog title={t('gradeDialog.title', { label: grade.gradeLabel })} closeTo={`/stock?${listSearch}`}>
      <p>{grade.description}</p>
      {grade.pxnrGradeLabel ? (
        <p className="muted">{t('gradeDialog.gradeMapsTo', { label: grade.pxnrGradeLabel })}</p>
      ) : null}
      <div className="row grade-nav">
        {previous ? (
          <Link to={to(previous.grade)} preventScrollReset className="button button--secondary">
            {t('gradeDialog.previousGrade')}
          </Link>
        ) : null}
        {next ? (
          <Link to={to(next.grade)} preventScrollReset className="button button--secondary">
            {t('gradeDialog.nextGrade')}
          </Link>
        ) : null}
      </div>
      <Form method="get" action="/stock" className="row grade-pick" preventScrollReset>
        <HiddenParams search={listSearch} />
        <div className="field">
          <label htmlFor="grade-select">{t('gradeDialog.chooseGrade')}</label>
          <select id="grade-select" name="gradeInfo" defaultValue={grade.grade} key={grade.grade}>
            {list.map((g) => (
              <option key={g.grade} value={g.grade}>
                {g.gradeLabel}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--secondary">
          {t('gradeDialog.show')}
        </button>
      </Form>
    </RouteDialog>
  );
}
