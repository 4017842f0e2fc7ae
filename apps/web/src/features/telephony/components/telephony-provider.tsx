import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import {
  initialTelephonyState,
  MESSAGE_SENT_HOME_DELAY_MS,
  telephonyReducer,
  type TelephonyAction,
  type TelephonyState,
} from '@app/domain/telephony/telephony-panel.rules';
import { canViewNumber } from '@app/domain/telephony/telephony.rules';
import type { ContactEntry, ContactKind } from '@app/domain/telephony/telephony.schema';
import { contactEvents, type ContactRequest } from '@/components/contact/contact-request';
import { useCurrentUser } from '@/lib/current-user';
import { makeCall, makeDirectCall } from '../api/make-call';
import { openLoadChat, openSmsChat } from '../api/open-chat';
import { fetchUserPhoneData } from '../api/user-phone-data';

/** The call window: one named window, reused by the next call. */
export const CALL_WINDOW_NAME = 'telephony-call';
const CALL_WINDOW_FEATURES = 'popup,width=420,height=680';

/** What the panel opens a person's chats by. */
export type ChatPerson = Pick<
  ContactEntry,
  'kind' | 'id' | 'personal_sms_chat' | 'driver_chat' | 'load_id' | 'group_chat'
>;

/** Whom a call goes to: a person of the company (the server reads the number) or a number. */
export type CallTarget = { kind: ContactKind; id: number } | { phone: string; name: string };

type TelephonyContextValue = {
  state: TelephonyState;
  dispatch: (action: TelephonyAction) => void;
  /** Calls go through the company's external call system (a window), otherwise through tel:. */
  externalSystem: boolean;
  /** canViewNumber: role 4 or the company's is_visible_phone_numbers. */
  seesNumbers: boolean;
  /** Opens the call window (run it from the click: the window is opened before the address is known). */
  startCall: (target: CallTarget) => void;
  /** After a tel: link was followed. */
  callStarted: () => void;
  /** Opens a person's SMS chat or group chat page. */
  openChat: (page: 'sms' | 'chat', chatId: number) => void;
  /** Opens a driver's or an owner's SMS chat, or their unit's load chat, made when there is none yet. */
  openPersonChat: (page: 'sms' | 'chat', person: ChatPerson, onOpened?: () => void) => void;
  /** A message was sent: the panel returns home 500 ms later. */
  messageSent: () => void;
};

const TelephonyContext = createContext<TelephonyContextValue | null>(null);

export function useTelephony(): TelephonyContextValue {
  const value = use(TelephonyContext);
  if (!value) throw new Error('useTelephony needs the TelephonyProvider of the signed-in shell');
  return value;
}

function primaryOf(state: Pick<TelephonyState, 'driver' | 'owner' | 'userKind'>): ContactEntry | null {
  return state.userKind === 'owner' ? (state.owner ?? state.driver) : (state.driver ?? state.owner);
}

/**
 * The right-hand panel's telephony state for the whole signed-in shell: the panel (docked or the phone's
 * drawer) shows it, and any card asks for a contact through requestContact (components/contact), which
 * opens Connect and does what the button asked: a call, the SMS chat or the group chat.
 */
export function TelephonyProvider({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(telephonyReducer, undefined, () => initialTelephonyState());
  const externalSystem = Boolean(user.company_instance?.call_system?.trim());
  const seesNumbers = canViewNumber(user);
  const homeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(homeTimer.current), []);

  const startCall = useCallback((target: CallTarget) => {
    // Opened at once, within the click, so that no popup blocker stops it; pointed at the address after.
    const popup = window.open('', CALL_WINDOW_NAME, CALL_WINDOW_FEATURES);
    const urls =
      'id' in target
        ? makeCall(target.kind, target.id)
        : makeDirectCall({ phone_number: target.phone, full_name: target.name });
    urls.then(
      (answer) => {
        dispatch({ type: 'contactUrlsLoaded', call: answer.call_url, sms: answer.chat_url });
        if (popup) popup.location.href = answer.call_url;
        else window.open(answer.call_url, CALL_WINDOW_NAME, CALL_WINDOW_FEATURES);
        dispatch({ type: 'callStarted' });
      },
      // The refusal is shown by the HTTP client's error toast.
      () => popup?.close(),
    );
  }, []);

  const openChat = useCallback(
    (page: 'sms' | 'chat', chatId: number) => {
      dispatch({ type: 'openPage', page });
      void navigate(page === 'sms' ? `/sms/${chatId}` : `/group-chats/${chatId}`);
    },
    [navigate],
  );

  const openPersonChat = useCallback(
    (page: 'sms' | 'chat', person: ChatPerson, onOpened?: () => void) => {
      // SMS: the person's own SMS chat; Chat: the group chat with the driver (their unit's load chat).
      const known = page === 'sms' ? person.personal_sms_chat : (person.driver_chat ?? person.group_chat);
      if (known !== null) {
        openChat(page, known);
        onOpened?.();
        return;
      }
      const made =
        page === 'sms'
          ? person.kind === 'driver' || person.kind === 'owner'
            ? openSmsChat({ kind: person.kind, id: person.id })
            : null
          : person.load_id !== null
            ? openLoadChat(person.load_id)
            : null;
      // A refusal is shown by the HTTP client's error toast.
      made?.then(
        (chat) => {
          openChat(page, chat.id);
          onOpened?.();
        },
        () => undefined,
      );
    },
    [openChat],
  );

  const messageSent = useCallback(() => {
    clearTimeout(homeTimer.current);
    homeTimer.current = setTimeout(() => dispatch({ type: 'messageSent' }), MESSAGE_SENT_HOME_DELAY_MS);
  }, []);

  // A card asked for a contact.
  const latest = useRef({ externalSystem, startCall, openPersonChat });
  useEffect(() => {
    latest.current = { externalSystem, startCall, openPersonChat };
  }, [externalSystem, startCall, openPersonChat]);
  useEffect(
    () =>
      contactEvents.on('contact', (request: ContactRequest) => {
        const now = Date.now();
        const { externalSystem: external, startCall: call, openPersonChat: chat } = latest.current;
        if (request.kind === 'broker') {
          const { intent, copyLoadInfo, kind: _kind, ...broker } = request;
          dispatch({ type: 'contactBroker', broker, copyLoadInfo, now });
          if (intent === 'sms') dispatch({ type: 'openBrokerSms', externalSystem: external });
          if (intent === 'call' && external) {
            if (broker.phone_number) call({ phone: broker.phone_number, name: broker.full_name });
            else if (broker.id !== null) call({ kind: 'broker', id: broker.id });
          }
          return;
        }
        dispatch({ type: 'contactUser', userId: request.id, kind: request.kind, now });
        // A call to a driver or an owner starts within the click; a vehicle's after its people are known.
        if (request.intent === 'call' && external && request.kind !== 'vehicle')
          call({ kind: request.kind, id: request.id });
        const popupForVehicle =
          request.intent === 'call' && external && request.kind === 'vehicle'
            ? window.open('', CALL_WINDOW_NAME, CALL_WINDOW_FEATURES)
            : null;
        fetchUserPhoneData(request.kind, request.id).then(
          (info) => {
            dispatch({ type: 'userInfoLoaded', userId: request.id, driver: info.driver, owner: info.owner });
            const person = primaryOf({ ...info, userKind: request.kind });
            if (popupForVehicle) {
              popupForVehicle.close();
              if (person) call({ kind: person.kind, id: person.id });
            }
            if (person && request.intent === 'sms' && (person.has_phone || person.personal_sms_chat !== null))
              chat('sms', person);
            if (
              person &&
              request.intent === 'chat' &&
              (person.driver_chat ?? person.group_chat ?? person.load_id) !== null
            )
              chat('chat', person);
          },
          () => {
            popupForVehicle?.close();
            dispatch({ type: 'userInfoFailed', userId: request.id });
          },
        );
      }),
    [],
  );

  // A person chosen in the search: shown at once; the other one of the pair comes with the user's info.
  useEffect(() => {
    const { loadingUser, userKind, userId, driver, owner } = state;
    if (!loadingUser || userKind === null || userId === null) return;
    if (!driver && !owner) return; // a card's contactUser loads it itself
    let current = true;
    fetchUserPhoneData(userKind, userId).then(
      (info) => {
        if (current) dispatch({ type: 'userInfoLoaded', userId, driver: info.driver, owner: info.owner });
      },
      () => current && dispatch({ type: 'userInfoFailed', userId }),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once each time a person is chosen
  }, [state.updateTime]);

  const value = useMemo<TelephonyContextValue>(
    () => ({
      state,
      dispatch,
      externalSystem,
      seesNumbers,
      startCall,
      callStarted: () => dispatch({ type: 'callStarted' }),
      openChat,
      openPersonChat,
      messageSent,
    }),
    [state, externalSystem, seesNumbers, startCall, openChat, openPersonChat, messageSent],
  );
  return <TelephonyContext value={value}>{children}</TelephonyContext>;
}
