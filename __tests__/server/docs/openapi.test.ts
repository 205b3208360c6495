import SwaggerParser from '@apidevtools/swagger-parser';
import openapiTS, { astToString } from 'openapi-typescript';
import { startTestApp, type TestApp } from '../helpers';

/** The served OpenAPI document is fed to standard tools: a validator and a type generator. */
let t: TestApp;
let doc: Record<string, unknown>;
beforeAll(async () => {
  t = await startTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t?.close());

describe('/docs/json', () => {
  it('is a valid OpenAPI 3.0 document', async () => {
    expect(doc.openapi).toMatch(/^3\.0\./);
    // The validator dereferences the document in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it('generates TypeScript types, the body of POST /receipts as either shape', async () => {
    const types = astToString(await openapiTS(structuredClone(doc) as never));
    expect(types).toContain('"/receipts": {');
    expect(types).toMatch(/store_name: string;[\s\S]*\| \{[\s\S]*store: string;/);
  });
});
