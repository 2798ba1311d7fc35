import { PlaceholderPage } from '~/components/PlaceholderPage';
import { titled } from '~/components/page-title';

export const meta = titled('returns.title');

export default function Route() {
  return <PlaceholderPage titleKey="returns.title" />;
}
