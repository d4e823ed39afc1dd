/**
 * The longest text each form field takes, free of zod so the screens can show them as people
 * type (a field's counter, web/src/components/length-hint.tsx) without loading a schema library.
 * The request schemas hold the same numbers; text-limits.test.ts checks each against them, so a
 * form and the server cannot disagree.
 */
export const TEXT_LIMITS = {
  email: 254,
  password: 1024,
  staff: {
    first_name: 100,
    last_name: 100,
    position: 120,
    phone: 40,
    employee_code: 50,
    notes: 5000,
  },
  user: { firstname: 100, lastname: 100 },
  metricType: { metric_name: 100, description: 2000, measurement_unit: 30 },
  metricValue: { comment: 2000 },
  bonus: { bonus_name: 200, description: 2000 },
  question: { question: 1000, response: 5000 },
} as const;
