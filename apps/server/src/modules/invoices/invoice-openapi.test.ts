import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('the billing calls in the OpenAPI document', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  it('lists every call of API.md "WIP and invoices" with its body schema', async () => {
    const response = await testApp.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, Record<string, { requestBody?: unknown }>>;
    for (const [path, method] of [
      ['/clients/{id}/wip', 'get'],
      ['/invoices', 'get'],
      ['/invoices', 'post'],
      ['/invoices/{id}', 'get'],
      ['/invoices/{id}', 'put'],
      ['/invoices/{id}', 'delete'],
      ['/invoices/{id}/issue', 'post'],
      ['/invoices/{id}/void', 'post'],
      ['/invoices/{id}/credit-memo', 'post'],
      ['/invoices/{id}/write-off', 'post'],
      ['/invoices/{id}/pdf', 'get'],
      ['/invoices/{id}/email', 'post'],
      ['/invoice-texts', 'get'],
      ['/invoice-texts', 'post'],
      ['/invoice-texts/{id}', 'put'],
      ['/invoice-texts/{id}', 'delete'],
    ] as const) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(paths['/invoices']!.post!.requestBody).toBeDefined();
  });
});
