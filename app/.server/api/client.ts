import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { CONFIG_REVISION_HEADER, noteConfigRevision } from './config-revision';
import { failureText, type FailureParts, type Translate } from '~/domain/failure-message';
import type { KeptAnswers } from './kept-answers';
import { takenData } from '~/.server/in-process-data';

/** A failed tenant API call, carrying what the error catalogue chooses the message from. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly messageCode: string | undefined,
    readonly serverMessage: string | undefined,
    readonly params: Record<string, string | number> = {},
  ) {
    super(serverMessage ?? `Tenant API answered ${status}`);
  }
}

export const errorBodySchema = z
  .object({
    statusCode: z.number().optional(),
    messageCode: z.string().optional(),
    message: z.string().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    status: z.string().optional(),
    errors: z
      .array(z.object({ messageCode: z.string().optional(), messageDescription: z.string().optional() }))
      .optional(),
  })
  .passthrough();

export interface CallOptions<T extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** The answer's schema, or the kept answers of one (for answers that come again, see keptAnswers). */
  schema: T | KeptAnswers<T>;
}

/**
 * One typed call to the tenant API; the response is checked against the schema. A 401 to the
 * signed-in session's access token goes through withSessionRetry.
 */
export function callApi<T extends z.ZodType>(
  context: AppLoadContext,
  path: string,
  options: CallOptions<T>,
): Promise<z.infer<T>> {
  return withSessionRetry(context, options.token, (token) => callOnce(context, path, { ...options, token }));
}

/**
 * Runs a call with the session's access token; when the tenant API answers 401 the session
 * (context.renewAccess) refreshes it and the call is made once more with the new token. When the
 * session's token is refused for good (a 401 no refresh cures, or a 403), the session has ended: the
 * answer that signs the buyer out (context.sessionEnded) is thrown instead of the failure, so a
 * loader or action that does not catch it sends the buyer to sign in as requireBuyer does.
 */
export async function withSessionRetry<R>(
  context: AppLoadContext,
  token: string | undefined,
  call: (token: string | undefined) => Promise<R>,
): Promise<R> {
  let current = token;
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(current);
    } catch (error) {
      if (!(error instanceof ApiFailure && current)) throw error;
      if (error.status === 401 && context.renewAccess) {
        const fresh = await context.renewAccess(current);
        if (fresh && attempt === 0) {
          current = fresh;
          continue;
        }
      }
      throw (await context.sessionEnded?.(current, error)) ?? error;
    }
  }
}

async function callOnce<T extends z.ZodType>(
  context: AppLoadContext,
  path: string,
  { method = 'GET', body, token, headers = {}, schema }: CallOptions<T>,
): Promise<z.infer<T>> {
  const request = (context.tenantRequest ?? newRequest)(new URL(path, context.tenantApiBase), {
    method,
    headers: {
      accept: 'application/json',
      // A FormData body (a request with files) sets its own multipart type and boundary.
      ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  let response: Response;
  try {
    response = await context.tenantApi(request);
  } catch (error) {
    context.logger.error({ err: error, path }, 'tenant API unreachable');
    throw new ApiFailure(503, undefined, undefined);
  }
  noteConfigRevision(context.tenantApiBase, response.headers.get(CONFIG_REVISION_HEADER));
  if (!response.ok) throw await failureFrom(response);
  const kept = 'read' in schema ? schema : null;
  const plain = kept ? kept.schema : (schema as T);
  if (response.status === 204) return plain.parse(undefined);
  if (!kept) return checked(context, path, plain.safeParse(await response.json()));
  const data = takenData(response);
  return checked(context, path, data ? kept.readData(data.data) : kept.read(await response.text()));
}

const newRequest = (url: URL, init: RequestInit) => new Request(url, init);

function checked<V>(context: AppLoadContext, path: string, parsed: z.ZodSafeParseResult<V>): V {
  if (!parsed.success) {
    context.logger.error({ path, issues: parsed.error.issues.slice(0, 3) }, 'unexpected tenant API response');
    throw new ApiFailure(502, undefined, undefined);
  }
  return parsed.data;
}

async function failureFrom(response: Response): Promise<ApiFailure> {
  const parsed = errorBodySchema.safeParse(await response.json().catch(() => ({})));
  const body = parsed.success ? parsed.data : {};
  const status = body.statusCode ?? response.status;
  if (response.status === 422 && body.errors?.length) {
    const first = body.errors[0]!;
    return body.status === 'FAIL'
      ? new ApiFailure(422, first.messageCode, first.messageDescription)
      : new ApiFailure(422, undefined, first.messageDescription);
  }
  return new ApiFailure(status, body.messageCode, body.message, body.params);
}

/** What the error chain needs of a failure (see failureText). */
export function failureParts(error: unknown, fallbackKey?: string): FailureParts {
  if (!(error instanceof ApiFailure)) return { fallbackKey };
  return { messageCode: error.messageCode, params: error.params, text: error.serverMessage, fallbackKey };
}

/** The message the error catalogue chooses for a failure, in the language `translate` speaks. */
export function failureMessage(error: unknown, translate: Translate, fallback?: string): string {
  const parts = failureParts(error);
  const text = failureText(parts, translate);
  return !parts.messageCode && !parts.text && fallback ? fallback : text;
}
