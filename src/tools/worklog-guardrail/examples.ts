// Worked examples of worklog-guardrail, executed by the registry test (each output must match the engine exactly).
// The answers echo the guardrails in effect: the rules' defaults, with the overrides the request makes.
import type { ToolExample } from '../kit/contract.ts';
import type { input } from './tool.ts';
import type { z } from 'zod';
import { DEFAULT_GUARDRAILS, RULE_IDS } from './rules.ts';
import type { RuleId } from './rules.ts';

/** The per-rule violation counts of a clean batch. */
const NO_VIOLATIONS = Object.fromEntries(RULE_IDS.map((id) => [id, 0])) as Record<RuleId, number>;

export const examples: ToolExample<z.input<typeof input>, Record<string, unknown>>[] = [
  {
    "title": "Default guardrails: an overlap, a future date, a malformed key and a missing description",
    "input": {
      "as_of": "2026-07-22",
      "entries": [
        {
          "id": "w1",
          "author": "ana",
          "date": "2026-07-20",
          "start": "09:00",
          "end": "12:30",
          "issue_key": "PAY-812",
          "description": "Refund webhook retries and tests"
        },
        {
          "id": "w2",
          "author": "ana",
          "date": "2026-07-20",
          "start": "12:00",
          "duration": "5h 10m",
          "issue_key": "PAY-815",
          "description": "Code review"
        },
        {
          "id": "w3",
          "author": "ana",
          "date": "2026-07-24",
          "duration": 60,
          "issue_key": "pay-815",
          "description": "Planning"
        },
        {
          "id": "w4",
          "author": "ben",
          "date": "2026-07-18",
          "duration": "PT2H",
          "issue_key": "OPS-7",
          "description": ""
        }
      ]
    },
    "output": {
      "ok": false,
      "as_of": "2026-07-22",
      "entries": [
        {
          "index": 0,
          "id": "w1",
          "minutes": 210,
          "violations": []
        },
        {
          "index": 1,
          "id": "w2",
          "minutes": 310,
          "violations": [
            {
              "rule": "hours_per_day",
              "severity": "warn",
              "message": "8.67 h logged on 2026-07-20 up to this entry; the daily limit is 8 h."
            },
            {
              "rule": "overlap",
              "severity": "block",
              "message": "12:00-17:10 overlaps entry 0 (09:00-12:30) of the same author."
            },
            {
              "rule": "rounding",
              "severity": "warn",
              "message": "Duration 310 min is not a multiple of 15 min."
            }
          ]
        },
        {
          "index": 2,
          "id": "w3",
          "minutes": 60,
          "violations": [
            {
              "rule": "future_date",
              "severity": "block",
              "message": "Date 2026-07-24 is after 2026-07-22; time cannot be logged in advance."
            },
            {
              "rule": "description_too_short",
              "severity": "warn",
              "message": "Description \"Planning\" has 8 characters; at least 10 are expected."
            },
            {
              "rule": "issue_key_format",
              "severity": "block",
              "message": "Issue key \"pay-815\" is not of the form PROJECT-123. Did you mean PAY-815?"
            }
          ]
        },
        {
          "index": 3,
          "id": "w4",
          "minutes": 120,
          "violations": [
            {
              "rule": "weekend",
              "severity": "warn",
              "message": "Date 2026-07-18 is a Saturday; weekend work is flagged for review."
            },
            {
              "rule": "description_missing",
              "severity": "block",
              "message": "Description is missing; say what was done."
            }
          ]
        }
      ],
      "summary": { ...NO_VIOLATIONS, hours_per_day: 1, overlap: 1, future_date: 1, weekend: 1, description_missing: 1, description_too_short: 1, issue_key_format: 1, rounding: 1 },
      "totals": {
        "entries": 4,
        "entries_with_violations": 3,
        "blocked_entries": 3,
        "block_violations": 4,
        "warn_violations": 4,
        "minutes": 700
      },
      "guardrails": DEFAULT_GUARDRAILS
    }
  },
  {
    "title": "Tuned guardrails: 10 h days that block, allowed projects, a locked month",
    "input": {
      "as_of": "2026-07-22",
      "guardrails": {
        "weekend": {
          "enabled": false
        },
        "hours_per_day": {
          "limit_hours": 10,
          "severity": "block"
        },
        "issue_key_format": {
          "project_keys": [
            "OPS"
          ]
        },
        "closed_period": {
          "locked_before": "2026-07-01"
        }
      },
      "entries": [
        {
          "author": "Chen",
          "date": "2026-06-30",
          "duration": 120,
          "issue_key": "OPS-41",
          "description": "Quarter-end close of incident tickets"
        },
        {
          "author": "chen",
          "date": "2026-07-21",
          "duration": "10.5h",
          "issue_key": "WEB-3",
          "description": "Release night: deploy and verification"
        }
      ]
    },
    "output": {
      "ok": false,
      "as_of": "2026-07-22",
      "entries": [
        {
          "index": 0,
          "id": null,
          "minutes": 120,
          "violations": [
            {
              "rule": "closed_period",
              "severity": "block",
              "message": "Date 2026-06-30 is in the closed period before 2026-07-01."
            }
          ]
        },
        {
          "index": 1,
          "id": null,
          "minutes": 630,
          "violations": [
            {
              "rule": "hours_per_entry",
              "severity": "warn",
              "message": "One entry of 10.5 h exceeds the 8 h limit per entry; split it by task or day."
            },
            {
              "rule": "hours_per_day",
              "severity": "block",
              "message": "10.5 h logged on 2026-07-21 up to this entry; the daily limit is 10 h."
            },
            {
              "rule": "issue_key_format",
              "severity": "block",
              "message": "Project WEB of WEB-3 is not one of the allowed projects (OPS)."
            }
          ]
        }
      ],
      "summary": { ...NO_VIOLATIONS, hours_per_entry: 1, hours_per_day: 1, closed_period: 1, issue_key_format: 1 },
      "totals": {
        "entries": 2,
        "entries_with_violations": 2,
        "blocked_entries": 2,
        "block_violations": 3,
        "warn_violations": 1,
        "minutes": 750
      },
      "guardrails": {
        ...DEFAULT_GUARDRAILS,
        hours_per_day: { ...DEFAULT_GUARDRAILS.hours_per_day, severity: 'block', limit_hours: 10 },
        closed_period: { ...DEFAULT_GUARDRAILS.closed_period, locked_before: '2026-07-01' },
        weekend: { ...DEFAULT_GUARDRAILS.weekend, enabled: false },
        issue_key_format: { ...DEFAULT_GUARDRAILS.issue_key_format, project_keys: ['OPS'] },
      }
    }
  }
];
