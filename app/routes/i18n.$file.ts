import type { LoaderFunctionArgs } from '@remix-run/node';
import { getTenantConfig } from '~/.server/api/settings';
import { catalogueScript, tenantTexts } from '~/i18n/catalogue.server';
import { partsInName, textsPrefix } from '~/i18n/text-parts';
import { SUPPORTED_LANGUAGES } from '~/locales/languages';

/** `<language>.<version>.<part>-<part>….js` (a language like de, fil or pt-BR), nothing else (no other characters, so no path tricks). */
const FILE_NAME =
  /^([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?)\.([0-9a-f]{16})\.([a-z][a-zA-Z0-9]*(?:-[a-z][a-zA-Z0-9]*){0,99})\.js$/;

const notFound = () =>
  new Response('Not found.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/**
 * Some parts of the texts of a language with the tenant's labels (app/i18n/text-parts.ts). The URL
 * carries the version of the texts, so it is cached for good; an older version (a page rendered
 * before the labels changed, or by a replica that had not seen the change yet) is sent on to the
 * current one. Parts are named once each, in order, so one set of parts has one URL.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const match = FILE_NAME.exec(params.file ?? '');
  const language = match?.[1];
  if (!match || !language) return notFound();
  // A language with a locale, or the tenant's own (one without a locale gets the English texts with its labels): nothing else is made.
  if (
    !SUPPORTED_LANGUAGES.includes(language) &&
    language !== (await getTenantConfig(context).catch(() => null))?.language
  )
    return notFound();
  const parts = match[3]!.split('-');
  if (partsInName(parts) !== match[3]) return notFound();
  const texts = await tenantTexts(context, language);
  const script = catalogueScript(language, texts, parts);
  if (!script) return notFound();
  if (!script.src.startsWith(textsPrefix(language, match[2]!))) {
    return new Response(null, { status: 302, headers: { Location: script.src, 'Cache-Control': 'no-store' } });
  }
  return new Response(script.body, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
}
