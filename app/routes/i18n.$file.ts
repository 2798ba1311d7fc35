import type { LoaderFunctionArgs } from '@remix-run/node';
import { catalogueScript, tenantTexts } from '~/i18n/catalogue.server';
import { SUPPORTED_LANGUAGES } from '~/locales/languages';

/** `<language>.<hash>.js`, nothing else (no other characters, so no path tricks). */
const FILE_NAME = /^([a-z]{2})\.([0-9a-f]{16})\.js$/;

/**
 * The texts of a language with the tenant's labels, as the script the root loader names. Its URL
 * carries the hash of its content, so it is cached for good; a hash of older texts (a page rendered
 * before the labels changed, or by a replica that had not seen the change yet) is sent on to the current one.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const match = FILE_NAME.exec(params.file ?? '');
  const language = match?.[1];
  if (!match || !language || !SUPPORTED_LANGUAGES.includes(language)) {
    return new Response('Not found.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  const script = catalogueScript(language, await tenantTexts(context, language));
  if (script.hash !== match[2]) return new Response(null, { status: 302, headers: { Location: script.src, 'Cache-Control': 'no-store' } });
  return new Response(script.body, {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=31536000, immutable' },
  });
}
