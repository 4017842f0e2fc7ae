import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOAD_FORM_MESSAGES } from '@app/domain/loads/load-form.rules';
import type { LoadFormValues } from '@app/domain/loads/load-form.rules';
import { i18n } from '@/i18n/i18n';
import { ApiError } from '@/lib/api-error';
import { appEvents } from '@/lib/events';
import type { GlobalMessage } from '@/lib/events';
import {
  CHICAGO,
  chooseAddress,
  DALLAS,
  DELIVERY_DATE,
  field,
  fillValidLoad,
  messageOf,
  PICK_UP_DATE,
  pointFromPlace,
  pointGroup,
  renderLoadForm,
  THIS_YEAR,
  typeDate,
  validLoadValues,
  WHOLE_FORM_TIMEOUT_MS,
} from './load-form.test-utils';

// The load form against the spec's rules (business areas, 5 Validation, Load form), with the spec's texts.

const M = LOAD_FORM_MESSAGES;

const saveButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });

afterEach(() => {
  vi.useRealTimers();
});

describe('a new load', () => {
  it('starts with a pick-up and a delivery point, without stop numbers, messages or a count of fields to fix', () => {
    renderLoadForm();
    const pickUp = pointGroup('Pick-up');
    const delivery = pointGroup('Delivery');
    expect(within(pickUp).getByRole<HTMLSelectElement>('combobox', { name: 'Type' }).value).toBe('pick_up');
    expect(within(delivery).getByRole<HTMLSelectElement>('combobox', { name: 'Type' }).value).toBe(
      'deliver_to',
    );
    expect(screen.queryAllByTestId('stop-number')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Fields to fix/ })).toBeNull();
    expect(messageOf(field(/Broker phone/))).toBe('');
    expect(messageOf(field(/Weight/))).toBe('');
    expect(saveButton().disabled).toBe(false);
  });

  it('shows every message and the count once Save is pressed on an empty form, then keeps Save disabled', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn<(values: LoadFormValues) => Promise<void>>(() => Promise.resolve());
    renderLoadForm({ onSubmit });
    await user.click(saveButton());

    expect(messageOf(field(/Broker phone/))).toBe(M.fieldRequired);
    expect(messageOf(field(/Weight/))).toBe(M.fieldRequired);
    expect(screen.getByRole('button', { name: /Fields to fix: \d+/ })).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a message once its field was left, and then counts the fields to fix', async () => {
    const user = userEvent.setup({ delay: null });
    renderLoadForm();
    await user.click(field(/Broker phone/));
    await user.tab();
    expect(messageOf(field(/Broker phone/))).toBe(M.fieldRequired);
    expect(messageOf(field(/Weight/))).toBe('');
    expect(screen.getByRole('button', { name: /Fields to fix: \d+/ })).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });

  it(
    'saves once every rule is met, with the points numbered from 1',
    async () => {
      const user = userEvent.setup({ delay: null });
      const onSubmit = vi.fn<(values: LoadFormValues) => Promise<void>>(() => Promise.resolve());
      const { callsTo } = renderLoadForm({ onSubmit });

      await fillValidLoad(user);
      // The load's own dates start as the first and last points' dates.
      expect(field(/Pick-up date/).value).toBe(PICK_UP_DATE);
      expect(field(/Delivery date/).value).toBe(DELIVERY_DATE);
      expect(saveButton().disabled).toBe(false);
      await user.click(saveButton());

      await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
      const values = onSubmit.mock.calls[0]![0];
      expect(values).toMatchObject({
        broker_name: 'Jane Broker',
        broker_phone: '(555) 123-4567',
        reply_email: 'jane@broker.test',
        pays: '1200',
        weight: '1500',
        pick_up_datetime: PICK_UP_DATE,
        delivery_datetime: DELIVERY_DATE,
      });
      expect(
        values.points.map((point) => [point.order, point.type, point.city, point.state, point.lat]),
      ).toEqual([
        [1, 'pick_up', 'Chicago', 'IL', CHICAGO.lat],
        [2, 'deliver_to', 'Dallas', 'TX', DALLAS.lat],
      ]);
      // The distance and transit time follow the chosen points.
      expect(screen.getByTestId('route-summary').textContent).toBe('925 mi · 18 h 30 min');
      expect(callsTo('POST', '/backend/api/v2/geo/route-estimate').at(-1)?.body).toEqual({
        points: [
          { lat: CHICAGO.lat, lon: CHICAGO.lon },
          { lat: DALLAS.lat, lon: DALLAS.lon },
        ],
      });
    },
    WHOLE_FORM_TIMEOUT_MS,
  );
});

describe('validation as the user types', () => {
  it('says "This field is required" beside a required field left empty, and keeps Save disabled', async () => {
    const user = userEvent.setup({ delay: null });
    renderLoadForm({ initialValues: validLoadValues() });
    expect(saveButton().disabled).toBe(false);

    const name = field(/Broker name/);
    await user.clear(name);
    expect(messageOf(name)).toBe(M.fieldRequired);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(saveButton().disabled).toBe(true);

    await user.type(name, 'J');
    expect(messageOf(name)).toBe('');
    expect(saveButton().disabled).toBe(false);
  });

  it.each(['(555) 123-4567', '+1 555-123-4567', '5551234567', '555 123 4567', '+1(555)123-4567'])(
    'takes the US phone number %s',
    async (phone) => {
      const user = userEvent.setup({ delay: null });
      renderLoadForm({ initialValues: validLoadValues({ broker_phone: '' }) });
      const input = field(/Broker phone/);
      await user.click(input);
      await user.paste(phone);
      expect(messageOf(input)).toBe('');
      expect(saveButton().disabled).toBe(false);
    },
  );

  it.each(['555-1234', '+2 555 123 4567', '(555) 123-45678', '555--123-4567', 'call me'])(
    'refuses %s as a phone number',
    async (phone) => {
      const user = userEvent.setup({ delay: null });
      renderLoadForm({ initialValues: validLoadValues({ broker_phone: '' }) });
      const input = field(/Broker phone/);
      await user.click(input);
      await user.paste(phone);
      expect(messageOf(input)).toBe(M.phoneInvalid);
      expect(saveButton().disabled).toBe(true);
    },
  );

  it('wants a valid reply e-mail', async () => {
    const user = userEvent.setup({ delay: null });
    renderLoadForm({ initialValues: validLoadValues({ reply_email: '' }) });
    const input = field(/Reply e-mail/);
    await user.type(input, 'jane@');
    expect(messageOf(input)).toBe(M.emailInvalid);
    expect(saveButton().disabled).toBe(true);
  });

  it('wants whole numbers for the dimensions', async () => {
    const user = userEvent.setup({ delay: null });
    renderLoadForm({ initialValues: validLoadValues({ length: '', width: '', height: '' }) });
    await user.type(field(/Length/), 'abc');
    expect(messageOf(field(/Length/))).toBe(M.mustBeNumber);
    await user.type(field(/Width/), '1.5');
    expect(messageOf(field(/Width/))).toBe(M.mustBeWholeNumber);
    await user.type(field(/Height/), '1');
    await user.clear(field(/Height/));
    expect(messageOf(field(/Height/))).toBe(M.fieldRequired);
    expect(saveButton().disabled).toBe(true);
  });

  it('holds weight and pieces to 6 digits, dimensions to 3 and the note to 300 characters', async () => {
    const user = userEvent.setup({ delay: null });
    renderLoadForm({ initialValues: validLoadValues({ weight: '', pieces: '', length: '', note: '' }) });
    await user.type(field(/Weight/), '1234567');
    expect(field(/Weight/).value).toBe('123456');
    await user.type(field(/Pieces/), '9999999');
    expect(field(/Pieces/).value).toBe('999999');
    await user.type(field(/Length/), '1234');
    expect(field(/Length/).value).toBe('123');

    const note = field(/Note/);
    await user.click(note);
    await user.paste('n'.repeat(301));
    expect(note.value).toHaveLength(300);
    expect(screen.getByTestId('note-counter').textContent).toBe('300/300');
    expect(saveButton().disabled).toBe(false);
  });

  it('drops a leading $ from pays', async () => {
    const user = userEvent.setup({ delay: null });
    renderLoadForm({ initialValues: validLoadValues({ pays: '' }) });
    await user.type(field(/^Pays/), '$1,250.50');
    expect(field(/^Pays/).value).toBe('1,250.50');
    // No message, only the hint that a new load takes Pays as its broker price.
    expect(messageOf(field(/^Pays/))).toBe('Also becomes the broker price (Change price changes it later)');
  });

  it(
    "wants each point's address chosen from the lookup, and takes its state",
    async () => {
      const user = userEvent.setup({ delay: null });
      renderLoadForm();
      const pickUp = pointGroup('Pick-up');
      const address = within(pickUp).getByRole('combobox', { name: /Address/ });
      await user.type(address, 'Somewhere typed');
      await user.tab();
      expect(messageOf(address)).toBe(M.addressFromLookup);

      await user.clear(address);
      await chooseAddress(user, pickUp, 'Chic', 'Chicago');
      expect(messageOf(address)).toBe('');
      expect(within(pickUp).getByRole<HTMLSelectElement>('combobox', { name: /State/ }).value).toBe('IL');
    },
    WHOLE_FORM_TIMEOUT_MS,
  );

  it('wants a state on each point', async () => {
    const user = userEvent.setup({ delay: null });
    renderLoadForm({ initialValues: validLoadValues() });
    const state = within(pointGroup('Delivery')).getByRole('combobox', { name: /State/ });
    await user.selectOptions(state, '');
    expect(messageOf(state)).toBe(M.stateRequired);
    expect(saveButton().disabled).toBe(true);
  });

  it('wants the first point to be a pick-up and the last a delivery', async () => {
    const user = userEvent.setup({ delay: null });
    renderLoadForm({ initialValues: validLoadValues() });
    const firstType = within(pointGroup('Pick-up')).getByRole('combobox', { name: 'Type' });
    const lastType = within(pointGroup('Delivery')).getByRole('combobox', { name: 'Type' });
    await user.selectOptions(firstType, 'deliver_to');
    expect(messageOf(firstType)).toBe(M.firstPointPickUp);
    await user.selectOptions(lastType, 'pick_up');
    expect(messageOf(lastType)).toBe(M.lastPointDeliverTo);
    expect(saveButton().disabled).toBe(true);
  });

  it("keeps delivery dates between the first point's date and December 31 of next year", async () => {
    const user = userEvent.setup({ delay: null });
    renderLoadForm({ initialValues: validLoadValues() });
    const delivery = field(/Delivery date/);

    await user.clear(delivery);
    await user.type(delivery, `07/09/${THIS_YEAR} 08:00`);
    await waitFor(() => expect(messageOf(delivery)).toBe(M.deliveryBeforeFirstPoint));
    expect(saveButton().disabled).toBe(true);

    await user.clear(delivery);
    await user.type(delivery, `01/05/${THIS_YEAR + 2} 08:00`);
    await waitFor(() => expect(messageOf(delivery)).toBe(M.deliveryAfterNextYear));

    // A date outside the picker's range is cleared once the user leaves it.
    await user.tab();
    expect(delivery.value).toBe('');
    expect(messageOf(delivery)).toBe(M.fieldRequired);

    await typeDate(user, delivery, `12/31/${THIS_YEAR + 1} 23:55`);
    expect(messageOf(delivery)).toBe('');
    expect(saveButton().disabled).toBe(false);
  });

  it('asks an active load for rateconf_ref and an accounting broker company', async () => {
    const user = userEvent.setup({ delay: null });
    const values = validLoadValues();
    values.points[0]!.is_active = true;
    renderLoadForm({ kind: 'active', initialValues: values });
    expect(saveButton().disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Fields to fix: 2' }));
    expect(messageOf(field(/Rate confirmation ref/))).toBe(M.fieldRequired);
    expect(messageOf(screen.getByRole('combobox', { name: /Accounting broker company/ }))).toBe(
      M.accountingBrokerRequired,
    );
    // The broker company of a booked load is not changed here: the update leaves it out.
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Broker company' }).disabled).toBe(true);
  });

  it('shows the messages in Russian when the interface is in Russian', async () => {
    const user = userEvent.setup({ delay: null });
    await act(() => i18n.changeLanguage('ru'));
    renderLoadForm({ initialValues: validLoadValues() });
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: /Имя брокера/ });
    await user.clear(name);
    expect(messageOf(name)).toBe('Это поле обязательно');
  });
});

describe('points', () => {
  it('shows stop numbers only with more than two points', async () => {
    const user = userEvent.setup({ delay: null });
    renderLoadForm();
    await user.click(screen.getByRole('button', { name: 'Add point' }));
    expect(screen.getAllByTestId('stop-number').map((element) => element.textContent)).toEqual([
      'Stop 1',
      'Stop 2',
      'Stop 3',
    ]);
    await user.click(screen.getByRole('button', { name: 'Remove point 3' }));
    expect(screen.queryAllByTestId('stop-number')).toHaveLength(0);
  });

  it('keeps at least the pick-up and the delivery', () => {
    renderLoadForm();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Remove point 1' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Remove point 2' }).disabled).toBe(true);
  });

  it('cannot remove an active point: "You can\'t remove an active load point."', async () => {
    const user = userEvent.setup({ delay: null });
    const values = validLoadValues({
      accounting_broker_company: { id: 5, name: 'Acme Logistics' },
      rateconf_ref: 'RC-1',
    });
    values.points = [
      { ...values.points[0]!, id: 1 },
      { ...pointFromPlace(DALLAS, 'deliver_to', 2, DELIVERY_DATE), id: 2, is_active: true },
      { ...pointFromPlace(DALLAS, 'deliver_to', 3, DELIVERY_DATE), id: 3 },
    ];
    renderLoadForm({ kind: 'active', initialValues: values });

    const removeActive = screen.getByRole<HTMLButtonElement>('button', { name: 'Remove point 2' });
    expect(removeActive.disabled).toBe(true);
    await user.hover(removeActive.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe("You can't remove an active load point.");
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Remove point 1' }).disabled).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Remove point 3' }).disabled).toBe(false);
  });

  it('moves a point and numbers the points in their new order', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn<(values: LoadFormValues) => Promise<void>>(() => Promise.resolve());
    const values = validLoadValues();
    values.points.push(pointFromPlace(CHICAGO, 'deliver_to', 3, DELIVERY_DATE));
    renderLoadForm({ initialValues: values, onSubmit });

    await user.click(screen.getByRole('button', { name: 'Move point 3 up' }));
    await user.click(saveButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0].points.map((point) => [point.order, point.city])).toEqual([
      [1, 'Chicago'],
      [2, 'Chicago'],
      [3, 'Dallas'],
    ]);
  });

  it('will not save an active load with no active point: "You can\'t save a load without an active point. Please reload the page."', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(() => Promise.resolve());
    const messages: GlobalMessage[] = [];
    const stop = appEvents.on('message', (message) => messages.push(message));
    renderLoadForm({
      kind: 'active',
      onSubmit,
      initialValues: validLoadValues({
        accounting_broker_company: { id: 5, name: 'Acme' },
        rateconf_ref: 'RC-1',
      }),
    });
    await user.click(saveButton());
    await waitFor(() => expect(messages).toHaveLength(1));
    stop();
    expect(messages[0]).toMatchObject({
      titleKey: 'messages.titles.error',
      text: "You can't save a load without an active point. Please reload the page.",
    });
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('a failed save', () => {
  it("keeps the form filled and shows the server's messages beside the fields", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(() =>
      Promise.reject(
        new ApiError({
          status: 400,
          detail: 'Choose a state',
          code: 'validation_error',
          fields: {
            'points.0.state': ['Choose a state'],
            'points.1.lat': ['Choose an address from the suggestions'],
            'points.1.order': ['Points must be numbered 1, 2, 3... in their order'],
          },
        }),
      ),
    );
    renderLoadForm({ initialValues: validLoadValues(), onSubmit });
    await user.click(saveButton());

    const pickUpState = within(pointGroup('Pick-up')).getByRole('combobox', { name: /State/ });
    await waitFor(() => expect(messageOf(pickUpState)).toBe(M.stateRequired));
    const deliveryAddress = within(pointGroup('Delivery')).getByRole('combobox', { name: /Address/ });
    expect(messageOf(deliveryAddress)).toBe(M.addressFromLookup);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The load was not saved: check the fields marked in red.');
    expect(alert.textContent).toContain('points.1.order: Points must be numbered 1, 2, 3... in their order');
    // Nothing typed is lost, and the user may try again.
    expect(field(/Broker name/).value).toBe('Jane Broker');
    expect((deliveryAddress as HTMLInputElement).value).toBe(DALLAS.formatted_address);
    expect(saveButton().disabled).toBe(false);

    // Changing the field drops the server's message for it.
    await user.selectOptions(pickUpState, 'IN');
    expect(messageOf(pickUpState)).toBe('');
  });

  it("shows the server's reason when no field is named", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(() =>
      Promise.reject(
        new ApiError({
          status: 409,
          detail: "You can't remove an active load point.",
          code: 'active_point_removed',
        }),
      ),
    );
    renderLoadForm({ initialValues: validLoadValues(), onSubmit });
    await user.click(saveButton());
    expect((await screen.findByRole('alert')).textContent).toBe("You can't remove an active load point.");
    expect(field(/Broker name/).value).toBe('Jane Broker');
  });
});
