import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { truncateLabel, truncateName } from '@app/domain/telephony/telephony.rules';
import type { ContactEntry } from '@app/domain/telephony/telephony.schema';
import { ErrorState } from '@/components/error-state';
import { LoadingState } from '@/components/loading-state';
import { MIN_CONTACT_SEARCH, useContactSearch } from '../api/contacts';
import { useTelephony } from './telephony-provider';

/** The search waits this long after the last key before it asks the server. */
const SEARCH_DELAY_MS = 250;

function useDebounced(text: string): string {
  const [debounced, setDebounced] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return debounced;
}

function secondLine(entry: ContactEntry, kind: string): string {
  return [
    kind,
    entry.unit_id ? `#${entry.unit_id}` : null,
    entry.kind === 'broker' ? null : entry.company_name,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The people the panel's search finds (drivers, owners, brokers, colleagues by name, phone or unit);
 * choosing one opens Connect. Shown above the notifications that match the same text.
 */
export function ContactSearchResults({
  search,
  compact,
  onChosen,
}: {
  search: string;
  compact: boolean;
  onChosen: () => void;
}) {
  const { t } = useTranslation();
  const { dispatch } = useTelephony();
  const text = useDebounced(search.trim());
  const found = useContactSearch(text);
  if (text.length < MIN_CONTACT_SEARCH || search.trim().length < MIN_CONTACT_SEARCH) return null;

  return (
    <Box
      component="section"
      aria-label={t('telephony.people')}
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      <Typography variant="overline" sx={{ px: 1, display: 'block', color: 'text.secondary' }}>
        {t('telephony.people')}
      </Typography>
      {found.isPending ? (
        <LoadingState label={t('telephony.searching')} />
      ) : found.isError ? (
        <ErrorState error={found.error} onRetry={() => void found.refetch()} />
      ) : found.data.results.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1, pb: 1 }}>
          {t('telephony.nobodyFound')}
        </Typography>
      ) : (
        <List dense disablePadding aria-label={t('telephony.people')}>
          {found.data.results.map((entry) => {
            const kind = t(`telephony.kinds.${entry.kind}`);
            return (
              <ListItemButton
                key={`${entry.kind}:${entry.id}`}
                onClick={() => {
                  dispatch({ type: 'chooseResult', entry, now: Date.now() });
                  onChosen();
                }}
                sx={{ px: 1, gap: 1 }}
              >
                {!compact && (
                  <ListItemAvatar sx={{ minWidth: 0 }}>
                    <Avatar
                      src={entry.avatar ?? undefined}
                      alt=""
                      sx={{ width: 28, height: 28, fontSize: 12 }}
                    >
                      {entry.full_name.slice(0, 1)}
                    </Avatar>
                  </ListItemAvatar>
                )}
                <ListItemText
                  primary={truncateName(entry.full_name, compact)}
                  secondary={
                    // Compact: the unit, or the kind, whole rather than cut after 9 characters.
                    compact
                      ? entry.unit_id
                        ? `#${entry.unit_id}`
                        : kind
                      : truncateLabel(secondLine(entry, kind), false)
                  }
                  slotProps={{
                    primary: { noWrap: true, title: entry.full_name },
                    secondary: { noWrap: true },
                  }}
                />
                {entry.phone_number && !compact && (
                  <Typography
                    variant="caption"
                    sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                  >
                    {entry.phone_number}
                  </Typography>
                )}
              </ListItemButton>
            );
          })}
        </List>
      )}
    </Box>
  );
}
