import { useTranslation } from 'react-i18next';
import type { PayTerms } from '@app/domain/accounting/payments.schema';
import { usd } from './pay-format';

/** A dispatcher's terms in words: '10% of gross', '30% of margin', '$40.00 per load', 'No terms'. */
export function PayTermsText({ terms }: { terms: Pick<PayTerms, 'basis' | 'percent' | 'amount'> | null }) {
  const { t } = useTranslation();
  if (!terms) return <>{t('payments.terms.none')}</>;
  if (terms.basis === 'per_load')
    return <>{t('payments.terms.perLoadText', { amount: usd(terms.amount ?? 0) })}</>;
  return <>{t(`payments.terms.${terms.basis}Text`, { percent: terms.percent ?? 0 })}</>;
}
