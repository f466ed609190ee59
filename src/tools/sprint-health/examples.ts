// Worked examples of sprint-health, executed by the registry test (each output must match the engine exactly).
import type { ToolExample } from '../kit/contract.ts';
import type { input } from './tool.ts';
import type { z } from 'zod';

export const examples: ToolExample<z.input<typeof input>, Record<string, unknown>>[] = [
  {
    "title": "Four sprints with every input: carry-over is the first thing to fix",
    "input": {
      "unit": "points",
      "sprints": [
        {
          "name": "Sprint 21",
          "committed": 40,
          "completed": 34,
          "added": 3,
          "removed": 0,
          "carried_over": 6,
          "bugs_opened": 4,
          "bugs_closed": 5,
          "team_capacity": 42
        },
        {
          "name": "Sprint 22",
          "committed": 42,
          "completed": 30,
          "added": 8,
          "removed": 2,
          "carried_over": 12,
          "bugs_opened": 6,
          "bugs_closed": 3,
          "team_capacity": 40
        },
        {
          "name": "Sprint 23",
          "committed": 45,
          "completed": 31,
          "added": 10,
          "removed": 0,
          "carried_over": 14,
          "bugs_opened": 7,
          "bugs_closed": 4,
          "team_capacity": 40
        },
        {
          "name": "Sprint 24",
          "committed": 38,
          "completed": 33,
          "added": 4,
          "removed": 1,
          "carried_over": 5,
          "bugs_opened": 3,
          "bugs_closed": 4,
          "team_capacity": 40
        }
      ]
    },
    "output": {
      "sprint_count": 4,
      "unit": "points",
      "metrics": {
        "velocity": {
          "value": {
            "per_sprint": [
              34,
              30,
              31,
              33
            ],
            "avg": 32,
            "unit": "points",
            "trend_pct": 0,
            "capacity_load": {
              "per_sprint": [
                0.952,
                1.05,
                1.125,
                0.95
              ],
              "avg": 1.019
            }
          },
          "health": "warn",
          "note": "Velocity: average 32 points over 4 sprints; recent trend +0% (good from -10%, bad below -20%); commitment averages 101.9% of capacity (good up to 100%, bad above 115%)."
        },
        "say_do": {
          "value": {
            "per_sprint": [
              0.85,
              0.714,
              0.689,
              0.868
            ],
            "avg": 0.78
          },
          "health": "warn",
          "note": "Say/do averages 78% (good 80%-100%; below 70% is over-commitment, above 110% suggests sandbagging); lowest Sprint 23 at 68.9%."
        },
        "scope_change": {
          "value": {
            "per_sprint": [
              0.075,
              0.238,
              0.222,
              0.132
            ],
            "avg": 0.167
          },
          "health": "warn",
          "note": "Scope changed by 16.7% of the commitment on average, added plus removed (good up to 10%, bad above 25%); highest Sprint 22 at 23.8%."
        },
        "carry_over": {
          "value": {
            "per_sprint": [
              0.15,
              0.286,
              0.311,
              0.132
            ],
            "avg": 0.22
          },
          "health": "bad",
          "note": "Carry-over averages 22% of the commitment (good below 15%, bad above 20%); highest Sprint 23 at 31.1%."
        },
        "bug_ratio": {
          "value": {
            "per_sprint": [
              0.8,
              2,
              1.75,
              0.75
            ],
            "avg": 1.325
          },
          "health": "warn",
          "note": "Bugs opened per bug closed average 1.33 (good up to 1, bad above 1.5); 20 opened and 16 closed in total, so the bug backlog grew by 4."
        },
        "velocity_stability": {
          "value": {
            "deviation_per_sprint": [
              null,
              -0.118,
              -0.031,
              0.042
            ],
            "mean_abs_deviation": 0.064,
            "coefficient_of_variation": 0.049,
            "window": 3
          },
          "health": "good",
          "note": "Velocity deviates 6.4% on average from the rolling mean of the previous 3 sprints (good within 10%, bad beyond 20%); coefficient of variation 0.05."
        }
      },
      "skipped": [],
      "overall": {
        "health": "warn",
        "note": "1 of 6 metrics good, 4 warn, 1 bad. Overall is bad with two or more bad metrics, warn with any warn or one bad.",
        "counts": {
          "good": 1,
          "warn": 4,
          "bad": 1
        }
      },
      "recommendations": [
        {
          "rank": 1,
          "metric": "carry_over",
          "health": "bad",
          "action": "Split stories so each fits in a few days, limit work in progress, and swarm on the oldest item before starting new ones.",
          "why": "22% of committed work rolls into the next sprint."
        },
        {
          "rank": 2,
          "metric": "say_do",
          "health": "warn",
          "action": "Commit less: plan the next sprint at about the recent average completed (31.33 points) rather than the wish list, and leave a buffer for unplanned work.",
          "why": "The team delivers 78% of what it commits."
        },
        {
          "rank": 3,
          "metric": "scope_change",
          "health": "warn",
          "action": "Protect the sprint: route new requests through the product owner into the next sprint, keep an explicit buffer for urgent work, and refine stories before planning so they stop growing mid-sprint.",
          "why": "Scope moves 16.7% of the commitment per sprint."
        },
        {
          "rank": 4,
          "metric": "velocity",
          "health": "warn",
          "action": "Plan sprints against capacity: commit no more than the capacity (now 101.9% on average), and recompute capacity from leave and meetings before planning.",
          "why": "Commitment above capacity is the usual cause of low say/do and carry-over."
        },
        {
          "rank": 5,
          "metric": "bug_ratio",
          "health": "warn",
          "action": "Reserve capacity for fixing bugs every sprint and strengthen the definition of done (tests, review) so fewer escape.",
          "why": "Bugs arrive 1.33 times as fast as they are closed."
        }
      ]
    }
  },
  {
    "title": "Only committed and completed: the other ratios are skipped",
    "input": {
      "sprints": [
        {
          "committed": 20,
          "completed": 18
        },
        {
          "committed": 22,
          "completed": 21
        }
      ]
    },
    "output": {
      "sprint_count": 2,
      "unit": "points",
      "metrics": {
        "velocity": {
          "value": {
            "per_sprint": [
              18,
              21
            ],
            "avg": 19.5,
            "unit": "points",
            "trend_pct": 16.7,
            "capacity_load": null
          },
          "health": "good",
          "note": "Velocity: average 19.5 points over 2 sprints; recent trend +16.7% (good from -10%, bad below -20%)."
        },
        "say_do": {
          "value": {
            "per_sprint": [
              0.9,
              0.955
            ],
            "avg": 0.927
          },
          "health": "good",
          "note": "Say/do averages 92.7% (good 80%-100%; below 70% is over-commitment, above 110% suggests sandbagging); lowest Sprint 1 at 90%."
        },
        "velocity_stability": {
          "value": {
            "deviation_per_sprint": [
              null,
              0.167
            ],
            "mean_abs_deviation": 0.167,
            "coefficient_of_variation": 0.077,
            "window": 3
          },
          "health": "warn",
          "note": "Velocity deviates 16.7% on average from the rolling mean of the previous 3 sprints (good within 10%, bad beyond 20%); coefficient of variation 0.08."
        }
      },
      "skipped": [
        {
          "metric": "scope_change",
          "reason": "added was not supplied for any sprint; the metric needs it for every sprint."
        },
        {
          "metric": "carry_over",
          "reason": "carried_over was not supplied for any sprint; the metric needs it for every sprint."
        },
        {
          "metric": "bug_ratio",
          "reason": "bugs_opened and bugs_closed were not supplied for any sprint; the metric needs them for every sprint."
        }
      ],
      "overall": {
        "health": "warn",
        "note": "2 of 3 metrics good, 1 warn, 0 bad. Overall is bad with two or more bad metrics, warn with any warn or one bad.",
        "counts": {
          "good": 2,
          "warn": 1,
          "bad": 0
        }
      },
      "recommendations": [
        {
          "rank": 1,
          "metric": "velocity_stability",
          "health": "warn",
          "action": "Forecast with a range, not a single number, until velocity settles; keep team membership and sprint length stable and estimate with the same reference stories.",
          "why": "Velocity swings 16.7% from sprint to sprint."
        }
      ]
    }
  }
];
