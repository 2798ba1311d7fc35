import { PlaceholderPage } from '~/components/PlaceholderPage';
import { titled } from '~/components/page-title';
import { useTexts } from '~/i18n/use-texts';

export const meta = titled('auctions.title');

export default function Route() {
  useTexts('auctions', 'placeholder');
  return <PlaceholderPage titleKey="auctions.title" />;
}
