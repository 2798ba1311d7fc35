import { z } from 'zod';
import { endpoints, namedSchemas, type Endpoint } from './endpoints';

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
 * The components: each named schema as JSON Schema (draft 2020-12, which OpenAPI 3.1 speaks), with
 * the named ones it holds as references. `io: 'input'` describes what a tenant API must send for
 * the portal's parse to succeed (a field with a default may be left out).
 */
function componentSchemas(): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(namedSchemas)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io: 'input',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
  });
  // The document's dialect and the component's place say what each component's $schema and $id would.
  return Object.fromEntries(
    Object.entries(schemas).map(([id, { $schema: _dialect, $id: _place, ...schema }]) => [id, schema]),
  );
}

function parameters(endpoint: Endpoint) {
  const path = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const query = (endpoint.query ?? []).map((name) => ({
    name,
    in: 'query',
    required: false,
    schema: { type: 'string' },
  }));
  const headers = [
    ...(endpoint.participant
      ? [
          {
            name: 'pxns-participant-id',
            in: 'header',
            required: endpoint.participant === 'required',
            schema: { type: 'string' },
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
  return { required: true, content: { 'application/json': { schema: ref(endpoint.body) } } };
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
    ...(endpoint.auth === 'bearer' ? { security: [{ bearer: [] }] } : { security: [] }),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: {
      '2XX': success(endpoint),
      ...(endpoint.auth === 'bearer' ? { '401': answerRef('Unauthorized') } : {}),
      '4XX': answerRef('Refused'),
      '5XX': answerRef('Failed'),
    },
  };
}

/** The tenant API the portal calls, as an OpenAPI 3.1 document built from the client's own schemas. */
export function tenantApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) (paths[endpoint.path] ??= {})[endpoint.method] = operation(endpoint);
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
      },
    },
  };
}

/** The document as it is committed and served: two-space JSON with a final newline. */
export const tenantApiDocumentText = () => `${JSON.stringify(tenantApiDocument(), null, 2)}\n`;
