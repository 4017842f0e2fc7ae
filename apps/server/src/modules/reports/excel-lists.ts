import type { BrokerPaymentRow } from '@app/domain/accounting/broker-payments.schema';
import type { AccountingLoad, AccountingPlace } from '@app/domain/accounting/income.schema';
import type { DispatcherPaymentRow, OwnerPaymentRow } from '@app/domain/accounting/payments.schema';
import type { ExcelList } from '@app/domain/accounting/reports.schema';
import type { DispatcherPayBasis } from '@app/domain/accounting/money.rules';
import {
  INVOICE_STATUSES,
  LOAD_STATUSES,
  lookupName,
  PAY_STATUSES,
  PAYMENT_STATUSES,
  type Lang,
} from '@app/domain/common/lookups';
import type { ExcelColumn, ExcelValue } from './excel-export';

// The columns of each accounting list's .xlsx, in English and Russian: what the list shows on screen, each
// cell typed (amounts are money, dates are dates, counts are numbers), the money columns summed at the end.

type Text = { en: string; ru: string };
type Column<Row> = Omit<ExcelColumn<Row>, 'header' | 'value'> & {
  header: Text;
  value: (row: Row, lang: Lang) => ExcelValue;
};

// The lists answer dollars with two decimals: their cents, without the rounding noise of binary fractions.
const cents = (dollars: number | null | undefined) =>
  dollars === null || dollars === undefined ? null : Math.round(dollars * 100);
const place = (point: AccountingPlace | null) => (point ? `${point.city}, ${point.state}` : null);
const name = (person: { first_name: string; last_name: string } | null) =>
  person ? `${person.first_name} ${person.last_name}`.trim() : null;

const text = <Row>(
  en: string,
  ru: string,
  value: (row: Row, lang: Lang) => ExcelValue,
  width?: number,
): Column<Row> => ({
  header: { en, ru },
  type: 'text',
  value,
  ...(width ? { width } : {}),
});
const money = <Row>(
  en: string,
  ru: string,
  value: (row: Row) => number | null,
  total = true,
): Column<Row> => ({
  header: { en, ru },
  type: 'money',
  value: (row) => cents(value(row)),
  total,
});
const typed = <Row>(
  type: 'int' | 'percent' | 'date' | 'datetime',
  en: string,
  ru: string,
  value: (row: Row) => ExcelValue,
): Column<Row> => ({ header: { en, ru }, type, value });

const paymentStatus = (status: number | null | undefined, lang: Lang) =>
  status === null || status === undefined ? null : lookupName(PAYMENT_STATUSES, status, lang);
const invoiceStatus = (status: number | null | undefined, lang: Lang) =>
  status === null || status === undefined ? null : lookupName(INVOICE_STATUSES, status, lang);
const YES_NO: Record<Lang, [string, string]> = { en: ['Yes', 'No'], ru: ['Да', 'Нет'] };
const PAY_BASIS: Record<DispatcherPayBasis, Text> = {
  gross_percent: { en: '% of gross', ru: '% от валового дохода' },
  margin_percent: { en: '% of margin', ru: '% от маржи' },
  per_load: { en: 'Per load', ru: 'За груз' },
};

const LOAD_COLUMNS: Column<AccountingLoad>[] = [
  text('Load #', 'Груз №', (row) => row.load_accounting_number_display ?? String(row.id), 10),
  text('Status', 'Статус', (row, lang) => lookupName(LOAD_STATUSES, row.status, lang), 16),
  text(
    'Accounting status',
    'Статус бухгалтерии',
    (row, lang) => paymentStatus(row.accounting_status, lang),
    20,
  ),
  text('Pay status', 'Статус оплаты', (row, lang) => lookupName(PAY_STATUSES, row.pay_status, lang), 14),
  typed('int', 'Week', 'Неделя', (row) => row.load_accounting_week),
  typed('int', 'Year', 'Год', (row) => row.load_accounting_year),
  text('Broker', 'Брокер', (row) => row.broker_company?.name),
  text('Accounting broker', 'Брокер для учёта', (row) => row.accounting_broker_company?.name),
  text('Rate conf. #', 'Номер rate conf.', (row) => row.rateconf_ref, 16),
  text('Pick-up', 'Погрузка', (row) => place(row.pick_up)),
  typed('datetime', 'Pick-up date', 'Дата погрузки', (row) => row.pick_up?.date),
  text('Delivery', 'Доставка', (row) => place(row.delivery)),
  typed('datetime', 'Delivery date', 'Дата доставки', (row) => row.delivery?.date),
  typed('datetime', 'Delivered', 'Доставлен', (row) => row.delivered_at),
  text('Driver', 'Водитель', (row) => row.driver?.full_name),
  text('Unit', 'Машина', (row) => row.car?.unit_id, 10),
  text('Owner', 'Владелец', (row) => row.owner?.name),
  text('Dispatcher', 'Диспетчер', (row) => name(row.dispatcher)),
  money('Broker price', 'Ставка брокера', (row) => row.broker_price),
  money('Driver price', 'Ставка водителя', (row) => row.driver_price),
  text('Payment status', 'Статус платежа', (row, lang) => paymentStatus(row.payment?.status, lang), 18),
  text('Invoice status', 'Статус счёта', (row, lang) => invoiceStatus(row.payment?.invoice_status, lang), 14),
  typed('date', 'Invoice date', 'Дата счёта', (row) => row.payment?.invoice_date),
  typed('int', 'Days to pay', 'Дней на оплату', (row) => row.payment?.days_to_pay),
  typed('date', 'Due date', 'Срок оплаты', (row) => row.payment?.due_date),
  typed('int', 'Days past due', 'Дней просрочки', (row) => row.payment?.days_past_due),
  typed('percent', 'Quick pay %', 'Быстрая оплата, %', (row) => row.payment?.quickpay_percent),
  money('Quick pay deduction', 'Скидка за быструю оплату', (row) => row.payment?.quickpay_deduction ?? 0),
  money('Income', 'Доход', (row) => row.payment?.income ?? row.broker_price),
  typed('datetime', 'Paid', 'Оплачен', (row) => row.payment?.paid_at),
];

const BROKER_COLUMNS: Column<BrokerPaymentRow>[] = [
  text('Load #', 'Груз №', (row) => row.load.load_accounting_number_display ?? String(row.load.id), 10),
  text('Broker', 'Брокер', (row) => row.broker_company?.name),
  text('MC', 'MC', (row) => row.broker_company?.mc_number, 10),
  text('Rate conf. #', 'Номер rate conf.', (row) => row.load.rateconf_ref, 16),
  text('Pick-up', 'Погрузка', (row) => place(row.load.pick_up)),
  text('Delivery', 'Доставка', (row) => place(row.load.delivery)),
  typed('datetime', 'Delivered', 'Доставлен', (row) => row.load.delivered_at),
  text('Driver', 'Водитель', (row) => row.load.driver?.full_name),
  text('Dispatcher', 'Диспетчер', (row) => name(row.load.dispatcher)),
  typed('int', 'Week', 'Неделя', (row) => row.week),
  typed('int', 'Year', 'Год', (row) => row.year),
  text('Payment status', 'Статус платежа', (row, lang) => paymentStatus(row.status, lang), 18),
  text('Invoice status', 'Статус счёта', (row, lang) => invoiceStatus(row.invoice_status, lang), 14),
  typed('date', 'Invoice date', 'Дата счёта', (row) => row.invoice_date),
  typed('int', 'Days to pay', 'Дней на оплату', (row) => row.days_to_pay),
  typed('date', 'Due date', 'Срок оплаты', (row) => row.due_date),
  typed('int', 'Days past due', 'Дней просрочки', (row) => row.days_past_due),
  typed('percent', 'Quick pay %', 'Быстрая оплата, %', (row) => row.quickpay_percent),
  money('Amount', 'Сумма', (row) => row.amount),
  money('Quick pay deduction', 'Скидка за быструю оплату', (row) => row.quickpay_deduction),
  money('Income', 'Доход', (row) => row.income),
  typed('datetime', 'Paid', 'Оплачен', (row) => row.paid_at),
];

type PayRow = OwnerPaymentRow | DispatcherPaymentRow;

const payColumns = <Row extends PayRow>(person: Column<Row>[]): Column<Row>[] => [
  typed('int', 'Week', 'Неделя', (row) => row.week),
  typed('int', 'Year', 'Год', (row) => row.year),
  typed('date', 'Week start', 'Начало недели', (row) => row.week_start),
  typed('date', 'Week end', 'Конец недели', (row) => row.week_end),
  ...person,
  text('Status', 'Статус', (row, lang) => paymentStatus(row.status, lang), 18),
  typed('int', 'Loads', 'Грузы', (row) => row.loads_count),
  money('Gross', 'Валовый доход', (row) => row.gross),
  money('Load pay', 'Оплата за грузы', (row) => row.load_pay),
  money('Bonuses', 'Бонусы', (row) => row.bonuses),
  money('Fines', 'Штрафы', (row) => row.fines),
  money('Payments and charges', 'Выплаты и удержания', (row) => row.items),
  money('Amount', 'Сумма', (row) => row.amount),
  text('Week closed', 'Неделя закрыта', (row, lang) => YES_NO[lang][row.is_closed ? 0 : 1], 10),
  typed('datetime', 'Paid', 'Оплачен', (row) => row.paid_at),
];

const OWNER_COLUMNS = payColumns<OwnerPaymentRow>([
  text('Owner', 'Владелец', (row) => row.owner.full_name),
  text('Company', 'Компания', (row) => row.owner.company_name),
  text('E-mail', 'E-mail', (row) => row.owner.email, 26),
]);

const DISPATCHER_COLUMNS = payColumns<DispatcherPaymentRow>([
  text('Dispatcher', 'Диспетчер', (row) => row.dispatcher.full_name),
  text('Team', 'Команда', (row) => row.dispatcher.team?.name),
  text(
    'Pay terms',
    'Условия оплаты',
    (row, lang) => (row.terms ? PAY_BASIS[row.terms.basis][lang] : null),
    16,
  ),
  typed('percent', 'Percent', 'Процент', (row) => row.terms?.percent),
  money('Per load', 'За груз', (row) => row.terms?.amount ?? null, false),
  money('Margin', 'Маржа', (row) => row.margin),
]);

const COLUMNS = {
  lol: LOAD_COLUMNS,
  income: LOAD_COLUMNS,
  brokers: BROKER_COLUMNS,
  owners: OWNER_COLUMNS,
  dispatchers: DISPATCHER_COLUMNS,
} as const;

/** The sheet names. */
export const SHEET_NAMES: Record<ExcelList, Text> = {
  lol: { en: 'Loads', ru: 'Грузы' },
  income: { en: 'Income', ru: 'Доходы' },
  brokers: { en: 'Brokers', ru: 'Брокеры' },
  owners: { en: 'Owners', ru: 'Владельцы' },
  dispatchers: { en: 'Dispatchers', ru: 'Диспетчеры' },
};

export const TOTAL_LABEL: Text = { en: 'Total', ru: 'Итого' };

/** A list's columns in the language. */
export function excelColumns(list: ExcelList, lang: Lang): ExcelColumn<never>[] {
  const columns = COLUMNS[list] as readonly Column<never>[];
  return columns.map((column) => ({
    ...column,
    header: column.header[lang],
    value: (row: never) => column.value(row, lang),
  }));
}
