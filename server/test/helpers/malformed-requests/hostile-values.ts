// The hostile values the faults draw on: odd texts, bad ids, broken escapes and odd keys.
import fc from 'fast-check';

/** Stands for a deeply nested value in a body, spliced into the JSON text after stringify. */
export const DEEP = '\u0001deep\u0001';

// Texts attackers and careless clients send. None is a valid id, number, enum value or email.
export const HOSTILE_TEXT = [
  'abc',
  'true',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  "1' OR '1'='1",
  '1; DROP TABLE employees;--',
  '1 UNION SELECT password_hash FROM users',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '%s%s%n',
  'ｆｕｌｌｗｉｄｔｈ',
  '١٢٣',
  '🙂',
  'Ω≈ç√∫',
  '\u202Eevil',
  '\t\n',
];

export const BAD_IDS = [
  '-1',
  '0',
  '-0',
  '1.5',
  '2.0',
  '1e3',
  '0x1f',
  '0b1',
  '0o7',
  '+1',
  ' 1',
  '1 ',
  '01',
  '0006',
  '2147483648',
  '99999999999999999999999',
  '[]',
  '{}',
  '\u0000',
  '1\u00001',
  ...HOSTILE_TEXT,
];

/** Raw path segments the router itself refuses (broken percent-encoding). */
export const BROKEN_ESCAPES = ['%', '%E0%A4%A', '%zz', '%ED%A0%80%', 'a%'];

export const oddKey = fc.oneof(
  fc.constantFrom(
    'constructor',
    'prototype',
    'toString',
    'valueOf',
    'hasOwnProperty',
    'isAdmin',
    'user_type',
    'role',
    'id',
    'password_hash',
    "'; DROP TABLE users;--",
    'a[b]',
    'a.b',
    '$where',
    '$gt',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
);

export const oddText = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
);
