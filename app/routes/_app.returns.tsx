import { PlaceholderPage } from '~/components/PlaceholderPage';
import { titled } from '~/components/page-title';
import { useTexts } from '~/i18n/use-texts';

export const meta = titled('returns.title');

export default function Route() {
  useTexts('placeholder', 'returns');
  return <PlaceholderPage titleKey="returns.title" />;
}
