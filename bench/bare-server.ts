// The baseline for npm run bench: a bare Fastify route answering the same JSON, without the pipeline.
import Fastify from 'fastify';
import { computeSaasMetrics } from '../src/tools/saas-metrics/engine.ts';
import { BENCH_INPUT } from './pipeline-input.ts';

const body = { ...computeSaasMetrics(BENCH_INPUT), request_id: 'req_AAAAAAAAAAAAAAAA' };
const app = Fastify({ logger: { level: process.env.DDT_LOG_LEVEL ?? 'warn' } });
app.post('/v1/saas-metrics', async (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 8099) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
