// The derived surfaces registered next to the REST routes: MCP, OpenAPI, function calling, docs.
import type { FastifyInstance } from 'fastify';
import { rubric } from '../tools/alignment-gate/rubric.ts';
import { platformEndpoints, publicTools } from './api.ts';
import type { CallPath } from './call/execute.ts';
import { renderDocs } from './docs.ts';
import { functionDefinitions } from './function-calling.ts';
import { registerMcp } from './mcp.ts';
import { buildOpenApi } from './openapi.ts';
import type { JsonSchema } from './schemas.ts';

function registerDescriptions(app: FastifyInstance, callPath: CallPath): void {
  // Built once per app: the registry and the configuration do not change while it runs.
  let openapi: JsonSchema | undefined;
  let docs: string | undefined;
  let definitions: string | undefined;
  const doc = (): JsonSchema => (openapi ??= buildOpenApi({ publicUrl: callPath.deps.config.publicUrl, tools: callPath.deployment.deployedTools() }));
  app.get('/openapi.json', async (_req, reply) => reply.type('application/json; charset=utf-8').send(doc()));
  app.get('/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send((docs ??= renderDocs(doc()))));
  app.get('/v1/tools', async (_req, reply) => {
    definitions ??= JSON.stringify(functionDefinitions(publicTools(callPath, callPath.deps.backends ? platformEndpoints(callPath).uploads : undefined)));
    return reply.type('application/json; charset=utf-8').send(definitions);
  });
  // What alignment-gate grades against: public, so users can read the rubric before they pay for a call.
  const gate = callPath.deployment.toolByName('alignment-gate');
  if (gate && callPath.deployment.isDeployed(gate)) {
    app.get('/v1/alignment-gate/rubric', async () => rubric());
  }
}

export const defaultSurfaces: Array<(app: FastifyInstance, callPath: CallPath) => void> = [registerMcp, registerDescriptions];
