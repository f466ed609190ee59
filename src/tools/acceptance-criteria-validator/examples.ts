// Worked examples for acceptance-criteria-validator: inputs and the engine's exact outputs (checked by the tests).
import type { ToolExample } from '../kit/contract.ts';
import type { z } from 'zod';
import type { input } from './tool.ts';

export const examples: ToolExample<z.input<typeof input>, Record<string, unknown>>[] = [
  {
    "title": "Four criteria: one clean, one vague, one compound, one task",
    "input": {
      "acceptance_criteria": [
        "Given a registered user, when they submit the login form with a wrong password, then the message \"Invalid email or password\" is shown and no session is created",
        "The dashboard should load fast",
        "Users can export the report as CSV and admins can schedule it weekly",
        "Refactor the export service"
      ]
    },
    "output": {
      "ac_count": 4,
      "verdict": "needs_work",
      "score_0_100": 74,
      "criteria": [
        {
          "index": 0,
          "ac": "Given a registered user, when they submit the login form with a wrong password, then the message \"Invalid email or password\" is shown and no session is created",
          "problems": [],
          "checks": {
            "observable_outcome": true,
            "testable": true,
            "atomic": true,
            "clear_condition": true
          },
          "ac_score_0_100": 100
        },
        {
          "index": 1,
          "ac": "The dashboard should load fast",
          "problems": [
            {
              "rule": "testable",
              "detail": "Vague wording (\"fast\"): quality asked for without a measurable threshold (ISO/IEC/IEEE 29148:2018 5.2.5). Replace it with a measurable threshold or an exact expected value.",
              "vague_terms": [
                "fast"
              ]
            }
          ],
          "checks": {
            "observable_outcome": true,
            "testable": false,
            "atomic": true,
            "clear_condition": false
          },
          "ac_score_0_100": 65
        },
        {
          "index": 2,
          "ac": "Users can export the report as CSV and admins can schedule it weekly",
          "problems": [
            {
              "rule": "atomic",
              "detail": "Two requirements are joined by \"and\" (\"... and ... can ...\"); give each its own criterion."
            }
          ],
          "checks": {
            "observable_outcome": true,
            "testable": true,
            "atomic": false,
            "clear_condition": false
          },
          "ac_score_0_100": 75
        },
        {
          "index": 3,
          "ac": "Refactor the export service",
          "problems": [
            {
              "rule": "observable_outcome",
              "detail": "The criterion opens with \"Refactor\" and describes work to do, not an outcome an observer can check (a message shown, a status code, a record stored, an email sent)."
            }
          ],
          "checks": {
            "observable_outcome": false,
            "testable": true,
            "atomic": true,
            "clear_condition": false
          },
          "ac_score_0_100": 55
        }
      ],
      "issues": [
        {
          "index": 1,
          "ac": "The dashboard should load fast",
          "problems": [
            {
              "rule": "testable",
              "detail": "Vague wording (\"fast\"): quality asked for without a measurable threshold (ISO/IEC/IEEE 29148:2018 5.2.5). Replace it with a measurable threshold or an exact expected value.",
              "vague_terms": [
                "fast"
              ]
            }
          ]
        },
        {
          "index": 2,
          "ac": "Users can export the report as CSV and admins can schedule it weekly",
          "problems": [
            {
              "rule": "atomic",
              "detail": "Two requirements are joined by \"and\" (\"... and ... can ...\"); give each its own criterion."
            }
          ]
        },
        {
          "index": 3,
          "ac": "Refactor the export service",
          "problems": [
            {
              "rule": "observable_outcome",
              "detail": "The criterion opens with \"Refactor\" and describes work to do, not an outcome an observer can check (a message shown, a status code, a record stored, an email sent)."
            }
          ]
        }
      ],
      "missing_coverage": []
    }
  },
  {
    "title": "Criteria extracted from a story, strict mode",
    "input": {
      "story": "As a shopper, I want to save my cart so that I can finish checkout later.\n\nAcceptance criteria:\n- When I click \"Save cart\", the cart is stored and the message \"Cart saved\" is shown\n- Saved carts appear under My account > Saved carts, newest first\n- If the cart is empty, the \"Save cart\" button is disabled",
      "strictness": "strict"
    },
    "output": {
      "ac_count": 3,
      "verdict": "needs_work",
      "score_0_100": 88,
      "criteria": [
        {
          "index": 0,
          "ac": "When I click \"Save cart\", the cart is stored and the message \"Cart saved\" is shown",
          "problems": [],
          "checks": {
            "observable_outcome": true,
            "testable": true,
            "atomic": true,
            "clear_condition": true
          },
          "ac_score_0_100": 100
        },
        {
          "index": 1,
          "ac": "Saved carts appear under My account > Saved carts, newest first",
          "problems": [
            {
              "rule": "testable",
              "detail": "Strict mode requires a clear condition: say when the outcome applies (Given/When/Then, or \"When ..., ...\", \"If ..., ...\").",
              "vague_terms": []
            }
          ],
          "checks": {
            "observable_outcome": true,
            "testable": false,
            "atomic": true,
            "clear_condition": false
          },
          "ac_score_0_100": 65
        },
        {
          "index": 2,
          "ac": "If the cart is empty, the \"Save cart\" button is disabled",
          "problems": [],
          "checks": {
            "observable_outcome": true,
            "testable": true,
            "atomic": true,
            "clear_condition": true
          },
          "ac_score_0_100": 100
        }
      ],
      "issues": [
        {
          "index": 1,
          "ac": "Saved carts appear under My account > Saved carts, newest first",
          "problems": [
            {
              "rule": "testable",
              "detail": "Strict mode requires a clear condition: say when the outcome applies (Given/When/Then, or \"When ..., ...\", \"If ..., ...\").",
              "vague_terms": []
            }
          ]
        }
      ],
      "missing_coverage": []
    }
  },
  {
    "title": "A happy path only: the negative_coverage gap",
    "input": {
      "acceptance_criteria": [
        "When the user clicks \"Download\", a PDF of the invoice is downloaded"
      ]
    },
    "output": {
      "ac_count": 1,
      "verdict": "needs_work",
      "score_0_100": 85,
      "criteria": [
        {
          "index": 0,
          "ac": "When the user clicks \"Download\", a PDF of the invoice is downloaded",
          "problems": [],
          "checks": {
            "observable_outcome": true,
            "testable": true,
            "atomic": true,
            "clear_condition": true
          },
          "ac_score_0_100": 100
        }
      ],
      "issues": [],
      "missing_coverage": [
        {
          "rule": "negative_coverage",
          "detail": "None of the 1 criteria covers a failure, edge or negative case (invalid input, empty state, permission denied, timeout). Add one, for example \"When the password is wrong, an error message is shown and no session is created\"."
        }
      ]
    }
  },
  {
    "title": "Nothing submitted",
    "input": {},
    "output": {
      "ac_count": 0,
      "verdict": "needs_work",
      "score_0_100": 0,
      "criteria": [],
      "issues": [],
      "missing_coverage": [
        {
          "rule": "empty_set",
          "detail": "No acceptance criteria were submitted (acceptance_criteria is empty and no story was given). Add criteria that each name an observable outcome."
        }
      ]
    }
  }
];
