import type SvgIcon from '@mui/material/SvgIcon';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import AddBoxOutlined from '@mui/icons-material/AddBoxOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import CircleOutlined from '@mui/icons-material/CircleOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import HeadsetMicOutlined from '@mui/icons-material/HeadsetMicOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PersonOutlineOutlined from '@mui/icons-material/PersonOutlineOutlined';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';

type MenuIcon = typeof SvgIcon;

// Icons by menu id: 'owners' is the same name under units (93) and accounting (124).
const ICONS_BY_ID: Record<number, MenuIcon> = {
  1: DashboardOutlined,
  2: ViewListOutlined,
  3: GavelOutlined,
  4: Inventory2Outlined,
  41: PlayCircleOutlined,
  42: ChecklistOutlined,
  43: TaskAltOutlined,
  44: CancelOutlined,
  5: TravelExploreOutlined,
  6: AddBoxOutlined,
  7: ForumOutlined,
  8: SmsOutlined,
  9: LocalShippingOutlined,
  91: LocalShippingOutlined,
  92: BadgeOutlined,
  93: PersonOutlineOutlined,
  94: HandshakeOutlined,
  95: MapOutlined,
  10: GroupOutlined,
  11: SettingsOutlined,
  12: AccountBalanceOutlined,
  121: PaymentsOutlined,
  122: ListAltOutlined,
  123: ApartmentOutlined,
  124: PersonOutlineOutlined,
  125: HeadsetMicOutlined,
  13: FactCheckOutlined,
};

export function menuIcon(id: number): MenuIcon {
  return ICONS_BY_ID[id] ?? CircleOutlined;
}
