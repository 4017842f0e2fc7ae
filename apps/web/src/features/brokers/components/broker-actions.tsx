import { useState } from 'react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CreditScoreOutlined from '@mui/icons-material/CreditScoreOutlined';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import StarOutlineOutlined from '@mui/icons-material/StarOutlineOutlined';
import { isAwaitingRating } from '@app/domain/brokers/brokers.rules';
import type { BrokerCompany } from '@app/domain/brokers/brokers.schema';
import { toastSuccess } from '@/lib/messages';
import { useRequestRating } from '../api/request-rating';
import { BlacklistDialog } from './blacklist-form';
import { BrokerFormDialog } from './broker-form-dialog';
import type { BrokerPermissions } from '@app/domain/brokers/brokers.rules';
import { CreditCheckDialog } from './credit-check';
import { DeleteBrokerDialog } from './delete-broker-dialog';
import { RatingDialog } from './rating-dialog';

export type BrokerAction = 'rate' | 'history' | 'creditCheck' | 'blacklist' | 'edit' | 'delete';

/** The dialog of an action on a broker; `null` shows none. */
export type OpenAction = { action: BrokerAction; broker: BrokerCompany } | null;

/** The dialogs the broker tables open. */
export function BrokerActionDialog({
  open,
  permissions,
  onClose,
}: {
  open: OpenAction;
  permissions: BrokerPermissions;
  onClose: () => void;
}) {
  if (!open) return null;
  const { action, broker } = open;
  switch (action) {
    case 'rate':
    case 'history':
      return (
        <RatingDialog broker={broker} canRate={action === 'rate' && permissions.check} onClose={onClose} />
      );
    case 'creditCheck':
      return <CreditCheckDialog broker={broker} onClose={onClose} />;
    case 'blacklist':
      return <BlacklistDialog broker={broker} onClose={onClose} />;
    case 'edit':
      return <BrokerFormDialog mode={{ kind: 'edit', broker }} onClose={onClose} />;
    case 'delete':
      return <DeleteBrokerDialog broker={broker} onClose={onClose} />;
  }
}

type BrokerActionsMenuProps = {
  broker: BrokerCompany;
  permissions: BrokerPermissions;
  onAction: (action: BrokerAction, broker: BrokerCompany) => void;
};

/** The ⋮ menu of a broker row: what the user may do with it. */
export function BrokerActionsMenu({ broker, permissions, onAction }: BrokerActionsMenuProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const request = useRequestRating();
  const choose = (action: BrokerAction) => {
    setAnchor(null);
    onAction(action, broker);
  };
  const askForRating = () => {
    setAnchor(null);
    request.mutate(broker.id, { onSuccess: () => toastSuccess('brokers.rating.requested') });
  };

  const items = [
    permissions.check && { key: 'rate', icon: <StarOutlineOutlined />, label: t('brokers.actions.rate') },
    { key: 'history', icon: <HistoryOutlined />, label: t('brokers.actions.history') },
    permissions.check && {
      key: 'creditCheck',
      icon: <CreditScoreOutlined />,
      label: t('brokers.actions.creditCheck'),
    },
    permissions.check && {
      key: 'blacklist',
      icon: <BlockOutlined />,
      label: t(broker.in_blacklist ? 'brokers.blacklist.remove' : 'brokers.blacklist.add'),
    },
    permissions.edit && { key: 'edit', icon: <EditOutlined />, label: t('brokers.actions.edit') },
    permissions.remove &&
      !broker.is_otr && {
        key: 'delete',
        icon: <DeleteOutlineOutlined />,
        label: t('brokers.actions.delete'),
      },
  ].filter((item): item is { key: BrokerAction; icon: ReactElement; label: string } => Boolean(item));

  return (
    <>
      <IconButton
        aria-label={t('brokers.actions.menu', { name: broker.name })}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {items.map((item) => (
          <MenuItem key={item.key} onClick={() => choose(item.key)}>
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText>{item.label}</ListItemText>
          </MenuItem>
        ))}
        {permissions.requestRating && !isAwaitingRating(broker) && (
          <MenuItem onClick={askForRating}>
            <ListItemIcon>
              <HowToRegOutlined />
            </ListItemIcon>
            <ListItemText>{t('brokers.actions.requestRating')}</ListItemText>
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
