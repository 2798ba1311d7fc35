import { PlaceholderPage } from '~/components/PlaceholderPage';
import { titled } from '~/components/page-title';

export const meta = titled('Pre Orders');

export default function Route() {
  return <PlaceholderPage titleKey="preorders.title" />;
}
