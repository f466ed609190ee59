// Worked examples of defect-triage, executed by the registry test (each output must match the engine exactly).
import type { z } from 'zod';
import type { ToolExample } from '../kit/contract.ts';
import type { input } from './tool.ts';

export const examples: ToolExample<z.input<typeof input>, Record<string, unknown>>[] = [
  {
    title: 'A crash, a typo, a structured report and a data exposure',
    input: {
      reports: [
        'Editor crashes when pasting a table\nPasting any table from the clipboard closes the app.',
        { id: 'DOC-7', title: 'Typo in the settings dialog: "Pasword"' },
        {
          id: 'PAY-42',
          title: 'Checkout returns wrong total for discounted items',
          steps: ['Add a discounted item to the cart', 'Open checkout'],
          expected: 'Total is 90.00',
          actual: 'Total is 100.00',
          environment: 'Chrome 126 on Windows 11, web 3.4.1',
        },
        "Customers see other tenants' invoices in production\nSigning up as a new user, the invoice list shows invoices of another tenant.",
      ],
    },
    output: {
      triaged: [
        {
          index: 0,
          id: null,
          severity: 'critical',
          category: 'crash',
          has_repro: false,
          missing_info: ['no_repro_steps', 'no_expected_vs_actual', 'no_environment'],
          priority: 2,
          signals: { severity: ['crashes'], category: ['crashes'] },
        },
        {
          index: 1,
          id: 'DOC-7',
          severity: 'low',
          category: 'ui',
          has_repro: false,
          missing_info: ['no_repro_steps', 'no_expected_vs_actual', 'no_environment'],
          priority: 4,
          signals: { severity: ['typo'], category: ['dialog'] },
        },
        {
          index: 2,
          id: 'PAY-42',
          severity: 'medium',
          category: 'data',
          has_repro: true,
          missing_info: [],
          priority: 3,
          signals: { severity: [], category: ['wrong total'] },
        },
        {
          index: 3,
          id: null,
          severity: 'critical',
          category: 'security',
          has_repro: false,
          missing_info: ['no_repro_steps', 'no_expected_vs_actual', 'no_environment'],
          priority: 1,
          signals: { severity: ['see other tenants'], category: ['see other tenants'] },
        },
      ],
    },
  },
];
