// Worked examples for humanize: inputs and the engine's exact outputs (the registry test runs them).
import type { ToolExample } from '../kit/contract.ts';
import type { Input, Output } from './tool.ts';

export const examples: ToolExample<Input, Output>[] = [
  {
    "title": "Chatbot reply with Markdown, numbers, a quote and inline code",
    "input": {
      "text": "Certainly! Here is the summary.\n\n## Results\n\nThe new cache delves into the realm of speed — it cut p95 latency from 840 ms to 120 ms, showcasing the value of \"warm starts\". Moreover, it plays a pivotal role in keeping `redis` costs down. I hope this helps!"
    },
    "output": {
      "text": "## Results\n\nThe new cache digs into the field of speed. It cut p95 latency from 840 ms to 120 ms. This shows the value of \"warm starts\". It plays a role in keeping `redis` costs down.",
      "changes": [
        {
          "rule": "chatbot-artefact.here-is",
          "before": "Certainly! Here is the summary.\n\n",
          "after": "",
          "offset": 0
        },
        {
          "rule": "ai-vocabulary.delve",
          "before": "delves",
          "after": "digs",
          "offset": 59
        },
        {
          "rule": "ai-vocabulary.realm",
          "before": "realm",
          "after": "field",
          "offset": 75
        },
        {
          "rule": "dash-overuse.em-dash",
          "before": " — i",
          "after": ". I",
          "offset": 89
        },
        {
          "rule": "ing-tail.highlighting",
          "before": ", showcasing",
          "after": ". This shows",
          "offset": 132
        },
        {
          "rule": "stacked-transition.moreover",
          "before": "Moreover, i",
          "after": "I",
          "offset": 173
        },
        {
          "rule": "significance-inflation.pivotal-role",
          "before": "plays a pivotal role",
          "after": "plays a role",
          "offset": 186
        },
        {
          "rule": "chatbot-artefact.hope-helps",
          "before": " I hope this helps!",
          "after": "",
          "offset": 237
        }
      ],
      "score_before": 99,
      "score_after": 3
    }
  },
  {
    "title": "A product name kept with preserve",
    "input": {
      "text": "Our Vibrant Dashboard helps teams leverage their data, ensuring faster decisions.",
      "preserve": [
        "Vibrant Dashboard"
      ]
    },
    "output": {
      "text": "Our Vibrant Dashboard helps teams use their data. This ensures faster decisions.",
      "changes": [
        {
          "rule": "ai-vocabulary.leverage",
          "before": "leverage",
          "after": "use",
          "offset": 34
        },
        {
          "rule": "ing-tail.ensuring",
          "before": ", ensuring",
          "after": ". This ensures",
          "offset": 53
        }
      ],
      "score_before": 96,
      "score_after": 14
    }
  }
];
