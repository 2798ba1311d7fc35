import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from '@remix-run/node';
import { isRouteErrorResponse, RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from './i18n/light-react-i18next';
import { NonceProvider } from './components/nonce';
import { FALLBACK_LANGUAGE, rootLocale } from './i18n.client-data';
import { enShell } from './locales/en-shell';
import { tenantTexts } from './i18n/catalogue.server';
import { recordingView } from './i18n/render-recorder.server';
import { withoutReactViewPadding } from './.server/react-stream-padding';
import { closingTagsLast } from './.server/react-stream-closing-tags';
import { serverI18next } from './i18n/server-i18next.server';

/** How long Remix waits for a loader's promise in the page's data stream before it rejects it (single fetch reads this export). */
export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const rootLanguage = rootLocale(remixContext.staticHandlerContext.loaderData.root);
  const { locale, translations } = rootLanguage
    ? { locale: rootLanguage, translations: await tenantTexts(loadContext, rootLanguage) }
    : { locale: FALLBACK_LANGUAGE, translations: enShell };
  // This render notes the parts of the texts it uses, for the page's texts script.
  const i18n = recordingView(serverI18next(locale, translations));
  const nonce = loadContext.cspNonce;
  const page = (
    <NonceProvider value={nonce}>
      <I18nextProvider i18n={i18n}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </I18nextProvider>
    </NonceProvider>
  );
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');

  // Through React's stream: the page's loader data follows the markup in the same stream, written by
  // Remix's single fetch (turbo-stream) into scripts that carry the CSP nonce, before the document's
  // closing tags (decision 051). A bot gets the page once everything is there; a browser from the shell on.
  const readyEvent = isbot(request.headers.get('user-agent')) ? 'onAllReady' : 'onShellReady';
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [readyEvent]() {
        shellRendered = true;
        const body = withoutReactViewPadding();
        const document = body.pipe(closingTagsLast());
        resolve(
          new Response(createReadableStreamFromReadable(document), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) loadContext.logger.error({ err: error }, 'render failed');
      },
    });
    // After the data stream's own timeout, so that its rejections reach the browser first.
    setTimeout(abort, streamTimeout + 1_000);
  });
}

/**
 * Errors Remix reports from loaders, actions and its router. A client's mistake (a 4xx the router
 * answers, such as a POST to a page without an action) is a warning with its status and message; it
 * comes as an error response, not an Error, and was written as "[object Object]". The rest are errors.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context?: AppLoadContext }) {
  if (request.signal.aborted) return;
  const logger = context?.logger;
  const url = request.url;
  if (isRouteErrorResponse(error) && error.status < 500) {
    const cause = (error as { error?: unknown }).error;
    const message =
      cause instanceof Error ? cause.message : typeof error.data === 'string' ? error.data : error.statusText;
    const entry = { url, method: request.method, status: error.status, message };
    if (logger) logger.warn(entry, 'request refused');
    else console.warn(JSON.stringify({ level: 40, msg: 'request refused', ...entry }));
    return;
  }
  const cause = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error.data) : error;
  if (logger) logger.error({ url, err: cause }, 'request failed');
  else
    console.error(
      JSON.stringify({ level: 50, msg: 'request failed', url, err: String((cause as Error)?.stack ?? cause) }),
    );
}
