import type { App } from '../shared/http.js';
import { Data, errorResponses, PagedList, SuccessResponse } from '../shared/schemas.js';
import {
  CreateCustomerBody,
  Customer,
  CustomerParams,
  ListCustomersQuery,
  UpdateCustomerBody,
} from './customer-schemas.js';
import type { CustomerService } from './customer-service.js';

export async function registerCustomerRoutes(app: App, { customers }: { customers: CustomerService }): Promise<void> {
  const tags = ['customers'];

  app.post(
    '/customers',
    {
      config: { scopes: ['customers:write'] },
      schema: {
        tags,
        summary: 'Create a customer',
        body: CreateCustomerBody,
        response: { 201: Data(Customer), ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await customers.create(request.auth.organizationId, request.body) }),
  );

  app.get(
    '/customers',
    {
      config: { scopes: ['customers:read'] },
      schema: {
        tags,
        summary: 'List customers (newest first), optionally searching email and name',
        querystring: ListCustomersQuery,
        response: { 200: PagedList(Customer), ...errorResponses },
      },
    },
    async (request) => customers.list(request.auth.organizationId, request.query),
  );

  app.get(
    '/customers/:customer_id',
    {
      config: { scopes: ['customers:read'] },
      schema: {
        tags,
        summary: 'Retrieve a customer',
        params: CustomerParams,
        response: { 200: Data(Customer), ...errorResponses },
      },
    },
    async (request) => ({ data: await customers.get(request.auth.organizationId, request.params.customer_id) }),
  );

  app.patch(
    '/customers/:customer_id',
    {
      config: { scopes: ['customers:write'] },
      schema: {
        tags,
        summary: 'Update a customer (omitted fields kept, null clears, metadata replaced whole)',
        params: CustomerParams,
        body: UpdateCustomerBody,
        response: { 200: Data(Customer), ...errorResponses },
      },
    },
    async (request) => ({
      data: await customers.update(
        request.auth.organizationId,
        request.params.customer_id,
        request.body,
        request.precondition ?? undefined,
      ),
    }),
  );

  app.delete(
    '/customers/:customer_id',
    {
      config: { scopes: ['customers:write'] },
      schema: {
        tags,
        summary: "Delete a customer with all of the customer's tickets and messages (irreversible)",
        params: CustomerParams,
        response: { 200: SuccessResponse, ...errorResponses },
      },
    },
    async (request) => {
      await customers.remove(
        request.auth.organizationId,
        request.params.customer_id,
        request.precondition ?? undefined,
      );
      return { success: true };
    },
  );
}
