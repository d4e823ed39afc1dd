// Permission rows of the bonuses (HR only).
import { at, FORBIDDEN, hr } from './access';
import type { PermissionRow } from './types';

// HR: bonuses.
export const BONUS_ROWS: PermissionRow[] = [
  {
    route: 'GET /api/bonuses',
    expect: hr(),
    request: at('/api/bonuses'),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({ url: `/api/bonuses?employee_id=${fx.other.employeeId}` }),
    },
  },
  {
    route: 'POST /api/bonuses',
    expect: hr(201),
    request: async (_caller, fx) => ({
      url: '/api/bonuses',
      body: { employee_id: fx.me.employeeId, bonus_name: 'Spot award', description: 'Thanks' },
    }),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({
        url: '/api/bonuses',
        body: { employee_id: fx.other.employeeId, bonus_name: 'Mine', description: 'Mine' },
      }),
    },
  },
  {
    route: 'PUT /api/bonuses/{id}',
    expect: hr(),
    request: async (_caller, fx) => ({
      url: `/api/bonuses/${await fx.freshBonus()}`,
      body: { bonus_name: 'Long service', description: 'Ten years' },
    }),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({
        url: `/api/bonuses/${fx.other.bonusId}`,
        body: { bonus_name: 'Taken', description: 'Taken' },
      }),
    },
  },
  {
    route: 'DELETE /api/bonuses/{id}',
    expect: hr(),
    request: async (_caller, fx) => ({ url: `/api/bonuses/${await fx.freshBonus()}` }),
    other: {
      expect: FORBIDDEN,
      request: async (fx) => ({ url: `/api/bonuses/${fx.other.bonusId}` }),
    },
  },
];
