import type { Incentive, IncentiveTemplate, LoadIncentives } from '@app/domain/accounting/incentives.schema';

// Incentives as the server answers them, for the component tests: load 300 with a $150.00 bonus for the
// driver Dan Wheeler (paid through the owner Olga Vehicle) and a $25.00 fine for the dispatcher; the
// company's two templates.

export const LOAD_ID = 300;
export const API = '/backend/api/v2';
export const LIST = `${API}/incentives/loads/${LOAD_ID}`;
export const CREATE = `${API}/incentives/loads/${LOAD_ID}/create`;
export const TEMPLATES = `${API}/templates/all`;
export const CREATE_TEMPLATE = `${API}/templates/create`;

export function makeIncentive(overrides: Partial<Incentive> = {}): Incentive {
  return {
    id: 1,
    load_id: LOAD_ID,
    type: 'Bonus',
    person_type: 'driver',
    person: { id: 7, name: 'Dan Wheeler' },
    paid_through_owner: { id: 4, name: 'Olga Vehicle' },
    amount: 150,
    reason: 'Early delivery',
    template_id: null,
    week_closed: false,
    created_by: { id: 11, first_name: 'Ann', last_name: 'Accountant' },
    // 10:30am Eastern.
    created_date: '2026-11-20T15:30:00Z',
    ...overrides,
  };
}

export function makeLoadIncentives(results: Incentive[], weekClosed = false): LoadIncentives {
  const sum = (type: Incentive['type']) =>
    results.filter((item) => item.type === type).reduce((total, item) => total + item.amount, 0);
  return {
    count: results.length,
    results,
    bonus_total: sum('Bonus'),
    fine_total: sum('Fine'),
    week_closed: weekClosed,
  };
}

export const TWO_INCENTIVES = makeLoadIncentives([
  makeIncentive(),
  makeIncentive({
    id: 2,
    type: 'Fine',
    person_type: 'dispatcher',
    person: { id: 12, name: 'Dina Dispatch' },
    paid_through_owner: null,
    amount: 25,
    reason: 'Missed check call',
  }),
]);

export function makeTemplate(overrides: Partial<IncentiveTemplate> = {}): IncentiveTemplate {
  return {
    id: 5,
    name: 'Late delivery',
    type: 'Fine',
    person_type: 'owner',
    amount: 75,
    reason: 'Delivered late',
    created_date: '2026-11-01T15:00:00Z',
    updated_date: '2026-11-01T15:00:00Z',
    ...overrides,
  };
}

export const TEMPLATE_LIST = {
  count: 2,
  results: [
    makeTemplate({
      id: 6,
      name: 'Clean inspection',
      type: 'Bonus',
      person_type: 'driver',
      amount: 50,
      reason: 'Clean DOT',
    }),
    makeTemplate(),
  ],
};
