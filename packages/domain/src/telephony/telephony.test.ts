import { describe, expect, it } from 'vitest';
import { telephonySettingsUpdateSchema } from '../company/telephony-settings.schema';
import {
  initialTelephonyState,
  MESSAGE_SENT_HOME_DELAY_MS,
  telephonyReducer,
  type TelephonyState,
} from './telephony-panel.rules';
import { makeDirectCallSchema, type ContactEntry } from './telephony.schema';
import {
  canViewNumber,
  contactUrlTemplateProblem,
  dialStringOf,
  fillContactUrl,
  hasExternalCallSystem,
  isDialString,
  isKeypadKey,
  keypadInput,
  telLink,
  TELEPHONY_MESSAGES,
  TELEPHONY_PANEL_COMPACT_WIDTH,
  TELEPHONY_PANEL_WIDTH,
  truncateLabel,
  truncateName,
} from './telephony.rules';

function entry(kind: ContactEntry['kind'], id: number, name = 'Carl Dunn'): ContactEntry {
  const [first = '', last = ''] = name.split(' ');
  return {
    kind,
    id,
    full_name: name,
    first_name: first,
    last_name: last,
    phone_number: null,
    has_phone: true,
    unit_id: '101',
    company_name: null,
    avatar: null,
    driver_chat: null,
    personal_sms_chat: null,
    load_id: null,
    group_chat: null,
  };
}

const broker = { id: 7, full_name: 'Echo Global', phone_number: '(555) 300-1000', company_name: 'Echo' };

describe('canViewNumber: role 4 or the company setting is_visible_phone_numbers', () => {
  it('shows numbers to a manager, a superuser, or everyone when the company says so', () => {
    const hidden = { is_visible_phone_numbers: false };
    expect(canViewNumber({ role: 4, company_instance: hidden })).toBe(true);
    expect(canViewNumber({ role: 5, company_instance: hidden })).toBe(false);
    expect(canViewNumber({ role: 3, company_instance: hidden })).toBe(false);
    expect(canViewNumber({ role: 5, is_superuser: true, company_instance: hidden })).toBe(true);
    expect(canViewNumber({ role: 5, company_instance: { is_visible_phone_numbers: true } })).toBe(true);
    expect(canViewNumber({ role: 6, company_instance: null })).toBe(false);
  });
});

describe('the keypad accepts digits, star and hash', () => {
  it('takes 0-9, * and # and nothing else', () => {
    for (const key of ['0', '5', '9', '*', '#']) expect(isKeypadKey(key)).toBe(true);
    for (const key of ['a', '+', '-', ' ', '10', '']) expect(isKeypadKey(key)).toBe(false);
    expect(keypadInput('(555) 10a-20*#x')).toBe('5551020*#');
  });

  it('dials a number with its punctuation removed and its + kept', () => {
    expect(dialStringOf('+1 (555) 100-2000')).toBe('+15551002000');
    expect(dialStringOf('555.100.2000 ext 12')).toBe('555100200012');
    expect(isDialString('(555) 100-2000')).toBe(true);
    expect(isDialString('*72#')).toBe(true);
    expect(isDialString('12')).toBe(false);
    expect(isDialString('call me')).toBe(false);
    expect(telLink('+1 (555) 100-2000')).toBe('tel:+15551002000');
    expect(telLink('*72#')).toBe('tel:*72%23');
  });

  it('a direct call needs a number that can be dialled', () => {
    expect(makeDirectCallSchema.safeParse({ phone_number: '555 100 2000', full_name: 'Carl' }).success).toBe(
      true,
    );
    const bad = makeDirectCallSchema.safeParse({ phone_number: 'abc' });
    expect(bad.error?.issues[0]?.message).toBe(TELEPHONY_MESSAGES.dialStringInvalid);
  });
});

describe('the click-to-call URL template', () => {
  it('puts the number as dialled and the name, URL-encoded, in place of {phone} and {name}', () => {
    expect(
      fillContactUrl('https://app.ringcentral.com/r/call?number={phone}&name={name}', {
        phone: '+1 (555) 100-2000',
        name: 'Carl Dunn & Sons',
      }),
    ).toBe('https://app.ringcentral.com/r/call?number=%2B15551002000&name=Carl%20Dunn%20%26%20Sons');
    expect(fillContactUrl('zoiper://call?n={phone}&again={phone}', { phone: '*72#', name: '' })).toBe(
      'zoiper://call?n=*72%23&again=*72%23',
    );
  });

  it('must have a scheme that opens a page or an app, and {phone}', () => {
    expect(contactUrlTemplateProblem('https://pbx.example.com/call/{phone}')).toBeNull();
    expect(contactUrlTemplateProblem('zoiper://call?number={phone}')).toBeNull();
    expect(contactUrlTemplateProblem('javascript:alert({phone})')).toBe(TELEPHONY_MESSAGES.templateScheme);
    expect(contactUrlTemplateProblem('pbx.example.com/{phone}')).toBe(TELEPHONY_MESSAGES.templateScheme);
    expect(contactUrlTemplateProblem('https://pbx.example.com/call')).toBe(
      TELEPHONY_MESSAGES.templatePhoneMissing,
    );
    const saved = telephonySettingsUpdateSchema.safeParse({
      call_url_template: 'data:text/html,{phone}',
      sms_url_template: '',
    });
    expect(saved.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['call_url_template', TELEPHONY_MESSAGES.templateScheme],
    ]);
  });

  it('calls go through the external system only with a system and a call template', () => {
    const template = 'https://pbx.example.com/{phone}';
    expect(hasExternalCallSystem({ call_system: 'RingCentral', call_url_template: template })).toBe(true);
    expect(hasExternalCallSystem({ call_system: null, call_url_template: template })).toBe(false);
    expect(hasExternalCallSystem({ call_system: 'RingCentral', call_url_template: ' ' })).toBe(false);
  });
});

describe('the panel: width 300, compact 192; names 20 (9 compact), labels 30 (9 compact)', () => {
  it('has the spec widths', () => {
    expect([TELEPHONY_PANEL_WIDTH, TELEPHONY_PANEL_COMPACT_WIDTH]).toEqual([300, 192]);
  });

  it('truncates names and labels', () => {
    expect(truncateName('Christopher Montgomery', false)).toBe('Christopher Montgome…');
    expect(truncateName('Christopher Montgomery', true)).toBe('Christoph…');
    expect(truncateName('Carl Dunn', true)).toBe('Carl Dunn');
    expect(truncateLabel('Blue Line Owner Operators Incorporated', false)).toBe(
      'Blue Line Owner Operators Inco…',
    );
    expect(truncateLabel('Unit 1024 TX', true)).toBe('Unit 1024…');
    expect(truncateLabel('Echo Global Logistics Inc', false)).toBe('Echo Global Logistics Inc');
  });
});

describe('the telephony state', () => {
  const start = initialTelephonyState();
  const run = (state: TelephonyState, ...actions: Parameters<typeof telephonyReducer>[1][]) =>
    actions.reduce(telephonyReducer, state);

  it('contacting a user selects the tab, goes to connect, opens the panel and loads the user info', () => {
    const state = telephonyReducer(start, { type: 'contactUser', userId: 12, kind: 'driver', now: 1000 });
    expect(state).toMatchObject({
      currentTab: 'connect',
      page: 'connect',
      isOpen: true,
      userId: 12,
      userKind: 'driver',
      loadingUser: true,
      updateTime: 1000,
    });
    const loaded = telephonyReducer(state, {
      type: 'userInfoLoaded',
      userId: 12,
      driver: entry('driver', 12),
      owner: entry('owner', 3, 'Olga Owner'),
    });
    expect(loaded.driver?.id).toBe(12);
    expect(loaded.owner?.full_name).toBe('Olga Owner');
    expect(loaded.loadingUser).toBe(false);
    // The info of a user contacted before is not shown for the one contacted since.
    const other = telephonyReducer(state, { type: 'contactUser', userId: 13, kind: 'driver', now: 2000 });
    expect(telephonyReducer(other, { type: 'userInfoLoaded', userId: 12, driver: null, owner: null })).toBe(
      other,
    );
  });

  it('choosing a search result opens connect', () => {
    const driver = run(start, { type: 'chooseResult', entry: entry('driver', 5), now: 1 });
    expect(driver).toMatchObject({ page: 'connect', currentTab: 'connect', userId: 5, loadingUser: true });
    expect(driver.driver?.id).toBe(5);
    const colleague = run(driver, {
      type: 'chooseResult',
      entry: entry('user', 9, 'Dana Dispatcher'),
      now: 2,
    });
    expect(colleague).toMatchObject({ page: 'connect', driver: null, owner: null, userId: null });
    expect(colleague.colleague?.full_name).toBe('Dana Dispatcher');
    const brokerFound = run(start, {
      type: 'chooseResult',
      entry: entry('broker', 7, 'Echo Global'),
      now: 3,
    });
    expect(brokerFound.broker).toMatchObject({ id: 7, full_name: 'Echo Global' });
  });

  it('direct contact with a broker clears driver and owner', () => {
    const state = run(
      start,
      { type: 'contactUser', userId: 12, kind: 'vehicle', now: 1 },
      { type: 'userInfoLoaded', userId: 12, driver: entry('driver', 1), owner: entry('owner', 2) },
      { type: 'contactBroker', broker, copyLoadInfo: 'Load 000301 Chicago, IL → Dallas, TX', now: 2 },
    );
    expect(state).toMatchObject({ driver: null, owner: null, userId: null, page: 'connect', broker });
    expect(state.copyLoadInfo).toBe('Load 000301 Chicago, IL → Dallas, TX');
  });

  it("opening a broker's SMS first opens an SMS dialogue, only for the external system", () => {
    const withBroker = run(start, { type: 'contactBroker', broker, now: 1 });
    expect(telephonyReducer(withBroker, { type: 'openBrokerSms', externalSystem: true }).smsDialogOpen).toBe(
      true,
    );
    expect(telephonyReducer(withBroker, { type: 'openBrokerSms', externalSystem: false })).toBe(withBroker);
  });

  it('after a call or a message the panel returns home (a sent message 500 ms later)', () => {
    const connected = run(start, { type: 'contactBroker', broker, now: 1 });
    expect(telephonyReducer(connected, { type: 'callStarted' })).toMatchObject({
      page: 'home',
      currentTab: 'home',
    });
    const dialogue = run(connected, { type: 'openBrokerSms', externalSystem: true }, { type: 'messageSent' });
    expect(dialogue).toMatchObject({ page: 'home', currentTab: 'home', smsDialogOpen: false });
    // The contact stays: Connect shows it again when chosen.
    expect(dialogue.broker).toEqual(broker);
    expect(MESSAGE_SENT_HOME_DELAY_MS).toBe(500);
  });

  it('keeps the tabs, pages, compact flag and contact urls', () => {
    const state = run(
      start,
      { type: 'selectTab', tab: 'connect' },
      { type: 'openPage', page: 'sms' },
      { type: 'setCompact', isCompact: true },
      { type: 'contactUrlsLoaded', call: 'https://pbx/1', sms: null },
    );
    expect(state).toMatchObject({
      page: 'sms',
      currentTab: 'connect',
      isCompact: true,
      contactUrls: { call: 'https://pbx/1', sms: null },
    });
    expect(telephonyReducer({ ...state, isOpen: true }, { type: 'closePanel' }).isOpen).toBe(false);
  });
});
