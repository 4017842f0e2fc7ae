import type { TFunction } from 'i18next';
import type { Incentive } from '@app/domain/accounting/incentives.schema';
import { INCENTIVE_TYPES, lookupName } from '@app/domain/common/lookups';
import { currentLang } from '@/i18n/i18n';
import { formatUsd } from '@/lib/format';

/** A bonus as '+$50.00', a fine as '−$25.00': what it does to the pay. */
export function signedAmount(incentive: Pick<Incentive, 'type' | 'amount'>): string {
  return `${incentive.type === 'Fine' ? '−' : '+'}${formatUsd(incentive.amount)}`;
}

/** Whose it is: 'Driver Dan Wheeler', or the person type alone when they were removed since. */
export function personText(incentive: Pick<Incentive, 'person_type' | 'person'>, t: TFunction): string {
  const kind = t(`incentives.personTypes.${incentive.person_type}`);
  return incentive.person ? `${kind} ${incentive.person.name}` : kind;
}

export const typeName = (type: Incentive['type']) => lookupName(INCENTIVE_TYPES, type, currentLang());
