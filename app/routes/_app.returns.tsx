import { PlaceholderPage } from '~/components/PlaceholderPage';
import { titled } from '~/components/page-title';

export const meta = titled('Returns');

export default function Route() {
  return <PlaceholderPage titleKey="returns.title" />;
}
