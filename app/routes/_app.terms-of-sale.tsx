import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from '~/i18n/light-react-i18next';
import { getTenantConfig } from '~/.server/api/settings';
import { requireBuyer } from '~/.server/auth';
import { titled } from '~/components/page-title';
import { termsParagraphs } from '~/domain/tenant-config';
import { useTexts } from '~/i18n/use-texts';

export const meta = titled('termsOfSale.title');

/** The default terms link of spec 3 §2.6 and §9: the tenant's terms of sale, or the portal's default ones. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireBuyer(request, context);
  const config = await getTenantConfig(context);
  return { paragraphs: config.termsOfSale ? termsParagraphs(config.termsOfSale) : null };
}

const DEFAULT_PARAGRAPHS = [
  'termsOfSale.default.1',
  'termsOfSale.default.2',
  'termsOfSale.default.3',
  'termsOfSale.default.4',
] as const;

export default function TermsOfSale() {
  useTexts('termsOfSale');
  const { t } = useTranslation();
  const { paragraphs } = useLoaderData<typeof loader>();
  return (
    <section className="page stack terms-of-sale">
      <h1>{t('termsOfSale.title')}</h1>
      {(paragraphs ?? DEFAULT_PARAGRAPHS.map((key) => t(key))).map((text, i) => (
        <p key={i}>{text}</p>
      ))}
    </section>
  );
}
