import { describe, expect, it } from 'vitest';
import { HTTP_STATUS_BY_ERROR_CODE } from '../common/errors';
import { INCENTIVE_TYPES } from '../common/lookups';
import {
  canManageIncentives,
  INCENTIVE_MESSAGES,
  INCENTIVE_ROLES,
  incentiveCreateSchema,
  incentiveFromTemplate,
  incentiveTemplateBodySchema,
  incentiveTotals,
  MISSING_PERSON_REFUSALS,
} from './incentives.schema';

function fieldErrors(
  schema: typeof incentiveCreateSchema | typeof incentiveTemplateBodySchema,
  input: unknown,
) {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[String(issue.path[0] ?? '')] ??= []).push(issue.message);
  return errors;
}

const bonus = { type: 'Bonus', person_type: 'driver', amount: '$1,250.50', reason: ' On-time delivery ' };
const template = { name: ' Late delivery ', type: 'Fine', person_type: 'owner', amount: 75, reason: 'Late' };

describe('incentives', () => {
  it('are given by accountants, admins and managers (the income menu entry), and superusers', () => {
    expect(INCENTIVE_ROLES).toEqual([3, 4, 7]);
    for (const role of [3, 4, 7]) expect(canManageIncentives({ role })).toBe(true);
    for (const role of [5, 6, 8, 13, null]) expect(canManageIncentives({ role })).toBe(false);
    expect(canManageIncentives({ role: null, is_superuser: true })).toBe(true);
  });

  it("are a Bonus or a Fine, the spec's two incentive types", () => {
    expect(INCENTIVE_TYPES.map((type) => type.id)).toEqual(['Bonus', 'Fine']);
    expect(fieldErrors(incentiveCreateSchema, { ...bonus, type: 'Reward' }).type).toEqual([
      INCENTIVE_MESSAGES.typeInvalid,
    ]);
    expect(fieldErrors(incentiveCreateSchema, { ...bonus, person_type: 'broker' }).person_type).toEqual([
      INCENTIVE_MESSAGES.personTypeInvalid,
    ]);
  });

  it('take the amount in dollars as typed and keep it in cents; the reason is trimmed', () => {
    expect(incentiveCreateSchema.parse(bonus)).toEqual({
      type: 'Bonus',
      person_type: 'driver',
      amount: 125_050,
      reason: 'On-time delivery',
      template_id: null,
    });
    expect(incentiveCreateSchema.parse({ ...bonus, amount: 99.995, template_id: '12' })).toMatchObject({
      amount: 10_000,
      template_id: 12,
    });
    expect(incentiveCreateSchema.parse({ ...bonus, amount: '0.01' }).amount).toBe(1);
    expect(incentiveCreateSchema.parse({ ...bonus, amount: 100_000 }).amount).toBe(10_000_000);
  });

  it('refuse an amount that is missing, not money, $0.00 or less, or over $100,000.00', () => {
    const amountError = (amount: unknown) => fieldErrors(incentiveCreateSchema, { ...bonus, amount }).amount;
    expect(amountError(undefined)).toEqual([INCENTIVE_MESSAGES.amountRequired]);
    expect(amountError('')).toEqual([INCENTIVE_MESSAGES.amountRequired]);
    expect(amountError('twelve')).toEqual([INCENTIVE_MESSAGES.amountInvalid]);
    expect(amountError(true)).toEqual([INCENTIVE_MESSAGES.amountInvalid]);
    for (const amount of [0, '0.00', 0.004, -5, '-$5'])
      expect(amountError(amount), String(amount)).toEqual([INCENTIVE_MESSAGES.amountNotPositive]);
    expect(amountError(100_000.01)).toEqual([INCENTIVE_MESSAGES.amountTooLarge]);
  });

  it('need a reason of 1 to 300 characters', () => {
    expect(fieldErrors(incentiveCreateSchema, { ...bonus, reason: '   ' }).reason).toEqual([
      INCENTIVE_MESSAGES.reasonRequired,
    ]);
    expect(fieldErrors(incentiveCreateSchema, { ...bonus, reason: 'x'.repeat(301) }).reason).toEqual([
      'Must have at most 300 characters',
    ]);
    expect(incentiveCreateSchema.parse({ ...bonus, reason: 'x'.repeat(300) }).reason).toHaveLength(300);
  });

  it('refuse unknown fields and a template id that is not an id', () => {
    expect(Object.keys(fieldErrors(incentiveCreateSchema, { ...bonus, owner_id: 3 }))).toEqual(['']);
    expect(fieldErrors(incentiveCreateSchema, { ...bonus, template_id: 'abc' }).template_id).toEqual([
      INCENTIVE_MESSAGES.templateUnknown,
    ]);
  });

  it("sum a load's bonuses and fines apart, in cents", () => {
    expect(
      incentiveTotals([
        { type: 'Bonus', amount_cents: 5_000 },
        { type: 'Fine', amount_cents: 2_500 },
        { type: 'Bonus', amount_cents: 1_001 },
      ]),
    ).toEqual({ bonus_cents: 6_001, fine_cents: 2_500 });
  });

  it('refuse a person the load does not have with a code of its own and its text', () => {
    expect(MISSING_PERSON_REFUSALS.driver).toEqual({
      code: 'load_without_driver',
      detail: 'The load has no driver.',
    });
    expect(MISSING_PERSON_REFUSALS.owner.detail).toBe(
      'The load has no owner: neither its vehicle nor its driver has one.',
    );
    expect(MISSING_PERSON_REFUSALS.dispatcher.detail).toBe('The load has no dispatcher.');
    for (const { code } of Object.values(MISSING_PERSON_REFUSALS))
      expect(HTTP_STATUS_BY_ERROR_CODE[code]).toBe(409);
    expect(HTTP_STATUS_BY_ERROR_CODE.incentive_template_name_taken).toBe(409);
  });
});

describe('incentive templates', () => {
  it('have a name of 1 to 100 characters and the values of an incentive', () => {
    expect(incentiveTemplateBodySchema.parse(template)).toEqual({
      name: 'Late delivery',
      type: 'Fine',
      person_type: 'owner',
      amount: 7_500,
      reason: 'Late',
    });
    expect(fieldErrors(incentiveTemplateBodySchema, { ...template, name: '' }).name).toEqual([
      INCENTIVE_MESSAGES.nameRequired,
    ]);
    expect(fieldErrors(incentiveTemplateBodySchema, { ...template, name: 'n'.repeat(101) }).name).toEqual([
      'Must have at most 100 characters',
    ]);
    expect(fieldErrors(incentiveTemplateBodySchema, { ...template, template_id: 1 })).toHaveProperty('');
  });

  it('fill the incentive form: its values, the amount as dollars with cents, and its id', () => {
    const filled = incentiveFromTemplate({
      id: 4,
      name: 'Late delivery',
      type: 'Fine',
      person_type: 'owner',
      amount: 75,
      reason: 'Late',
      created_date: '2026-11-20T15:30:00Z',
      updated_date: '2026-11-20T15:30:00Z',
    });
    expect(filled).toEqual({
      type: 'Fine',
      person_type: 'owner',
      amount: '75.00',
      reason: 'Late',
      template_id: 4,
    });
    expect(incentiveCreateSchema.parse(filled).amount).toBe(7_500);
  });
});
