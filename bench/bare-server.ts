// The baselines for npm run bench: bare Fastify routes answering the same JSON as the pipeline, without it.
//   POST /v1/saas-metrics      parses the body (Fastify's own JSON parser), runs the same engine, replies:
//                              the tool's own work, so the pipeline's cost is what the ratio measures.
//   POST /static/saas-metrics  replies with the answer computed once at start: the HTTP stack alone.
import Fastify from 'fastify';
import { computeSaasMetrics } from '../src/tools/saas-metrics/engine.ts';
import type { Input as SaasInput } from '../src/tools/saas-metrics/tool.ts';
import { BENCH_INPUT } from './pipeline-input.ts';

const precomputed = { ...computeSaasMetrics(BENCH_INPUT), request_id: 'req_AAAAAAAAAAAAAAAA' };
let counter = 0;
const app = Fastify({ logger: { level: process.env.DDT_LOG_LEVEL ?? 'warn' } });
app.post('/v1/saas-metrics', async (req, reply) => {
  counter = (counter + 1) % 0x7fffffff;
  const body = { ...computeSaasMetrics(req.body as SaasInput), request_id: `req_AAAAAAAAAA${counter.toString(36).padStart(6, '0')}` };
  return reply.type('application/json; charset=utf-8').send(body);
});
app.post('/static/saas-metrics', async (_req, reply) => reply.type('application/json; charset=utf-8').send(precomputed));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 8099) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
