import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMcNumber, isAwaitingRating } from '@app/domain/brokers/brokers.rules';
import type { BrokerCompany } from '@app/domain/brokers/brokers.schema';
import { ContactButtons } from '@/components/contact/contact-buttons';
import { ActionsColumnHeader, CardList, ListTable } from '@/components/lists/list-table';
import { formatDateTime } from '@/lib/format';
import type { BrokerListKind } from '../api/broker-query-keys';
import { BlacklistChip } from './blacklist-chip';
import { BrokerActionsMenu } from './broker-actions';
import type { BrokerAction } from './broker-actions';
import type { BrokerPermissions } from '@app/domain/brokers/brokers.rules';
import { CreditCheckChip } from './credit-check';
import { NotifySwitch } from './notify-switch';
import { RatingChip } from './rating-chip';

/** A broker company as the panel's contact. */
function brokerTarget(broker: { id: number; name: string; phone: string | null }) {
  return {
    kind: 'broker' as const,
    id: broker.id,
    full_name: broker.name,
    phone_number: broker.phone,
    company_name: broker.name,
  };
}

type BrokersTableProps = {
  kind: BrokerListKind;
  brokers: readonly BrokerCompany[];
  label: string;
  permissions: BrokerPermissions;
  onAction: (action: BrokerAction, broker: BrokerCompany) => void;
};

/** A row's cells start at the top: the company cell runs to three lines. */
const TOP_ALIGNED_ROW_SX = { '& td': { verticalAlign: 'top' } } as const;

/** 'MC-123456 · DOT 1234567': the numbers a broker is known by. */
function numbersText(broker: BrokerCompany): string {
  return [formatMcNumber(broker.mc_number), broker.dot_number && `DOT ${broker.dot_number}`]
    .filter(Boolean)
    .join(' · ');
}

function placeText(broker: BrokerCompany): string {
  return [broker.city, broker.state].filter(Boolean).join(', ');
}

/** The name, then OTR or not (where the list mixes them) with the numbers, then the city. */
function CompanyCell({ broker, showType }: { broker: BrokerCompany; showType: boolean }) {
  const { t } = useTranslation();
  const numbers = [
    showType && t(broker.is_otr ? 'brokers.type.otr' : 'brokers.type.nonOtr'),
    numbersText(broker),
  ]
    .filter(Boolean)
    .join(' · ');
  const place = placeText(broker);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body1" sx={{ fontWeight: 600 }}>
        {broker.name}
      </Typography>
      {numbers && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
          {numbers}
        </Typography>
      )}
      {place && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {place}
        </Typography>
      )}
    </Box>
  );
}

/** The rating in its colour (opens the rating and its history) and, while it waits, since when. */
function RatingCell({
  broker,
  permissions,
  onAction,
}: Pick<BrokersTableProps, 'permissions' | 'onAction'> & { broker: BrokerCompany }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.25 }}>
      <RatingChip
        rating={broker.rating.id}
        onClick={() => onAction(permissions.check ? 'rate' : 'history', broker)}
      />
      {isAwaitingRating(broker) && broker.rating_requested_at && (
        <Typography variant="caption" color="warning.main">
          {t('brokers.rating.awaiting', { when: formatDateTime(broker.rating_requested_at) })}
        </Typography>
      )}
    </Box>
  );
}

/**
 * A list of broker companies: the numbers they are known by, the rating, the last credit check, the
 * blacklist mark and the notify switch, with a menu of what the user may do. The blacklist shows the reason
 * and the day instead of the switch.
 */
export function BrokersTable({ kind, brokers, label, permissions, onAction }: BrokersTableProps) {
  const { t } = useTranslation();
  const blacklist = kind === 'blacklist';
  return (
    <ListTable
      label={label}
      minWidth={860}
      endPadding={1}
      columns={
        <>
          <TableCell>{t('brokers.columns.company')}</TableCell>
          <TableCell>{t('brokers.columns.contact')}</TableCell>
          <TableCell>{t('brokers.columns.rating')}</TableCell>
          <TableCell>{t('brokers.columns.creditCheck')}</TableCell>
          {blacklist ? (
            <>
              <TableCell>{t('brokers.columns.reason')}</TableCell>
              <TableCell>{t('brokers.columns.blacklistedAt')}</TableCell>
            </>
          ) : (
            <>
              <TableCell>{t('brokers.columns.blacklist')}</TableCell>
              <TableCell>{t('brokers.columns.notify')}</TableCell>
            </>
          )}
          <ActionsColumnHeader label={t('brokers.columns.actions')} />
        </>
      }
    >
      {brokers.map((broker) => (
        <TableRow key={broker.id} hover data-broker-id={broker.id} sx={TOP_ALIGNED_ROW_SX}>
          <TableCell sx={{ minWidth: 200, maxWidth: 300 }}>
            <CompanyCell broker={broker} showType={kind === 'all' || blacklist} />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              {broker.phone ?? '—'}
              <ContactButtons target={brokerTarget(broker)} label={broker.name} />
            </Box>
            {broker.email && (
              <Typography variant="caption" color="text.secondary">
                {broker.email}
              </Typography>
            )}
          </TableCell>
          <TableCell>
            <RatingCell broker={broker} permissions={permissions} onAction={onAction} />
          </TableCell>
          <TableCell>
            <CreditCheckChip
              check={broker.credit_check}
              onClick={permissions.check ? () => onAction('creditCheck', broker) : undefined}
            />
          </TableCell>
          {blacklist ? (
            <>
              <TableCell sx={{ maxWidth: 320 }}>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                  {broker.blacklist_reason ?? '—'}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatDateTime(broker.blacklisted_at) || '—'}
              </TableCell>
            </>
          ) : (
            <>
              <TableCell>
                {broker.in_blacklist ? <BlacklistChip reason={broker.blacklist_reason} /> : '—'}
              </TableCell>
              <TableCell>
                <NotifySwitch broker={broker} disabled={!permissions.edit} />
              </TableCell>
            </>
          )}
          <TableCell align="right" sx={{ width: 40 }}>
            <BrokerActionsMenu broker={broker} permissions={permissions} onAction={onAction} />
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}

/** The brokers on a phone: one card each, with the same marks and menu. */
export function BrokersCardList({ kind, brokers, label, permissions, onAction }: BrokersTableProps) {
  const { t } = useTranslation();
  return (
    <CardList label={label}>
      {brokers.map((broker) => (
        <Box
          component="li"
          key={broker.id}
          data-broker-id={broker.id}
          sx={{ borderBottom: 1, borderColor: 'divider', px: 2, py: 1.25, display: 'flex', gap: 1 }}
        >
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
            <CompanyCell broker={broker} showType={kind === 'all' || kind === 'blacklist'} />
            <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
              <RatingChip
                rating={broker.rating.id}
                onClick={() => onAction(permissions.check ? 'rate' : 'history', broker)}
              />
              <CreditCheckChip
                check={broker.credit_check}
                onClick={permissions.check ? () => onAction('creditCheck', broker) : undefined}
              />
              {broker.in_blacklist && <BlacklistChip reason={broker.blacklist_reason} />}
            </Box>
            {kind === 'blacklist' && broker.blacklist_reason && (
              <Typography variant="body2" color="text.secondary">
                {broker.blacklist_reason}
              </Typography>
            )}
            {(broker.phone || broker.email) && (
              <Typography variant="body2" color="text.secondary">
                {[broker.phone, broker.email].filter(Boolean).join(' · ')}
              </Typography>
            )}
            {kind !== 'blacklist' && (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, ml: -0.75 }}>
                <NotifySwitch broker={broker} disabled={!permissions.edit} />
                <Typography variant="body2">{t('brokers.columns.notify')}</Typography>
              </Box>
            )}
          </Box>
          <Box>
            <BrokerActionsMenu broker={broker} permissions={permissions} onAction={onAction} />
          </Box>
        </Box>
      ))}
    </CardList>
  );
}
