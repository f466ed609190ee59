// Worked examples for humanizer-score: inputs and the engine's exact outputs (the registry test runs them).
import type { ToolExample } from '../kit/contract.ts';
import type { Input, Output } from './tool.ts';

export const examples: ToolExample<Input, Output>[] = [
  {
    "title": "Brochure prose full of tells",
    "input": {
      "text": "Nestled in the heart of the old town, the bakery stands as a testament to meticulous craft. Moreover, it plays a pivotal role in the community."
    },
    "output": {
      "score": 100,
      "verdict": "likely_ai",
      "patterns": [
        {
          "id": "ai-vocabulary.pivotal",
          "family": "ai-vocabulary",
          "description": "\"pivotal\"",
          "count": 1,
          "weight": 2.138,
          "matches": [
            {
              "text": "pivotal",
              "start": 113,
              "end": 120
            }
          ]
        },
        {
          "id": "ai-vocabulary.meticulous",
          "family": "ai-vocabulary",
          "description": "\"meticulous\", \"meticulously\"",
          "count": 1,
          "weight": 2.135,
          "matches": [
            {
              "text": "meticulous",
              "start": 74,
              "end": 84
            }
          ]
        },
        {
          "id": "ai-vocabulary.antislop-list",
          "family": "ai-vocabulary",
          "description": "words of the antislop sampler's published list of 2,000 words over-represented in model writing (nodded, gaze, flickered, unsettling, ...): their rate per 100 words is a model input of its own",
          "count": 2,
          "weight": 0.363,
          "matches": [
            {
              "text": "Nestled",
              "start": 0,
              "end": 7
            },
            {
              "text": "testament",
              "start": 61,
              "end": 70
            }
          ]
        },
        {
          "id": "significance-inflation.stands-as",
          "family": "significance-inflation",
          "description": "\"stands as\", \"serves as a reminder\"",
          "count": 1,
          "weight": 3,
          "matches": [
            {
              "text": "stands as a",
              "start": 49,
              "end": 60
            }
          ]
        },
        {
          "id": "significance-inflation.testament",
          "family": "significance-inflation",
          "description": "\"a testament to\"",
          "count": 1,
          "weight": 2.541,
          "matches": [
            {
              "text": "a testament to",
              "start": 59,
              "end": 73
            }
          ]
        },
        {
          "id": "significance-inflation.pivotal-role",
          "family": "significance-inflation",
          "description": "\"plays a pivotal/crucial/vital role\"",
          "count": 1,
          "weight": 2.541,
          "matches": [
            {
              "text": "plays a pivotal role",
              "start": 105,
              "end": 125
            }
          ]
        },
        {
          "id": "stacked-transition.moreover",
          "family": "stacked-transition",
          "description": "sentence-initial \"Moreover\", \"Furthermore\", \"Additionally\", \"In addition\"",
          "count": 1,
          "weight": 0,
          "matches": [
            {
              "text": "Moreover",
              "start": 92,
              "end": 100
            }
          ]
        },
        {
          "id": "promotional-puffery.nestled",
          "family": "promotional-puffery",
          "description": "\"nestled\", \"in the heart of\"",
          "count": 2,
          "weight": 2.172,
          "matches": [
            {
              "text": "Nestled",
              "start": 0,
              "end": 7
            },
            {
              "text": "in the heart of",
              "start": 8,
              "end": 23
            }
          ]
        }
      ],
      "stats": {
        "words": 26,
        "sentences": 2,
        "paragraphs": 1,
        "mean_sentence_length": 13,
        "sentence_length_sd": 5.657,
        "sentence_length_cv": 0.435,
        "type_token_ratio": 0.808,
        "mean_word_length": 4.385,
        "contractions_per_100_words": 0,
        "first_person_per_100_words": 0,
        "questions_exclamations_per_sentence": 0,
        "commas_per_sentence": 1,
        "tell_density": 16.699
      }
    }
  },
  {
    "title": "Plain human prose",
    "input": {
      "text": "We moved the cron job to 02:00 because the backup was still running at midnight. It failed twice last week; the logs are in /var/log/backup."
    },
    "output": {
      "score": 5,
      "verdict": "likely_human",
      "patterns": [],
      "stats": {
        "words": 28,
        "sentences": 2,
        "paragraphs": 1,
        "mean_sentence_length": 14,
        "sentence_length_sd": 2.828,
        "sentence_length_cv": 0.202,
        "type_token_ratio": 0.893,
        "mean_word_length": 3.893,
        "contractions_per_100_words": 0,
        "first_person_per_100_words": 0,
        "questions_exclamations_per_sentence": 0,
        "commas_per_sentence": 0,
        "tell_density": 0
      }
    }
  }
];
