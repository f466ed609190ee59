// log-analyzer: cluster log lines into event signatures, count levels, and flag anomalies (error spikes, bursts, new and rare events).
import { z } from 'zod';
import { defineTool } from '../kit/contract.ts';
import { requireTextOrUpload, uploadIdField } from '../kit/fields.ts';
import { MAX_ANOMALIES } from './anomalies.ts';
import { analyzeInput } from './engine.ts';
import { examples } from './examples.ts';
import { hostileCases } from './hostile.ts';
import { LEVELS } from './levels.ts';

const MAX_LOG_CHARS = 5_242_880;
const MAX_CLUSTERS = 1000;
const MAX_LINES = MAX_LOG_CHARS + 1;

const levelEnum = z.enum(LEVELS);

export const input = z
  .object({
    log: z
      .string()
      .max(MAX_LOG_CHARS)
      .optional()
      .describe(
        'The log text (UTF-8, LF or CRLF line ends), up to 5 MB. Any format: syslog, ISO-8601 or other timestamped lines, Apache/nginx access and error logs, log4j/logback, JSON lines, logfmt, pipe-delimited. Java stack traces and indented continuation lines are kept with the line above. Give this or upload_id.',
      ),
    upload_id: uploadIdField.optional(),
    max_clusters: z.number().int().min(1).max(MAX_CLUSTERS).default(50).describe('How many clusters to list, most frequent first (1-1000, default 50). cluster_count still reports every cluster found.'),
    bucket_seconds: z
      .number()
      .int()
      .min(1)
      .max(604800)
      .optional()
      .describe('Width of the time windows used for error-spike and burst detection, in seconds (1-604800). Omitted: chosen from the log time span (about 60 windows).'),
    return_assignments: z
      .boolean()
      .default(false)
      .describe('Also return, for every input line, the index of its cluster in the full ranking (-1 for blank lines and continuation lines kept with the line above).'),
  })
  .superRefine(requireTextOrUpload('log'));

/** The engine's input, defaults applied. */
export type Input = z.output<typeof input>;

const isoOrNull = z.iso.datetime().nullable();

const cluster = z.object({
  signature: z.string().max(2000).describe('The normalised message: constant words kept, variable parts replaced by placeholders (<NUM>, <IP>, <HOST>, <PATH>, <UUID>, <HEX>, <DATE>, <*>). Never a raw timestamp, id or varying number.'),
  count: z.number().int().min(1).describe('Log records (lines with their continuation lines) in the cluster.'),
  level: levelEnum.describe('Most common level of the records; inferred from the wording when the lines carry none.'),
  first_seen: isoOrNull.describe('Earliest timestamp of the cluster (ISO 8601, UTC; logs without an offset are read as UTC), or null when no record carried one.'),
  last_seen: isoOrNull.describe('Latest timestamp of the cluster, or null.'),
  sample: z.string().max(1000).describe('One verbatim line of the cluster (its first occurrence), cut at 1000 characters.'),
});

const anomaly = z.object({
  type: z.enum(['error_spike', 'burst', 'new_signature', 'rare_signature']).describe('error_spike: far more error lines than usual in a window; burst: far more lines than usual; new_signature: an event first seen in the second half of the log; rare_signature: a warning or error that occurs only a handful of times.'),
  severity: z.enum(['low', 'medium', 'high']).describe('How much the anomaly deserves attention.'),
  signature: z.string().max(2000).describe('The cluster signature involved (for spikes and bursts, the one contributing the most lines).'),
  window_start: isoOrNull.describe('Start of the time window (ISO 8601), or null when the log has no usable timestamps.'),
  window_end: isoOrNull.describe('End of the time window (exclusive), or null.'),
  detail: z.string().max(1000).describe('The figures behind the finding.'),
});

const output = z.object({
  clusters: z.array(cluster).max(MAX_CLUSTERS).describe('Event clusters, most frequent first (ties: first seen first).'),
  cluster_count: z.number().int().min(0).describe('Clusters found in total (may exceed the number listed).'),
  total_lines: z.number().int().min(0).describe('Lines in the input (a final newline does not start a line).'),
  records: z.number().int().min(0).describe('Log records: non-blank lines that are not continuation lines.'),
  format: z
    .object({
      name: z
        .enum(['syslog', 'iso8601', 'log4j', 'apache_error', 'nginx_error', 'apache_access', 'json_lines', 'logfmt', 'pipe_delimited', 'custom', 'plain', 'empty'])
        .describe('The detected family of the header layout.'),
      layout: z.string().max(500).describe('The detected header layout, e.g. "<timestamp> <level> [<field>] <component>: <message>".'),
      timestamped_lines: z.number().int().min(0).describe('Records whose header carried a timestamp.'),
    })
    .describe('The header layout detected without being told the format.'),
  levels: z.partialRecord(levelEnum, z.number().int().min(0)).describe('Records per level (levels that occur only).'),
  bucket_seconds: z.number().int().min(1).nullable().describe('Window width used for time-based anomalies, or null when the log has no usable timestamps (windows of records are used instead).'),
  anomalies: z.array(anomaly).max(MAX_ANOMALIES).describe('Anomalies, most severe first, at most 100.'),
  assignments: z
    .array(z.number().int().min(-1))
    .max(MAX_LINES)
    .optional()
    .describe('Present when return_assignments is true: for each input line, the index of its cluster in the full ranking (indexes from max_clusters on are clusters not listed), or -1.'),
});

/** The engine's answer: the success body without request_id. */
export type Output = z.input<typeof output>;

/** None of its own: any text is a log (an empty one answers zero records), so every refusal is a schema field code. */
export default defineTool({
  name: 'log-analyzer',
  title: 'Log analyzer',
  summary: 'Cluster log lines into event signatures and flag error spikes, bursts, new and rare events',
  description:
    'Reads a log file (pasted, or uploaded up to 5 MB, gzip accepted) without being told its format: detects the header layout (syslog, ISO-8601, Apache/nginx, log4j/logback, JSON lines, logfmt and other column layouts), keeps stack traces with their line, and groups the messages into event clusters whose signatures replace variable parts (numbers, ids, addresses, paths, users) with placeholders. Returns the clusters (count, level, first and last timestamp, a sample line), the count per level, and anomalies an on-call engineer cares about: error-rate spikes and volume bursts per time window, events first seen late, and rare warnings or errors. One configuration for every log; deterministic. Use it to summarise an unfamiliar log, find what changed, or pick the errors worth reading. Limits: 5 MB of text; signatures are built from the first 4000 characters and 200 tokens of a message; timestamps without an offset are read as UTC, and year-less ones (syslog) are placed in the year before the call when they would otherwise lie in the future.',
  credits: 2,
  input,
  output,
  uploadField: 'log',
  hostile: hostileCases,
  examples,
  run(args, ctx) {
    return analyzeInput(args, ctx.now().getTime());
  },
});
