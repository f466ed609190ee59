// Worked examples for ticket-lint: inputs and the engine's exact outputs (checked by the tests).
import type { ToolExample } from '../kit/contract.ts';
import type { z } from 'zod';
import type { input } from './tool.ts';

export const examples: ToolExample<z.input<typeof input>, Record<string, unknown>>[] = [
  {
    "title": "A ready story",
    "input": {
      "ticket": {
        "summary": "Save the shopping cart for later",
        "description": "As a shopper, I want to save my cart so that I can finish checkout on another device. Carts are kept for 30 days; guests are asked to sign in first.",
        "issue_type": "story",
        "acceptance_criteria": [
          "When I click \"Save cart\", the cart is stored and \"Cart saved\" is shown",
          "If the cart is empty, the \"Save cart\" button is disabled"
        ],
        "estimate": 5,
        "priority": "Medium",
        "epic_link": "SHOP-12",
        "assignee": "dana",
        "labels": [
          "checkout"
        ],
        "components": [
          "web"
        ]
      }
    },
    "output": {
      "verdict": "ready",
      "score_0_100": 100,
      "findings": []
    }
  },
  {
    "title": "A thin urgent bug",
    "input": {
      "ticket": {
        "summary": "Checkout broken...",
        "description": "Doesnt work",
        "issue_type": "bug",
        "priority": "Highest"
      }
    },
    "output": {
      "verdict": "needs_work",
      "score_0_100": 17,
      "findings": [
        {
          "field": "description",
          "severity": "high",
          "code": "bug_no_repro",
          "message": "The bug report has no steps to reproduce.",
          "fix": "Add numbered steps to reproduce, starting from a known state."
        },
        {
          "field": "summary",
          "severity": "medium",
          "code": "summary_too_short",
          "message": "The summary \"Checkout broken...\" has 2 words; it cannot say what changes and where.",
          "fix": "Say what changes and where in at least three words, e.g. \"Export invoices as CSV\"."
        },
        {
          "field": "description",
          "severity": "medium",
          "code": "description_too_short",
          "message": "The description has 2 words; fewer than 10 leaves the reader guessing.",
          "fix": "Add the context a developer needs without asking: who, what, why, and the constraints."
        },
        {
          "field": "description",
          "severity": "medium",
          "code": "bug_no_expected_actual",
          "message": "The bug report does not state the expected behaviour.",
          "fix": "State the expected behaviour and the actual behaviour separately (\"Expected: ...\", \"Actual: ...\")."
        },
        {
          "field": "description",
          "severity": "medium",
          "code": "bug_no_environment",
          "message": "The bug report does not name an environment (version, OS, browser, deployment).",
          "fix": "Name the environment: version or build, OS, browser or device, and which deployment (production, staging)."
        },
        {
          "field": "estimate",
          "severity": "medium",
          "code": "estimate_missing",
          "message": "The bug has no estimate.",
          "fix": "Estimate the ticket (story points for stories, a timebox for spikes, hours for sub-tasks)."
        },
        {
          "field": "priority",
          "severity": "medium",
          "code": "urgent_thin_context",
          "message": "Priority \"Highest\" with a 2-word description: urgent work needs impact and scope spelled out.",
          "fix": "Urgent work needs more context, not less: describe impact, scope and who is affected."
        },
        {
          "field": "summary",
          "severity": "low",
          "code": "summary_trailing_ellipsis",
          "message": "The summary ends with an ellipsis, as if it were cut off.",
          "fix": "Finish the sentence; a trailing ellipsis usually means a truncated paste."
        },
        {
          "field": "attachments_count",
          "severity": "low",
          "code": "bug_no_attachment",
          "message": "The bug report has no attachment and no pasted evidence (screenshot link, log excerpt, stack trace).",
          "fix": "Attach a screenshot, a log excerpt or a stack trace, or paste the relevant lines into the description."
        },
        {
          "field": "assignee",
          "severity": "low",
          "code": "assignee_missing",
          "message": "The bug has no assignee.",
          "fix": "Assign an owner, or leave it deliberately unassigned for the team to pull."
        },
        {
          "field": "labels",
          "severity": "low",
          "code": "labels_empty",
          "message": "The ticket has no labels.",
          "fix": "Add the labels your board and reports filter on."
        },
        {
          "field": "components",
          "severity": "low",
          "code": "components_empty",
          "message": "The ticket has no component.",
          "fix": "Set the component so the ticket reaches the right owners."
        }
      ]
    }
  },
  {
    "title": "An oversized story without acceptance criteria",
    "input": {
      "ticket": {
        "summary": "As a buyer, I want to pay by invoice so that my company can settle monthly",
        "description": "Invoice payment for business accounts: credit check, invoice PDF, reminders, dunning and accounting export.",
        "issue_type": "story",
        "estimate": 21,
        "priority": "High",
        "epic_link": "PAY-3",
        "assignee": "lee",
        "labels": [
          "payments"
        ],
        "components": [
          "billing"
        ]
      }
    },
    "output": {
      "verdict": "needs_work",
      "score_0_100": 72,
      "findings": [
        {
          "field": "acceptance_criteria",
          "severity": "high",
          "code": "ac_missing",
          "message": "The story has no acceptance criteria (field empty, and no \"Acceptance criteria\" section or Given/When/Then scenario in the description).",
          "fix": "Add acceptance criteria, each naming an observable outcome (Given/When/Then works well); run them through the acceptance-criteria validator."
        },
        {
          "field": "estimate",
          "severity": "medium",
          "code": "estimate_oversized",
          "message": "21 points is more than 13: too big to finish reliably in one sprint.",
          "fix": "Split the ticket into pieces that each fit comfortably in one sprint."
        }
      ]
    }
  }
];
