// The derived surfaces registered next to the REST routes: MCP, OpenAPI, function calling, docs.
import type { FastifyInstance } from 'fastify';
import { renderDocs } from './docs.ts';
import { functionDefinitions } from './function-calling.ts';
import { registerMcp } from './mcp.ts';
import { buildOpenApi } from './openapi.ts';
import type { Pipeline } from './pipeline.ts';
import type { JsonSchema } from './schemas.ts';

function registerDescriptions(app: FastifyInstance, pipeline: Pipeline): void {
  // Built once per app: the registry and the configuration do not change while it runs.
  let openapi: JsonSchema | undefined;
  let docs: string | undefined;
  const doc = (): JsonSchema => (openapi ??= buildOpenApi({ publicUrl: pipeline.deps.config.publicUrl, tools: pipeline.deployedTools() }));
  app.get('/openapi.json', async (_req, reply) => reply.type('application/json; charset=utf-8').send(doc()));
  app.get('/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send((docs ??= renderDocs(doc()))));
  app.get('/v1/tools', async () => functionDefinitions(pipeline.enabledTools()));
}

export const defaultSurfaces: Array<(app: FastifyInstance, pipeline: Pipeline) => void> = [registerMcp, registerDescriptions];
