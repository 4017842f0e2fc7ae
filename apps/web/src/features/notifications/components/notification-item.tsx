import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type SvgIcon from '@mui/material/SvgIcon';
import AttachMoney from '@mui/icons-material/AttachMoney';
import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import DoneOutlined from '@mui/icons-material/DoneOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import LocationOffOutlined from '@mui/icons-material/LocationOffOutlined';
import MailOutline from '@mui/icons-material/MailOutlined';
import MyLocationOutlined from '@mui/icons-material/MyLocationOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import StickyNote2Outlined from '@mui/icons-material/StickyNote2Outlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import { NOTIFICATION_TYPES } from '@app/domain/common/lookups';
import { relativeTime } from '@app/domain/common/time';
import { relativeTimeRefreshMs } from '@app/domain/notifications/notifications.rules';
import type { NotificationItem as Item } from '@app/domain/notifications/notifications.rules';
import { currentLang } from '@/i18n/i18n';
import { formatDateTime, formatUsd } from '@/lib/format';
import { notificationContent, notificationLabel } from './notification-text';
import { useNow } from './use-now';

const TYPE_ICONS: Record<number, typeof SvgIcon> = {
  1: ChatBubbleOutline,
  2: SmsOutlined,
  3: GavelOutlined,
  4: LocalShippingOutlined,
  5: LocationOffOutlined,
  6: MyLocationOutlined,
  7: StickyNote2Outlined,
  8: AttachMoney,
  9: ReportProblemOutlined,
  10: MailOutline,
  11: SmsOutlined,
  100: SyncAltOutlined,
};

/** The accent of each kind: chats blue, money and a unit reporting again green, trouble red, the rest grey. */
function typeColor(typeId: number): string {
  if ([1, 2, 7, 10, 11].includes(typeId)) return 'primary.main';
  if (typeId === 8 || typeId === 6) return 'success.main';
  if (typeId === 5 || typeId === 9) return 'error.main';
  return 'text.secondary';
}

function typeName(typeId: number, lang: 'en' | 'ru'): string {
  const entry = NOTIFICATION_TYPES.find((type) => type.id === typeId);
  return entry ? entry[lang] : '';
}

function priceChange(before: number | null | undefined, after: number | null | undefined): string | null {
  if (after === null || after === undefined) return null;
  if (before === null || before === undefined || before === after) return formatUsd(after);
  return `${formatUsd(before)} → ${formatUsd(after)}`;
}

function PriceLine({ label, change }: { label: string; change: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
        {change}
      </Typography>
    </>
  );
}

type NotificationItemProps = {
  item: Item;
  /** The narrow panel shows the kind, the label, the time and the content in short, without prices or actor. */
  compact: boolean;
  onOpen: (item: Item) => void;
  onMarkRead: (item: Item) => void;
};

/** One notification: kind and relative time, label, content; click opens its page, ✓ marks it read. */
export function NotificationItem({ item, compact, onOpen, onMarkRead }: NotificationItemProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const now = useNow(relativeTimeRefreshMs(item));
  const Icon = TYPE_ICONS[item.type.id] ?? ChatBubbleOutline;
  const actor = item.actor ? `${item.actor.first_name} ${item.actor.last_name}`.trim() : '';
  const broker = priceChange(item.old_broker_price, item.broker_price);
  const driver = priceChange(item.old_driver_price, item.driver_price);
  const label = notificationLabel(item, t);
  const content = notificationContent(item, t, lang);

  return (
    <ListItem
      disablePadding
      data-notification-id={String(item.id)}
      data-notification-type={item.type.id}
      secondaryAction={
        <Tooltip title={t('notifications.markRead')}>
          <IconButton
            edge="end"
            aria-label={t('notifications.markReadOf', { label })}
            onClick={() => onMarkRead(item)}
            sx={{ mt: -0.5 }}
          >
            <DoneOutlined sx={{ fontSize: 16 }} />
          </IconButton>
        </Tooltip>
      }
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        '& .MuiListItemSecondaryAction-root': { top: 14, transform: 'none', right: 12 },
      }}
    >
      <ListItemButton
        onClick={() => onOpen(item)}
        sx={{ alignItems: 'flex-start', gap: 1, py: 0.75, pl: 1.25, pr: 5 }}
      >
        {!compact && (
          <Box sx={{ color: typeColor(item.type.id), display: 'flex', pt: 0.25 }} aria-hidden>
            <Icon sx={{ fontSize: 18 }} />
          </Box>
        )}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.75, minWidth: 0 }}>
            <Typography
              variant="caption"
              noWrap
              sx={{ color: typeColor(item.type.id), fontWeight: 600, minWidth: 0 }}
            >
              {typeName(item.type.id, lang)}
            </Typography>
            <Typography
              component="time"
              variant="caption"
              dateTime={item.created_date}
              title={`${formatDateTime(item.created_date)} ET`}
              sx={{ color: 'text.secondary', flexShrink: 0, ml: 'auto' }}
            >
              {relativeTime(item.created_date, now, lang)}
            </Typography>
          </Box>
          <Typography variant="body1" noWrap sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          {!compact && (broker || driver) ? (
            // A rate notice shows its prices before and after; its content says the same in words.
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1 }}>
              {broker && <PriceLine label={t('notifications.brokerPrice')} change={broker} />}
              {driver && <PriceLine label={t('notifications.driverPrice')} change={driver} />}
            </Box>
          ) : (
            // The compact panel (the default below 1600 px) still says what happened, in smaller type.
            content && (
              <Typography
                variant={compact ? 'caption' : 'body2'}
                component="div"
                sx={{
                  color: 'text.secondary',
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                  overflowWrap: 'anywhere',
                }}
              >
                {content}
              </Typography>
            )
          )}
          {!compact && actor && (
            <Typography variant="caption" noWrap component="div" sx={{ color: 'text.secondary' }}>
              {actor}
            </Typography>
          )}
        </Box>
      </ListItemButton>
    </ListItem>
  );
}
