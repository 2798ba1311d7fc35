/**
 * What a loader or action answered, read as Remix reads it under single fetch: a Response (a
 * redirect, a thrown refusal), Remix's data() with its status and headers, or the plain value.
 */
type DataAnswer = { type: 'DataWithResponseInit'; data: unknown; init: ResponseInit | null };

function isDataAnswer(answer: unknown): answer is DataAnswer {
  return typeof answer === 'object' && answer !== null && (answer as DataAnswer).type === 'DataWithResponseInit';
}

/** The data the page gets (a Response's JSON body). */
export async function answerData<T = Record<string, unknown>>(answer: unknown): Promise<T> {
  if (answer instanceof Response) return (await answer.clone().json()) as T;
  return (isDataAnswer(answer) ? answer.data : answer) as T;
}

export function answerStatus(answer: unknown): number {
  if (answer instanceof Response) return answer.status;
  return (isDataAnswer(answer) ? answer.init?.status : undefined) ?? 200;
}

export function answerHeaders(answer: unknown): Headers {
  if (answer instanceof Response) return answer.headers;
  return new Headers(isDataAnswer(answer) ? (answer.init?.headers ?? undefined) : undefined);
}

/** The answer as a client gets it: a Response as it is, data with its status and headers as JSON. */
export async function answerResponse(answer: unknown): Promise<Response> {
  if (answer instanceof Response) return answer;
  return Response.json(await answerData(answer), { status: answerStatus(answer), headers: answerHeaders(answer) });
}
