// Worked examples of log-analyzer: the registry test runs each input and expects the output exactly.
import type { z } from 'zod';
import type { ToolExample } from '../kit/contract.ts';
import type { input, Output } from './tool.ts';

export const examples: ToolExample<z.input<typeof input>, Output>[] = [
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
];
