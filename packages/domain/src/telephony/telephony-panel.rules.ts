import type { ContactEntry } from './telephony.schema';

// The right-hand panel's telephony state as the spec keeps it (page, updateTime, currentTab, userId,
// driver, owner, broker, contactUrls, isCompact, copyLoadInfo), with the few things the screen needs
// besides (whether the panel is open on a phone, a colleague found by the search, the broker's SMS dialogue,
// and whether the user's info is loading). A pure reducer: the web's panel runs it, and the rules are
// tested here one by one.

export type TelephonyPage = 'home' | 'connect' | 'sms' | 'chat';
export type TelephonyTab = 'home' | 'connect';
/** What the userId of the panel names (GET telephony/user-phone-data/{id}?kind=). */
export type PanelUserKind = 'driver' | 'owner' | 'vehicle';

/** The spec's broker of the panel: full_name, phone_number, company_name (id: the broker company, if any). */
export type PanelBroker = {
  id: number | null;
  full_name: string;
  phone_number: string | null;
  company_name: string | null;
};

export type TelephonyState = {
  page: TelephonyPage;
  /** When the panel was last asked to show a contact (ms): the panel scrolls to the top and opens. */
  updateTime: number;
  currentTab: TelephonyTab;
  userId: number | null;
  userKind: PanelUserKind | null;
  driver: ContactEntry | null;
  owner: ContactEntry | null;
  broker: PanelBroker | null;
  /** A colleague chosen in the search. */
  colleague: ContactEntry | null;
  contactUrls: { call: string | null; sms: string | null } | null;
  isCompact: boolean;
  /** The load's text a broker contact was opened with, offered to copy during the call. */
  copyLoadInfo: string | null;
  isOpen: boolean;
  smsDialogOpen: boolean;
  loadingUser: boolean;
};

/** After a message is sent the panel returns home this much later. */
export const MESSAGE_SENT_HOME_DELAY_MS = 500;

export function initialTelephonyState(isCompact = false): TelephonyState {
  return {
    page: 'home',
    updateTime: 0,
    currentTab: 'home',
    userId: null,
    userKind: null,
    driver: null,
    owner: null,
    broker: null,
    colleague: null,
    contactUrls: null,
    isCompact,
    copyLoadInfo: null,
    isOpen: false,
    smsDialogOpen: false,
    loadingUser: false,
  };
}

export type TelephonyAction =
  /** Contacting a user (a driver, an owner or a vehicle's people from a card). */
  | { type: 'contactUser'; userId: number; kind: PanelUserKind; now: number }
  | { type: 'userInfoLoaded'; userId: number; driver: ContactEntry | null; owner: ContactEntry | null }
  | { type: 'userInfoFailed'; userId: number }
  /** A person chosen in the panel's search. */
  | { type: 'chooseResult'; entry: ContactEntry; now: number }
  /** Direct contact with a broker (a load's or a broker company's). */
  | { type: 'contactBroker'; broker: PanelBroker; copyLoadInfo?: string | null; now: number }
  | { type: 'openBrokerSms'; externalSystem: boolean }
  | { type: 'closeSmsDialog' }
  | { type: 'contactUrlsLoaded'; call: string | null; sms: string | null }
  | { type: 'callStarted' }
  /** A message was sent: dispatched MESSAGE_SENT_HOME_DELAY_MS after the send. */
  | { type: 'messageSent' }
  | { type: 'selectTab'; tab: TelephonyTab }
  | { type: 'openPage'; page: 'sms' | 'chat' }
  | { type: 'setCompact'; isCompact: boolean }
  | { type: 'closePanel' };

/** Opening a contact: the Connect tab and page, the panel open, the contacts before it forgotten. */
function connect(state: TelephonyState, now: number): TelephonyState {
  return {
    ...state,
    page: 'connect',
    currentTab: 'connect',
    isOpen: true,
    updateTime: now,
    userId: null,
    userKind: null,
    driver: null,
    owner: null,
    broker: null,
    colleague: null,
    contactUrls: null,
    copyLoadInfo: null,
    smsDialogOpen: false,
    loadingUser: false,
  };
}

function home(state: TelephonyState): TelephonyState {
  return { ...state, page: 'home', currentTab: 'home', smsDialogOpen: false };
}

export function telephonyReducer(state: TelephonyState, action: TelephonyAction): TelephonyState {
  switch (action.type) {
    case 'contactUser':
      // Selects the tab, goes to connect, opens the panel and loads the user's info.
      return {
        ...connect(state, action.now),
        userId: action.userId,
        userKind: action.kind,
        loadingUser: true,
      };
    case 'userInfoLoaded':
      if (state.userId !== action.userId) return state;
      return { ...state, driver: action.driver, owner: action.owner, loadingUser: false };
    case 'userInfoFailed':
      return state.userId === action.userId ? { ...state, loadingUser: false } : state;
    case 'chooseResult': {
      const { entry } = action;
      if (entry.kind === 'broker')
        return telephonyReducer(state, {
          type: 'contactBroker',
          broker: {
            id: entry.id,
            full_name: entry.full_name,
            phone_number: entry.phone_number,
            company_name: entry.company_name,
          },
          now: action.now,
        });
      if (entry.kind === 'user') return { ...connect(state, action.now), colleague: entry };
      // A driver or an owner: shown at once, and the other one of the pair is loaded with the user's info.
      return {
        ...connect(state, action.now),
        userId: entry.id,
        userKind: entry.kind,
        driver: entry.kind === 'driver' ? entry : null,
        owner: entry.kind === 'owner' ? entry : null,
        loadingUser: true,
      };
    }
    case 'contactBroker':
      // Direct contact with a broker clears driver and owner.
      return {
        ...connect(state, action.now),
        broker: action.broker,
        copyLoadInfo: action.copyLoadInfo ?? null,
      };
    case 'openBrokerSms':
      // The SMS dialogue opens only for the external system.
      return action.externalSystem && state.broker ? { ...state, smsDialogOpen: true } : state;
    case 'closeSmsDialog':
      return { ...state, smsDialogOpen: false };
    case 'contactUrlsLoaded':
      return { ...state, contactUrls: { call: action.call, sms: action.sms } };
    case 'callStarted':
    case 'messageSent':
      // After a call or a message the panel returns home.
      return home(state);
    case 'selectTab':
      return { ...state, currentTab: action.tab, page: action.tab, smsDialogOpen: false };
    case 'openPage':
      return { ...state, page: action.page, currentTab: 'connect' };
    case 'setCompact':
      return { ...state, isCompact: action.isCompact };
    case 'closePanel':
      return { ...state, isOpen: false };
  }
}

/** Whether the Connect page has someone to show. */
export function hasContact(state: TelephonyState): boolean {
  return Boolean(state.driver ?? state.owner ?? state.broker ?? state.colleague ?? state.loadingUser);
}
