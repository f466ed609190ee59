// Worked examples of coverage-check, executed by the registry test (each output must match the engine exactly).
import type { z } from 'zod';
import type { ToolExample } from '../kit/contract.ts';
import type { input } from './tool.ts';

export const examples: ToolExample<z.input<typeof input>, Record<string, unknown>>[] = [
  {
    title: 'Requirements against stories',
    input: {
      requirements: [
        'Users can sign in with email and password.',
        'Users can reset a forgotten password by email.',
        'Admins can export monthly sales reports as CSV.',
      ],
      stories: [
        'As a user, I want to log in with my e-mail address and password so that I can see my orders.',
        'As an admin, I want to download the monthly sales report as a CSV file.',
        'As a user, I want to change the colour theme.',
      ],
    },
    output: {
      coverage_score: 67,
      requirements_source: 'requirements',
      requirements: [
        'Users can sign in with email and password.',
        'Users can reset a forgotten password by email.',
        'Admins can export monthly sales reports as CSV.',
      ],
      covered: [
        {
          index: 0,
          story_indexes: [0],
          confidence: 0.47,
          matched_terms: ['users', 'login', 'email', 'password'],
        },
        {
          index: 2,
          story_indexes: [1],
          confidence: 0.85,
          matched_terms: ['admins', 'export', 'monthly', 'sales', 'reports', 'csv'],
        },
      ],
      uncovered_requirements: [
        {
          index: 1,
          text: 'Users can reset a forgotten password by email.',
          nearest_story: { index: 0, confidence: 0.14 },
        },
      ],
      orphan_stories: [{ index: 2, text: 'As a user, I want to change the colour theme.' }],
      missing_buckets: [
        {
          bucket: 'crud',
          why: 'Stories cover read and update of records, but no story covers create or delete: plan the whole create, read, update and delete lifecycle or decide explicitly to leave part of it out.',
        },
        {
          bucket: 'error_states',
          why: 'No story describes a failure, invalid input, empty state, timeout or denied action, so error handling is unplanned.',
        },
        {
          bucket: 'tests',
          why: 'No story mentions tests, QA, verification or acceptance criteria, so nothing in the backlog says how the work is checked.',
        },
      ],
    },
  },
  {
    title: 'A brief split into requirements',
    input: {
      brief: 'Shop MVP\n\n- Customers browse products by category.\n- Customers pay by card.\n\nOrders are stored for seven years. Refunds are handled by support staff.',
      stories: ['As a customer, I want to browse products in a category.', 'As a customer, I want to pay with my credit card.'],
    },
    output: {
      coverage_score: 50,
      requirements_source: 'brief',
      requirements: [
        'Customers browse products by category.',
        'Customers pay by card.',
        'Orders are stored for seven years.',
        'Refunds are handled by support staff.',
      ],
      covered: [
        {
          index: 0,
          story_indexes: [0],
          confidence: 1,
          matched_terms: ['customers', 'browse', 'products', 'category'],
        },
        {
          index: 1,
          story_indexes: [1],
          confidence: 0.7,
          matched_terms: ['customers', 'pay', 'card'],
        },
      ],
      uncovered_requirements: [
        { index: 2, text: 'Orders are stored for seven years.', nearest_story: null },
        { index: 3, text: 'Refunds are handled by support staff.', nearest_story: null },
      ],
      orphan_stories: [],
      missing_buckets: [
        {
          bucket: 'auth',
          why: 'The scope involves users or accounts, but no story covers sign-in, sign-out, sign-up, passwords or permissions.',
        },
        {
          bucket: 'crud',
          why: 'Stories cover read of records, but no story covers create, update or delete: plan the whole create, read, update and delete lifecycle or decide explicitly to leave part of it out.',
        },
        {
          bucket: 'error_states',
          why: 'No story describes a failure, invalid input, empty state, timeout or denied action, so error handling is unplanned.',
        },
        {
          bucket: 'tests',
          why: 'No story mentions tests, QA, verification or acceptance criteria, so nothing in the backlog says how the work is checked.',
        },
      ],
    },
  },
];
