import { PlaceholderPage } from '~/components/PlaceholderPage';
import { titled } from '~/components/page-title';
import { useTexts } from '~/i18n/use-texts';

export const meta = titled('preorders.title');

export default function Route() {
  useTexts('placeholder', 'preorders');
  return <PlaceholderPage titleKey="preorders.title" />;
}
