// The derived surfaces registered next to the REST routes: MCP, OpenAPI, function calling, docs.
import type { FastifyInstance } from 'fastify';
import { platformEndpoints, publicTools } from './api.ts';
import type { CallPath } from './call/execute.ts';
import { renderDocs } from './docs.ts';
import { functionDefinitions } from './function-calling.ts';
import { registerMcp } from './mcp.ts';
import { buildOpenApi } from './openapi.ts';
import type { JsonSchema } from './schemas.ts';

function registerDescriptions(app: FastifyInstance, callPath: CallPath): void {
  // Built once per app, on first request: the registry and the configuration do not change while it runs.
  let openapi: Promise<JsonSchema> | undefined;
  let docs: Promise<string> | undefined;
  let definitions: Promise<string> | undefined;
  const doc = (): Promise<JsonSchema> =>
    (openapi ??= callPath.deployment.loadDeployed().then((tools) => buildOpenApi({ publicUrl: callPath.deps.config.publicUrl, tools })));
  app.get('/openapi.json', async (_req, reply) => reply.type('application/json; charset=utf-8').send(await doc()));
  app.get('/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(await (docs ??= doc().then(renderDocs))));
  app.get('/v1/tools', async (_req, reply) => {
    const uploads = callPath.deps.backends ? platformEndpoints(callPath).uploads : undefined;
    definitions ??= publicTools(callPath, uploads).then((t) => JSON.stringify(functionDefinitions(t)));
    return reply.type('application/json; charset=utf-8').send(await definitions);
  });
  // What alignment-gate grades against: public, so users can read the rubric before they pay for a call.
  const gate = callPath.deployment.entryByName('alignment-gate');
  if (gate && callPath.deployment.isDeployed(gate)) {
    app.get('/v1/alignment-gate/rubric', async () => (await import('../tools/alignment-gate/rubric.ts')).rubric());
  }
}

export const defaultSurfaces: Array<(app: FastifyInstance, callPath: CallPath) => void> = [registerMcp, registerDescriptions];
