import { createConfig, lintFromString } from '@redocly/openapi-core';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOpenapiDocument } from '../scripts/openapi-source.js';
import { OPERATIONS } from '../src/http/openapi-operations.js';
import { REQUEST_EXAMPLES } from '../src/http/openapi-examples.js';

// The OpenAPI document as generators see it. The document does not depend on the database engine,
// so it is built once (over SQLite) rather than per dialect.

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

describe('OpenAPI document', () => {
  let doc: Json;
  let operations: { key: string; method: string; path: string; op: Json }[];
  beforeAll(async () => {
    doc = await buildOpenapiDocument();
    operations = Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((method) => ({
        key: `${method.toUpperCase()} ${path}`,
        method,
        path,
        op: item[method],
      })),
    );
  });

  it('has an operationId from the central table for every route, unique, and no table entry without a route', () => {
    const missing = operations.filter(({ op }) => !op.operationId).map(({ key }) => key);
    // A new route needs its line in src/http/openapi-operations.ts.
    expect(missing).toEqual([]);
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.map(({ key }) => key).sort()).toEqual(Object.keys(OPERATIONS).sort());
    for (const { key, op } of operations) expect(op.operationId, key).toBe(OPERATIONS[key].operationId);
    expect(doc.paths['/api/v1/tickets'].get.operationId).toBe('listTickets');
    expect(doc.paths['/api/v1/tickets/{ticket_id}'].patch.operationId).toBe('updateTicket');
  });

  it('names its schemas (no def-N) and refers to them from bodies and responses', () => {
    const names = Object.keys(doc.components.schemas);
    expect(names.filter((n) => /^def-\d+$/.test(n))).toEqual([]);
    for (const name of [
      'Ticket',
      'TicketListItem',
      'Message',
      'Customer',
      'Webhook',
      'WebhookDelivery',
      'Usage',
      'Error',
      'CreateTicketInput',
    ]) {
      expect(names).toContain(name);
    }
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const json = (response: Json) => response.content['application/json'].schema;
    expect(json(doc.paths['/api/v1/tickets/{ticket_id}'].get.responses['200']).properties.data).toEqual(ref('Ticket'));
    expect(json(doc.paths['/api/v1/tickets'].get.responses['200']).properties.data.items).toEqual(
      ref('TicketListItem'),
    );
    expect(json(doc.paths['/api/v1/tickets'].get.responses['200']).properties.meta).toEqual(ref('PaginationMeta'));
    expect(doc.paths['/api/v1/tickets'].post.requestBody.content['application/json'].schema).toEqual(
      ref('CreateTicketInput'),
    );
    expect(doc.components.schemas.Ticket.properties.messages.items).toEqual(ref('Message'));
    expect(
      json(
        doc.paths['/api/v1/customers'].get.responses['404'] ?? { content: { 'application/json': { schema: null } } },
      ),
    ).toBeNull();
  });

  it('lists only the errors an operation can give, with their codes and headers', () => {
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path][method].responses);
    // 408, 417 and 431: any request, answered by the HTTP layer before routing.
    const layer = ['408', '417', '431'];
    const sorted = (list: string[]) => [...list, ...layer].sort();
    expect(statuses('/api/v1/tickets/{ticket_id}', 'get')).toEqual(
      sorted(['200', '304', '400', '401', '403', '404', '429', '503']),
    );
    expect(statuses('/api/v1/tickets', 'get')).toEqual(sorted(['200', '400', '401', '403', '429', '503']));
    expect(statuses('/api/v1/customers', 'post')).toEqual(
      sorted(['201', '400', '401', '403', '409', '413', '415', '422', '429', '503']),
    );
    expect(statuses('/api/v1/customers/{customer_id}', 'delete')).toEqual(
      sorted(['200', '400', '401', '403', '404', '412', '413', '415', '429', '503']),
    );
    // Idempotency-Key on POSTs, If-Match on conditional writes: their codes, listed with the others.
    expect(doc.paths['/api/v1/customers'].post.responses['409'].description).toContain('`idempotency_key_in_use`');
    expect(doc.paths['/api/v1/customers'].post.responses['409'].description).toContain('`conflict`');
    expect(doc.paths['/api/v1/customers'].post.responses['422'].description).toContain('`idempotency_key_reused`');
    expect(doc.paths['/api/v1/customers/{customer_id}'].delete.responses['412'].description).toContain(
      '`precondition_failed`',
    );
    expect(statuses('/healthz', 'get')).toEqual(sorted(['200', '400']));
    expect(statuses('/readyz', 'get')).toEqual(sorted(['200', '400', '503']));
    const createTicket = doc.paths['/api/v1/tickets'].post.responses;
    expect(createTicket['403'].description).toContain('`plan_limit_exceeded`');
    expect(createTicket['403'].description).toContain('`insufficient_scope`');
    expect(createTicket['503'].description).toContain('`service_unavailable`');
    expect(createTicket['503'].headers).toHaveProperty('Retry-After');
    expect(createTicket['429'].headers).toHaveProperty('Retry-After');
    expect(createTicket['201'].headers).toHaveProperty('RateLimit-Remaining');
    expect(doc.components.headers.RetryAfter.schema).toMatchObject({ type: 'integer' });
    for (const { key, op } of operations) {
      for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
        expect(response.description, `${key} ${status}`).not.toBe('Default Response');
      }
    }
  });

  it('has tags with descriptions, servers and an example for every request body that validates against it', () => {
    expect(doc.servers.length).toBeGreaterThan(0);
    const used = new Set(operations.flatMap(({ op }) => op.tags ?? []));
    expect(doc.tags.map((t: Json) => t.name).sort()).toEqual([...used].sort());
    for (const tag of doc.tags) expect(tag.description, tag.name).toBeTruthy();
    const ajv = new Ajv2020.default({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ $id: 'doc', components: doc.components });
    const withBody = operations.filter(({ op }) => op.requestBody);
    expect(withBody.length).toBeGreaterThan(15);
    for (const { key, op } of withBody) {
      const media = op.requestBody.content['application/json'];
      expect(media.example, key).toBeDefined();
      const validate = ajv.compile({ $ref: `doc${media.schema.$ref}` });
      expect(validate(structuredClone(media.example)), `${key}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(Object.keys(REQUEST_EXAMPLES).sort()).toEqual(withBody.map(({ op }) => op.operationId).sort());
  });

  it("passes Redocly's recommended rules without an error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });
});
