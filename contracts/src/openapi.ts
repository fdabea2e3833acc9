import { z, type ZodType } from 'zod';
import { errorSchema } from './common';
import type { RouteDef } from './route';
import { routeTable } from './routes';

type JsonObject = Record<string, unknown>;

const toSchema = (schema: ZodType, io: 'input' | 'output'): JsonObject => {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonObject;
  delete json.$schema;
  return json;
};

const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

function parameters(route: RouteDef): JsonObject[] {
  const list: JsonObject[] = [];
  const add = (schema: ZodType | undefined, where: 'path' | 'query') => {
    if (!schema) return;
    const json = toSchema(schema, 'input');
    const props = (json.properties ?? {}) as Record<string, JsonObject>;
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries(props)) {
      const isArray = prop.type === 'array' || Array.isArray(prop.anyOf);
      list.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        schema: prop,
        ...(isArray && where === 'query' ? { explode: true, style: 'form' } : {}),
      });
    }
  };
  add(route.params, 'path');
  add(route.query, 'query');
  return list;
}

/** What a 401 means, by the kind of caller the route expects. */
const UNAUTHORIZED: Record<Exclude<RouteDef['access'], 'public'>, string> = {
  admin: 'Missing, invalid, expired or revoked token',
  webhook: 'Wrong or missing X-Webhook-Secret',
  signed: 'Missing, malformed, stale or wrong signature',
};

function operation(route: RouteDef): JsonObject {
  const ok = String(route.status ?? 200);
  const responses: JsonObject = {};
  if (route.response === 'binary') {
    responses[ok] = {
      description: 'The file',
      content: { 'image/png': { schema: { type: 'string', format: 'binary' } }, 'image/jpeg': { schema: { type: 'string', format: 'binary' } } },
    };
  } else if (route.response === 'zip') {
    responses[ok] = { description: 'A ZIP archive', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } };
  } else if (route.response === 'calendar') {
    responses[ok] = { description: 'An iCalendar file (RFC 5545)', content: { 'text/calendar': { schema: { type: 'string' } } } };
  } else {
    responses[ok] = { description: 'Success', ...(route.response ? { content: { 'application/json': { schema: toSchema(route.response, 'output') } } } : {}) };
  }
  if (route.cacheable) responses['304'] = { description: 'Not modified since the ETag given in If-None-Match' };
  const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
  if (route.params || route.query || route.body) responses['400'] = error('Invalid input; `message` says what to fix');
  if (route.body) responses['413'] = error('Request body too large');
  if (route.access !== 'public') responses['401'] = error(UNAUTHORIZED[route.access]);
  if (route.roles)
    responses['403'] = error(route.access === 'admin' ? 'Signed in with a role that may not call this' : 'A staff token of a role that may not act here');
  if (route.params) responses['404'] = error('Not found');
  if (route.method !== 'get') responses['429'] = error('Too many requests; see Retry-After');
  for (const [status, description] of Object.entries(route.errors ?? {})) responses[status] = error(description ?? 'Error');

  const op: JsonObject = {
    operationId: `${route.method}${route.path.replace(/[/:-]+([a-z])/gi, (_, c: string) => c.toUpperCase())}`,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    parameters: parameters(route),
    responses,
    // The roles the route table lets call it: the one place permissions are written.
    ...(route.roles ? { 'x-roles': [...route.roles] } : {}),
  };
  if (route.access === 'admin') op.security = [{ bearerAuth: [] }];
  if (route.access === 'webhook') op.security = [{ webhookSecret: [] }];
  if (route.access === 'signed') op.security = [{ paymongoSignature: [] }];
  if (route.body === 'multipart-image') {
    op.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', required: ['image'], properties: { image: { type: 'string', format: 'binary' } } } } },
    };
  } else if (route.body) {
    op.requestBody = { required: true, content: { 'application/json': { schema: toSchema(route.body, 'input') } } };
  }
  return op;
}

/** The OpenAPI 3.1 document of every route in the table. */
export function buildOpenApiDocument(serverUrl = '/'): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const route of routeTable) {
    const key = openApiPath(route.path);
    paths[key] = { ...(paths[key] ?? {}), [route.method]: operation(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Clinic & Studio Booking API',
      version: '1.0.0',
      description:
        'Public and staff API of the aesthetic clinic and photography studio: content, bookings, chat, newsletter. Times are Asia/Manila; prices are PHP.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: { Error: toSchema(errorSchema, 'output') },
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        webhookSecret: { type: 'apiKey', in: 'header', name: 'X-Webhook-Secret' },
        paymongoSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'Paymongo-Signature',
          description: "PayMongo's webhook signature: t=<unix seconds>,te=<test-mode HMAC-SHA256 hex>,li=<live-mode HMAC-SHA256 hex> of `<t>.<raw body>`",
        },
      },
    },
  };
}
