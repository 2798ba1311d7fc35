import { PlaceholderPage } from '~/components/PlaceholderPage';
import { titled } from '~/components/page-title';
import { useTexts } from '~/i18n/use-texts';

export const meta = titled('account.title');

export default function Route() {
  useTexts('account', 'placeholder');
  return <PlaceholderPage titleKey="account.title" />;
}
