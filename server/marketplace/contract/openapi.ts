import { z } from 'zod';
import { endpoints, namedSchemas, PATH_PARAMETERS, type Endpoint } from '../../../app/.server/api/contract/endpoints';
import { adminEndpoints } from './admin-endpoints';
import { requestBodies } from './request-bodies';

const FILE_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  image: 'image/*',
} as const;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref('ErrorBody') } },
});
const ERROR_ANSWERS = {
  Unauthorized: errorAnswer('No access token, or one that has expired'),
  Refused: errorAnswer(
    'Refused: the error catalogue picks the message from messageCode, then message; a 422 names its errors; a 403 signs the buyer out',
  ),
  Failed: errorAnswer('Failed'),
};
const answerRef = (name: keyof typeof ERROR_ANSWERS) => ({ $ref: `#/components/responses/${name}` });

/**
 * A Zod schema as JSON Schema for the document (draft 2020-12, which OpenAPI 3.1 speaks). `io:
 * 'input'` describes what a parse accepts (a field with a default may be left out).
 */
const jsonSchemaOf = (schema: z.ZodType) => {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return json;
};

/**
 * The components: each named schema, answers and request bodies, with the named ones it holds as
 * references. Every string of a request is NUL-free: the marketplace refuses a NUL in any text.
 */
function componentSchemas(): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries({ ...namedSchemas, ...requestBodies })) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io: 'input',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  });
  // The document's dialect and the component's place say what each component's $schema and $id would.
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _dialect, $id: _place, ...schema }]) => [
      id,
      id in requestBodies ? withoutNul(schema) : schema,
    ]),
  );
}

const NUL_FREE = '^[^\\u0000]*$';

/** The schema with every string it holds said to hold no NUL (a pattern of its own is kept beside). */
function withoutNul<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(withoutNul) as T;
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = withoutNul(value);
  if (out.type === 'string' && out.enum === undefined && out.const === undefined && out.format === undefined) {
    if (out.pattern === undefined) out.pattern = NUL_FREE;
    else out.allOf = [...((out.allOf as unknown[]) ?? []), { pattern: NUL_FREE }];
  }
  return out as T;
}

function pathParameter(name: string) {
  const schema = PATH_PARAMETERS[name];
  if (!schema) throw new Error(`the path parameter {${name}} has no schema in PATH_PARAMETERS`);
  return { name, in: 'path', required: true, schema: jsonSchemaOf(schema) };
}

function parameters(endpoint: Endpoint) {
  const path = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => pathParameter(name!));
  const query = Object.entries(endpoint.query ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: false,
    schema: withoutNul(jsonSchemaOf(schema)),
  }));
  const headers = [
    ...(endpoint.participant
      ? [
          {
            name: 'pxns-participant-id',
            in: 'header',
            required: endpoint.participant === 'required',
            description:
              endpoint.participant === 'required'
                ? 'The network participant whose stock the call is about'
                : "The participant whose stock the call is about; the tenant's own when left out",
            schema: { type: 'string', minLength: 1, pattern: '\\S' },
          },
        ]
      : []),
    ...(endpoint.auth === 'upload-token'
      ? [{ name: 'poe-upload-token', in: 'header', required: true, schema: { type: 'string' } }]
      : []),
    ...(endpoint.body === 'multipart' && endpoint.auth === 'bearer'
      ? [{ name: 'file-name', in: 'header', required: true, schema: { type: 'string' } }]
      : []),
  ];
  return [...path, ...query, ...headers];
}

function success(endpoint: Endpoint) {
  const { answer } = endpoint;
  if (answer === null) return { description: 'Done; the portal reads no body' };
  if (typeof answer === 'object' && 'json' in answer)
    return { description: answer.json, content: { 'application/json': { schema: {} } } };
  if (typeof answer === 'object')
    return {
      description: `The ${answer.file} file, named in content-disposition`,
      content: { [FILE_TYPES[answer.file]]: { schema: { type: 'string', contentMediaType: FILE_TYPES[answer.file] } } },
    };
  return { description: answer, content: { 'application/json': { schema: ref(answer) } } };
}

function requestBody(endpoint: Endpoint) {
  if (!endpoint.body) return undefined;
  if (endpoint.body === 'multipart')
    return { required: true, content: { 'multipart/form-data': { schema: { type: 'object' } } } };
  const schema = typeof endpoint.body === 'string' ? ref(endpoint.body) : withoutNul(jsonSchemaOf(endpoint.body));
  return { required: true, content: { 'application/json': { schema } } };
}

function operation(endpoint: Endpoint) {
  const params = parameters(endpoint);
  const body = requestBody(endpoint);
  return {
    operationId: `${endpoint.method}${endpoint.path
      .replace('/px-api-gateway', '')
      .replace(/\{(\w+)\}/g, 'By-$1')
      .replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: endpoint.summary,
    security: endpoint.auth === 'bearer' ? [{ bearer: [] }] : endpoint.auth === 'admin' ? [{ admin: [] }] : [],
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: {
      '2XX': success(endpoint),
      ...(endpoint.auth === 'bearer' || endpoint.auth === 'admin' ? { '401': answerRef('Unauthorized') } : {}),
      '4XX': answerRef('Refused'),
      '5XX': answerRef('Failed'),
    },
  };
}

/**
 * The tenant API as an OpenAPI 3.1 document: the calls the portal makes, with the answers its client
 * accepts and the request limits the marketplace enforces, and the marketplace's admin calls.
 */
export function tenantApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of [...endpoints, ...adminEndpoints])
    (paths[endpoint.path] ??= {})[endpoint.method] = operation(endpoint);
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Tenant API of the buyer portal',
      version: '1',
      description:
        'Every call the buyer portal makes to a tenant API, with the answers it accepts. Generated from the Zod schemas the portal checks answers with (npm run openapi); see docs/tenant-api.md. `npm run contract -- <base url>` checks a tenant API against it.',
    },
    paths,
    components: {
      schemas: componentSchemas(),
      responses: ERROR_ANSWERS,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The accessToken that sign-in answers' },
        admin: {
          type: 'apiKey',
          in: 'header',
          name: 'x-admin-token',
          description: "The marketplace's ADMIN_TOKEN (the CLI's and the tests' calls; off without one)",
        },
      },
    },
  };
}

/** The document as it is committed and served: two-space JSON with a final newline. */
export const tenantApiDocumentText = () => `${JSON.stringify(tenantApiDocument(), null, 2)}\n`;
