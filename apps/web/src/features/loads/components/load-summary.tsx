import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { brokerRating, formatMcNumber, isLoadFromBlacklistedBroker } from '@app/domain/brokers/brokers.rules';
import { equipmentDisplay, lookupName, VEHICLE_TYPES } from '@app/domain/common/lookups';
import type { LoadDetail } from '@app/domain/loads/loads.schema';
import { ContactButtons } from '@/components/contact/contact-buttons';
import { currentLang } from '@/i18n/i18n';
import { formatDateTime, formatUsd } from '@/lib/format';
import { firstPickUp, lastDelivery, loadNumberText, personName, placeText } from './load-display';
import { BlacklistedChip } from './load-status-chip';
import { Section } from './section';

/** A label and its value, one line of a card. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(110px, 40%) 1fr', gap: 1, py: 0.375 }}>
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body1" component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {empty ? '—' : children}
      </Typography>
    </Box>
  );
}

function Fields({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {children}
    </Box>
  );
}

export function LoadPrices({ load }: { load: LoadDetail }) {
  const { t } = useTranslation();
  return (
    <Section title={t('loads.prices.title')}>
      <Fields>
        <Field label={t('loads.prices.broker_price')}>{formatUsd(load.broker_price)}</Field>
        <Field label={t('loads.prices.driver_price')}>{formatUsd(load.driver_price)}</Field>
        <Field label={t('loads.prices.margin')}>{formatUsd(load.broker_price - load.driver_price)}</Field>
        <Field label={t('loads.prices.pays')}>{formatUsd(load.pays)}</Field>
      </Fields>
    </Section>
  );
}

export function LoadPeople({ load }: { load: LoadDetail }) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <Section title={t('loads.people.title')}>
      <Fields>
        <Field label={t('loads.people.driver')}>
          {load.driver && (
            <>
              {load.driver.full_name}
              {load.driver.phone_number && (
                <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                  {load.driver.phone_number}
                </Typography>
              )}
            </>
          )}
        </Field>
        <Field label={t('loads.people.vehicle')}>
          {load.car && `${load.car.unit_id} · ${lookupName(VEHICLE_TYPES, load.car.transport_type, lang)}`}
        </Field>
        <Field label={t('loads.people.dispatcher')}>{personName(load.dispatcher)}</Field>
      </Fields>
    </Section>
  );
}

export function LoadDetails({ load }: { load: LoadDetail }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const broker = load.broker_company;
  const rating = broker ? brokerRating(broker.rating, lang) : undefined;
  const flags = [
    load.isDanger && t('loads.details.hazardous'),
    load.isUrgent && t('loads.details.urgent'),
    load.isCanPutOnTop && t('loads.details.stackable'),
    load.dock_level && t('loads.details.dockLevel'),
  ].filter((flag): flag is string => Boolean(flag));
  const dimensions =
    load.length === null && load.width === null && load.height === null
      ? ''
      : `${load.length ?? '—'} × ${load.width ?? '—'} × ${load.height ?? '—'}`;

  return (
    <Section title={t('loads.details.title')}>
      <Fields>
        <Field label={t('loads.details.brokerCompany')}>
          {broker && (
            <Box
              component="span"
              sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}
            >
              <span>{broker.name}</span>
              {broker.mc_number && (
                <Typography component="span" variant="body2" color="text.secondary">
                  {formatMcNumber(broker.mc_number)}
                </Typography>
              )}
              {rating && (
                <Chip
                  label={rating.name}
                  variant="outlined"
                  sx={{ height: 18, fontSize: '0.6875rem', borderColor: rating.color, color: rating.color }}
                />
              )}
              {isLoadFromBlacklistedBroker(load) && <BlacklistedChip />}
            </Box>
          )}
        </Field>
        <Field label={t('loads.details.accountingBroker')}>{load.accounting_broker_company?.name}</Field>
        <Field label={t('loads.details.brokerName')}>{load.broker_name}</Field>
        <Field label={t('loads.details.brokerPhone')}>
          {load.broker_phone}
          {(load.broker_phone || broker) && (
            <ContactButtons
              label={load.broker_name || broker?.name || ''}
              target={{
                kind: 'broker',
                id: broker?.id ?? null,
                full_name: load.broker_name || broker?.name || '',
                phone_number: load.broker_phone,
                company_name: broker?.name ?? null,
                copyLoadInfo: `${loadNumberText(load)} ${placeText(firstPickUp(load))} → ${placeText(lastDelivery(load))}`,
              }}
            />
          )}
        </Field>
        <Field label={t('loads.details.replyEmail')}>{load.reply_email}</Field>
        <Field label={t('loads.details.rateconfRef')}>{load.rateconf_ref}</Field>
        <Field label={t('loads.details.vehicleType')}>
          {load.vehicle_type && lookupName(VEHICLE_TYPES, load.vehicle_type, lang)}
        </Field>
        <Field label={t('loads.details.weight')}>
          {load.weight === null ? '' : t('loads.details.pounds', { value: load.weight })}
        </Field>
        <Field label={t('loads.details.pieces')}>{load.pieces}</Field>
        <Field label={t('loads.details.dimensions')}>
          {dimensions && t('loads.details.inches', { value: dimensions })}
        </Field>
        <Field label={t('loads.details.equipment')}>{equipmentDisplay(load.equipment, lang)}</Field>
        <Field label={t('loads.details.flags')}>{flags.join(', ')}</Field>
        <Field label={t('loads.details.accountingWeek')}>
          {load.load_accounting_week !== null &&
            t('loads.details.week', {
              week: load.load_accounting_week,
              year: load.load_accounting_year ?? '',
            })}
        </Field>
        <Field label={t('loads.details.created')}>{formatDateTime(load.created_date)}</Field>
      </Fields>
    </Section>
  );
}
