// log-analyzer: cluster log lines into event signatures, count levels, and flag anomalies (error spikes, bursts, new and rare events).
import { z } from 'zod';
import { defineTool } from '../kit/contract.ts';
import { requireTextOrUpload, uploadIdField } from '../kit/fields.ts';
import { MAX_ANOMALIES } from './anomalies.ts';
import { analyzeLog } from './engine.ts';
import { hostileCases } from './hostile.ts';
import { LEVELS } from './levels.ts';

export const MAX_LOG_CHARS = 5_242_880;
export const MAX_CLUSTERS = 1000;
const MAX_LINES = MAX_LOG_CHARS + 1;

const levelEnum = z.enum(LEVELS);

const input = z
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

export default defineTool({
  name: 'log-analyzer',
  title: 'Log analyzer',
  summary: 'Cluster log lines into event signatures and flag error spikes, bursts, new and rare events',
  description:
    'Reads a log file (pasted, or uploaded up to 5 MB, gzip accepted) without being told its format: detects the header layout (syslog, ISO-8601, Apache/nginx, log4j/logback, JSON lines, logfmt and other column layouts), keeps stack traces with their line, and groups the messages into event clusters whose signatures replace variable parts (numbers, ids, addresses, paths, users) with placeholders. Returns the clusters (count, level, first and last timestamp, a sample line), the count per level, and anomalies an on-call engineer cares about: error-rate spikes and volume bursts per time window, events first seen late, and rare warnings or errors. One configuration for every log; deterministic. Use it to summarise an unfamiliar log, find what changed, or pick the errors worth reading. Limits: 5 MB of text; signatures are built from the first 4000 characters and 200 tokens of a message; timestamps without an offset are read as UTC, and year-less ones (syslog) are placed in the year before the call when they would otherwise lie in the future.',
  credits: 2,
  deployed: true,
  input,
  output,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  uploadField: 'log',
  hostile: hostileCases,
  examples: [
    {
      title: "A log4j service log with a Java stack trace kept with its line",
      input: {
        "log": "2026-07-21 09:00:01,120 INFO  [main] com.acme.orders.Server: Started on port 8080\n2026-07-21 09:00:05,311 INFO  [http-1] com.acme.orders.Api: GET /orders/1042 took 12 ms\n2026-07-21 09:00:09,870 INFO  [http-2] com.acme.orders.Api: GET /orders/1043 took 9 ms\n2026-07-21 09:00:14,002 INFO  [http-1] com.acme.orders.Api: GET /orders/1044 took 15 ms\n2026-07-21 09:00:20,455 WARN  [pool-3] com.acme.orders.Db: Slow query on table orders: 1250 ms\n2026-07-21 09:00:31,019 ERROR [http-2] com.acme.orders.Api: Payment gateway timeout for order 1045\njava.net.SocketTimeoutException: Read timed out\n\tat java.net.SocketInputStream.socketRead0(Native Method)\n\tat com.acme.orders.Gateway.charge(Gateway.java:88)\n2026-07-21 09:00:33,540 ERROR [http-1] com.acme.orders.Api: Payment gateway timeout for order 1046\n2026-07-21 09:00:35,101 INFO  [http-2] com.acme.orders.Api: GET /orders/1047 took 11 ms\n"
      },
      output: {
        "clusters": [
          {
            "signature": "GET <PATH> took <NUM> ms",
            "count": 4,
            "level": "info",
            "first_seen": "2026-07-21T09:00:05.311Z",
            "last_seen": "2026-07-21T09:00:35.101Z",
            "sample": "2026-07-21 09:00:05,311 INFO  [http-1] com.acme.orders.Api: GET /orders/1042 took 12 ms"
          },
          {
            "signature": "Payment gateway timeout for order <NUM>",
            "count": 2,
            "level": "error",
            "first_seen": "2026-07-21T09:00:31.019Z",
            "last_seen": "2026-07-21T09:00:33.540Z",
            "sample": "2026-07-21 09:00:31,019 ERROR [http-2] com.acme.orders.Api: Payment gateway timeout for order 1045"
          },
          {
            "signature": "Started on port <NUM>",
            "count": 1,
            "level": "info",
            "first_seen": "2026-07-21T09:00:01.120Z",
            "last_seen": "2026-07-21T09:00:01.120Z",
            "sample": "2026-07-21 09:00:01,120 INFO  [main] com.acme.orders.Server: Started on port 8080"
          },
          {
            "signature": "Slow query on table orders: <NUM> ms",
            "count": 1,
            "level": "warn",
            "first_seen": "2026-07-21T09:00:20.455Z",
            "last_seen": "2026-07-21T09:00:20.455Z",
            "sample": "2026-07-21 09:00:20,455 WARN  [pool-3] com.acme.orders.Db: Slow query on table orders: 1250 ms"
          }
        ],
        "cluster_count": 4,
        "total_lines": 11,
        "records": 8,
        "format": {
          "name": "log4j",
          "layout": "<timestamp> <level> [<field>] <component>: <message>",
          "timestamped_lines": 8
        },
        "levels": {
          "info": 5,
          "warn": 1,
          "error": 2
        },
        "bucket_seconds": 1,
        "anomalies": [
          {
            "type": "new_signature",
            "severity": "high",
            "signature": "Payment gateway timeout for order <NUM>",
            "window_start": "2026-07-21T09:00:31.000Z",
            "window_end": "2026-07-21T09:00:34.000Z",
            "detail": "First seen in window 31 of 35 (2026-07-21T09:00:31.000Z to 2026-07-21T09:00:34.000Z); 2 lines at level error."
          },
          {
            "type": "new_signature",
            "severity": "medium",
            "signature": "Slow query on table orders: <NUM> ms",
            "window_start": "2026-07-21T09:00:20.000Z",
            "window_end": "2026-07-21T09:00:21.000Z",
            "detail": "First seen in window 20 of 35 (2026-07-21T09:00:20.000Z to 2026-07-21T09:00:21.000Z); 1 line at level warn."
          }
        ]
      },
    },
    {
      title: "A syslog SSH log, with line assignments (the blank line is -1)",
      input: {
        "log": "Jul 21 06:55:46 bastion sshd[24200]: Invalid user webadmin from 203.0.113.7\nJul 21 06:55:48 bastion sshd[24200]: Failed password for invalid user webadmin from 203.0.113.7 port 38926 ssh2\nJul 21 06:56:02 bastion sshd[24204]: Invalid user oracle from 198.51.100.23\nJul 21 06:56:04 bastion sshd[24204]: Failed password for invalid user oracle from 198.51.100.23 port 51002 ssh2\nJul 21 07:01:10 bastion sshd[24310]: Accepted publickey for deploy from 192.0.2.10 port 50122 ssh2\n\nJul 21 07:01:10 bastion sshd[24310]: pam_unix(sshd:session): session opened for user deploy by (uid=0)",
        "return_assignments": true
      },
      output: {
        "clusters": [
          {
            "signature": "Invalid user <*> from <IP>",
            "count": 2,
            "level": "warn",
            "first_seen": "2026-07-21T06:55:46.000Z",
            "last_seen": "2026-07-21T06:56:02.000Z",
            "sample": "Jul 21 06:55:46 bastion sshd[24200]: Invalid user webadmin from 203.0.113.7"
          },
          {
            "signature": "Failed password for invalid user <*> from <IP> port <NUM> ssh2",
            "count": 2,
            "level": "error",
            "first_seen": "2026-07-21T06:55:48.000Z",
            "last_seen": "2026-07-21T06:56:04.000Z",
            "sample": "Jul 21 06:55:48 bastion sshd[24200]: Failed password for invalid user webadmin from 203.0.113.7 port 38926 ssh2"
          },
          {
            "signature": "Accepted publickey for deploy from <IP> port <NUM> ssh2",
            "count": 1,
            "level": "info",
            "first_seen": "2026-07-21T07:01:10.000Z",
            "last_seen": "2026-07-21T07:01:10.000Z",
            "sample": "Jul 21 07:01:10 bastion sshd[24310]: Accepted publickey for deploy from 192.0.2.10 port 50122 ssh2"
          },
          {
            "signature": "pam_unix(sshd:session): session opened for user <*> by (uid=0)",
            "count": 1,
            "level": "info",
            "first_seen": "2026-07-21T07:01:10.000Z",
            "last_seen": "2026-07-21T07:01:10.000Z",
            "sample": "Jul 21 07:01:10 bastion sshd[24310]: pam_unix(sshd:session): session opened for user deploy by (uid=0)"
          }
        ],
        "cluster_count": 4,
        "total_lines": 7,
        "records": 6,
        "format": {
          "name": "syslog",
          "layout": "<timestamp> <field> <component>: <message>",
          "timestamped_lines": 6
        },
        "levels": {
          "info": 2,
          "warn": 2,
          "error": 2
        },
        "bucket_seconds": 10,
        "anomalies": [
          {
            "type": "new_signature",
            "severity": "low",
            "signature": "Accepted publickey for deploy from <IP> port <NUM> ssh2",
            "window_start": "2026-07-21T07:01:10.000Z",
            "window_end": "2026-07-21T07:01:20.000Z",
            "detail": "First seen in window 34 of 34 (2026-07-21T07:01:10.000Z to 2026-07-21T07:01:20.000Z); 1 line at level info."
          },
          {
            "type": "new_signature",
            "severity": "low",
            "signature": "pam_unix(sshd:session): session opened for user <*> by (uid=0)",
            "window_start": "2026-07-21T07:01:10.000Z",
            "window_end": "2026-07-21T07:01:20.000Z",
            "detail": "First seen in window 34 of 34 (2026-07-21T07:01:10.000Z to 2026-07-21T07:01:20.000Z); 1 line at level info."
          }
        ],
        "assignments": [
          0,
          1,
          0,
          1,
          2,
          -1,
          3
        ]
      },
    },
    {
      title: "JSON lines, listing at most 2 clusters",
      input: {
        "log": "{\"time\":\"2026-07-21T10:00:00.000Z\",\"level\":\"info\",\"msg\":\"cache warmed\",\"entries\":5120}\n{\"time\":\"2026-07-21T10:00:02.500Z\",\"level\":\"info\",\"msg\":\"request served\",\"path\":\"/api/items/77\",\"ms\":14}\n{\"time\":\"2026-07-21T10:00:03.100Z\",\"level\":\"info\",\"msg\":\"request served\",\"path\":\"/api/items/78\",\"ms\":9}\n{\"time\":\"2026-07-21T10:00:04.900Z\",\"level\":\"error\",\"msg\":\"upstream refused connection to 10.0.4.12:5432\"}",
        "max_clusters": 2
      },
      output: {
        "clusters": [
          {
            "signature": "request served",
            "count": 2,
            "level": "info",
            "first_seen": "2026-07-21T10:00:02.500Z",
            "last_seen": "2026-07-21T10:00:03.100Z",
            "sample": "{\"time\":\"2026-07-21T10:00:02.500Z\",\"level\":\"info\",\"msg\":\"request served\",\"path\":\"/api/items/77\",\"ms\":14}"
          },
          {
            "signature": "cache warmed",
            "count": 1,
            "level": "info",
            "first_seen": "2026-07-21T10:00:00.000Z",
            "last_seen": "2026-07-21T10:00:00.000Z",
            "sample": "{\"time\":\"2026-07-21T10:00:00.000Z\",\"level\":\"info\",\"msg\":\"cache warmed\",\"entries\":5120}"
          }
        ],
        "cluster_count": 3,
        "total_lines": 4,
        "records": 4,
        "format": {
          "name": "json_lines",
          "layout": "{json object per line}",
          "timestamped_lines": 4
        },
        "levels": {
          "info": 3,
          "error": 1
        },
        "bucket_seconds": 1,
        "anomalies": [
          {
            "type": "new_signature",
            "severity": "high",
            "signature": "upstream refused connection to <IP>:<NUM>",
            "window_start": "2026-07-21T10:00:04.000Z",
            "window_end": "2026-07-21T10:00:05.000Z",
            "detail": "First seen in window 5 of 5 (2026-07-21T10:00:04.000Z to 2026-07-21T10:00:05.000Z); 1 line at level error."
          }
        ]
      },
    },
  ],
  run(args, ctx) {
    return analyzeLog(args.log ?? '', {
      maxClusters: args.max_clusters,
      bucketSeconds: args.bucket_seconds,
      returnAssignments: args.return_assignments,
      nowMs: ctx.now().getTime(),
    });
  },
});
