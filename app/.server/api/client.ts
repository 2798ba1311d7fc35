import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { failureText, type FailureParts, type Translate } from '~/domain/failure-message';

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

const errorBody = z
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
  schema: T;
}

/** One typed call to the tenant API; the response is checked against the schema. */
export async function callApi<T extends z.ZodType>(
  context: AppLoadContext,
  path: string,
  { method = 'GET', body, token, headers = {}, schema }: CallOptions<T>,
): Promise<z.infer<T>> {
  const request = new Request(new URL(path, context.tenantApiBase), {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let response: Response;
  try {
    response = await context.tenantApi(request);
  } catch (error) {
    context.logger.error({ err: error, path }, 'tenant API unreachable');
    throw new ApiFailure(503, undefined, undefined);
  }
  if (!response.ok) throw await failureFrom(response);
  if (response.status === 204) return schema.parse(undefined);
  const json: unknown = await response.json();
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    context.logger.error({ path, issues: parsed.error.issues.slice(0, 3) }, 'unexpected tenant API response');
    throw new ApiFailure(502, undefined, undefined);
  }
  return parsed.data;
}

async function failureFrom(response: Response): Promise<ApiFailure> {
  const parsed = errorBody.safeParse(await response.json().catch(() => ({})));
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
