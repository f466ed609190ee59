// The derived surfaces registered next to the REST routes: MCP, OpenAPI, function calling, docs.
import type { FastifyInstance } from 'fastify';
import type { Pipeline } from './pipeline.ts';

export const defaultSurfaces: Array<(app: FastifyInstance, pipeline: Pipeline) => void> = [];
