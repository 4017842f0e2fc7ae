// The reference dictionaries of the product, each entry with its English and Russian name.
// Ids are the spec's: numbers where the spec numbers them, otherwise the spec's own name
// (vehicle types, departments, pay statuses...) so that the value stored and sent is the one the spec writes.

export type Lang = 'en' | 'ru';
export const LANGS = ['en', 'ru'] as const satisfies readonly Lang[];

export type LookupEntry<Id extends number | string = number> = { id: Id; en: string; ru: string };

/**
 * A lookup table written once, row by row: its entries in order, and their ids as a tuple of literals (the
 * id type, and the schemas that accept only those ids).
 */
function lookupTable<const Entries extends readonly LookupEntry<number | string>[]>(entries: Entries) {
  return {
    ids: entries.map((entry) => entry.id) as unknown as { readonly [K in keyof Entries]: Entries[K]['id'] },
    entries: [...entries],
  };
}

export const UNKNOWN_NAME: Record<Lang, string> = { en: 'Unknown', ru: 'Неизвестно' };

/** The entry's name in the language, or 'Unknown' ('Неизвестно') when the id is not in the table. */
export function lookupName<Id extends number | string>(
  table: readonly LookupEntry<Id>[],
  id: Id | number | string | null | undefined,
  lang: Lang = 'en',
): string {
  const entry = table.find((candidate) => candidate.id === id);
  return entry ? entry[lang] : UNKNOWN_NAME[lang];
}

// ---------------------------------------------------------------- roles

const roleTable = lookupTable([
  { id: 3, en: 'Admin', ru: 'Администратор' },
  { id: 4, en: 'Manager', ru: 'Менеджер' },
  { id: 5, en: 'Dispatcher', ru: 'Диспетчер' },
  { id: 6, en: 'Tracker', ru: 'Трекер' },
  { id: 7, en: 'Accountant', ru: 'Бухгалтер' },
  { id: 8, en: 'HR', ru: 'HR-менеджер' },
  { id: 9, en: 'Shipper', ru: 'Грузоотправитель' },
  { id: 10, en: 'Driver', ru: 'Водитель' },
  { id: 11, en: 'Guest', ru: 'Гость' },
  { id: 12, en: 'Temporary Driver', ru: 'Временный водитель' },
  { id: 13, en: 'Conflict Manager', ru: 'Конфликт-менеджер' },
]);
export const ROLE_IDS = roleTable.ids;
export type RoleId = (typeof ROLE_IDS)[number];
export const ROLE_ENTRIES: LookupEntry<RoleId>[] = roleTable.entries;

/** Each role by name, so that code says `ROLES.manager` and never a bare 4. */
export const ROLES = {
  admin: 3,
  manager: 4,
  dispatcher: 5,
  tracker: 6,
  accountant: 7,
  hr: 8,
  shipper: 9,
  driver: 10,
  guest: 11,
  temporaryDriver: 12,
  conflictManager: 13,
} as const satisfies Record<string, RoleId>;

/** The roles of company staff, the ones a manager may grant when approving a request to join. */
export const STAFF_ROLE_IDS = [3, 4, 5, 6, 7, 8, 13] as const satisfies readonly RoleId[];
export type StaffRoleId = (typeof STAFF_ROLE_IDS)[number];

export function isRoleId(value: unknown): value is RoleId {
  return (ROLE_IDS as readonly unknown[]).includes(value);
}

export function isStaffRoleId(value: unknown): value is StaffRoleId {
  return (STAFF_ROLE_IDS as readonly unknown[]).includes(value);
}

export function roleName(id: number | null | undefined, lang: Lang = 'en'): string {
  return lookupName(ROLE_ENTRIES, id, lang);
}

// ---------------------------------------------------------------- loads

// 9 and 11 are both TONU (truck ordered, not used): 9 while the load is in checkout, 11 once completed.
const loadStatusTable = lookupTable([
  { id: 1, en: 'Waiting to accept', ru: 'Ожидает подтверждения' },
  { id: 2, en: 'In Transit to Pick-up', ru: 'Едет на погрузку' },
  { id: 3, en: 'Arrived to Pick-up', ru: 'Прибыл на погрузку' },
  { id: 4, en: 'Loaded', ru: 'Загружен' },
  { id: 5, en: 'In Transit to Delivery', ru: 'Едет на выгрузку' },
  { id: 6, en: 'Arrived to Delivery', ru: 'Прибыл на выгрузку' },
  { id: 7, en: 'Unloaded', ru: 'Разгружен' },
  { id: 8, en: 'Delivered', ru: 'Доставлен' },
  { id: 9, en: 'TONU', ru: 'TONU' },
  { id: 10, en: 'Completed', ru: 'Завершён' },
  { id: 11, en: 'TONU', ru: 'TONU' },
  { id: 12, en: 'Canceled', ru: 'Отменён' },
]);
export const LOAD_STATUS_IDS = loadStatusTable.ids;
export type LoadStatusId = (typeof LOAD_STATUS_IDS)[number];
export const LOAD_STATUSES: LookupEntry<LoadStatusId>[] = loadStatusTable.entries;

/** Status of the automatic e-mail updates a load sends to the broker. */
const emailNotificationStatusTable = lookupTable([
  { id: 'Active', en: 'Active', ru: 'Активны' },
  { id: 'Inactive', en: 'Inactive', ru: 'Неактивны' },
  { id: 'Halted', en: 'Halted', ru: 'Приостановлены' },
]);
export const EMAIL_NOTIFICATION_STATUS_IDS = emailNotificationStatusTable.ids;
export type EmailNotificationStatusId = (typeof EMAIL_NOTIFICATION_STATUS_IDS)[number];
export const EMAIL_NOTIFICATION_STATUSES: LookupEntry<EmailNotificationStatusId>[] =
  emailNotificationStatusTable.entries;

/** Equipment flags of a load or a vehicle; the id is the field name, `en` the spec's display name. */
const equipmentFlagTable = lookupTable([
  { id: 'ppe', en: 'PPE', ru: 'СИЗ (PPE)' },
  { id: 'straps', en: 'Straps', ru: 'Ремни' },
  { id: 'dolly', en: 'Dolly', ru: 'Тележка' },
  { id: 'bulkhead', en: 'Bulkhead', ru: 'Перегородка' },
  { id: 'temp_control', en: 'Temp Control', ru: 'Контроль температуры' },
  { id: 'air_ride', en: 'Air Ride', ru: 'Пневмоподвеска' },
  { id: 'liftgate', en: 'Lift-gate', ru: 'Гидроборт' },
  { id: 'pallet_jack', en: 'Pallet Jack', ru: 'Рохля' },
  { id: 'tent', en: 'Tent', ru: 'Тент' },
  { id: 'side_loading', en: 'Side-loading', ru: 'Боковая загрузка' },
  { id: 'load_bars', en: 'Load bars', ru: 'Распорные штанги' },
  { id: 'e_tracks', en: 'E-tracks', ru: 'E-треки' },
]);
export const EQUIPMENT_FLAG_IDS = equipmentFlagTable.ids;
export type EquipmentFlag = (typeof EQUIPMENT_FLAG_IDS)[number];
export const EQUIPMENT_FLAGS: LookupEntry<EquipmentFlag>[] = equipmentFlagTable.entries;

export const NO_EQUIPMENT_NAME: Record<Lang, string> = { en: 'None', ru: 'Нет' };

/** The set flags' names joined with ', ' in table order, or 'None' ('Нет') when none is set. */
export function equipmentDisplay(
  flags: Partial<Record<EquipmentFlag, boolean | null | undefined>>,
  lang: Lang = 'en',
): string {
  const names = EQUIPMENT_FLAGS.filter((flag) => flags[flag.id] === true).map((flag) => flag[lang]);
  return names.length > 0 ? names.join(', ') : NO_EQUIPMENT_NAME[lang];
}

// ---------------------------------------------------------------- vehicles

// The spec has two "In bid" statuses (4 and 7) and no 6; both are kept as written.
const vehicleStatusTable = lookupTable([
  { id: 1, en: 'Available', ru: 'Свободен' },
  { id: 2, en: 'Not available', ru: 'Недоступен' },
  { id: 3, en: 'On load', ru: 'На грузе' },
  { id: 4, en: 'In bid', ru: 'В ставке' },
  { id: 5, en: 'Locked', ru: 'Заблокирован' },
  { id: 7, en: 'In bid', ru: 'В ставке' },
]);
export const VEHICLE_STATUS_IDS = vehicleStatusTable.ids;
export type VehicleStatusId = (typeof VEHICLE_STATUS_IDS)[number];
export const VEHICLE_STATUSES: LookupEntry<VehicleStatusId>[] = vehicleStatusTable.entries;

/** The vehicle statuses code names (the second "In bid", 7, is only ever read). */
export const VEHICLE_STATUS = {
  available: 1,
  notAvailable: 2,
  onLoad: 3,
  inBid: 4,
  locked: 5,
} as const satisfies Record<string, VehicleStatusId>;

/** The statuses a user may pick in the vehicle location dialog. */
export const SELECTABLE_VEHICLE_STATUS_IDS = [1, 2] as const satisfies readonly VehicleStatusId[];

const vehicleTypeTable = lookupTable([
  { id: 'CARGO VAN', en: 'Cargo van', ru: 'Карго-вэн' },
  { id: 'SPRINTER VAN', en: 'Sprinter van', ru: 'Спринтер-вэн' },
  { id: 'VAN', en: 'Van', ru: 'Вэн' },
  { id: 'SPRINTER', en: 'Sprinter', ru: 'Спринтер' },
  { id: 'BOX TRUCK', en: 'Box truck', ru: 'Бокс-трак' },
  { id: 'SMALL STRAIGHT', en: 'Small straight', ru: 'Малый стрейт' },
  { id: 'LARGE STRAIGHT', en: 'Large straight', ru: 'Большой стрейт' },
  { id: 'LIFTGATE', en: 'Liftgate', ru: 'С гидробортом' },
  { id: 'FLATBED', en: 'Flatbed', ru: 'Флэтбед' },
  { id: 'TRACTOR', en: 'Tractor', ru: 'Тягач' },
  { id: 'REEFER', en: 'Reefer', ru: 'Рефрижератор' },
]);
export const VEHICLE_TYPE_IDS = vehicleTypeTable.ids;
export type VehicleType = (typeof VEHICLE_TYPE_IDS)[number];
export const VEHICLE_TYPES: LookupEntry<VehicleType>[] = vehicleTypeTable.entries;

/** Which of a vehicle's locations is set: the current one, the planned one, or both. */
const locationStatusTable = lookupTable([
  { id: 1, name: 'current', en: 'Current', ru: 'Текущее' },
  { id: 2, name: 'planned', en: 'Planned', ru: 'Планируемое' },
  { id: 3, name: 'both', en: 'Both', ru: 'Оба' },
]);
export const LOCATION_STATUS_IDS = locationStatusTable.ids;
export type LocationStatusId = (typeof LOCATION_STATUS_IDS)[number];
export const LOCATION_STATUSES: (LookupEntry<LocationStatusId> & { name: 'current' | 'planned' | 'both' })[] =
  locationStatusTable.entries;

// ---------------------------------------------------------------- states and provinces

export type Country = 'US' | 'CA';
export type RegionEntry = LookupEntry<string> & { country: Country };

/** The 50 states and the District of Columbia; id is the USPS code. */
export const US_STATES: RegionEntry[] = [
  { id: 'AL', en: 'Alabama', ru: 'Алабама', country: 'US' },
  { id: 'AK', en: 'Alaska', ru: 'Аляска', country: 'US' },
  { id: 'AZ', en: 'Arizona', ru: 'Аризона', country: 'US' },
  { id: 'AR', en: 'Arkansas', ru: 'Арканзас', country: 'US' },
  { id: 'CA', en: 'California', ru: 'Калифорния', country: 'US' },
  { id: 'CO', en: 'Colorado', ru: 'Колорадо', country: 'US' },
  { id: 'CT', en: 'Connecticut', ru: 'Коннектикут', country: 'US' },
  { id: 'DE', en: 'Delaware', ru: 'Делавэр', country: 'US' },
  { id: 'DC', en: 'District of Columbia', ru: 'Округ Колумбия', country: 'US' },
  { id: 'FL', en: 'Florida', ru: 'Флорида', country: 'US' },
  { id: 'GA', en: 'Georgia', ru: 'Джорджия', country: 'US' },
  { id: 'HI', en: 'Hawaii', ru: 'Гавайи', country: 'US' },
  { id: 'ID', en: 'Idaho', ru: 'Айдахо', country: 'US' },
  { id: 'IL', en: 'Illinois', ru: 'Иллинойс', country: 'US' },
  { id: 'IN', en: 'Indiana', ru: 'Индиана', country: 'US' },
  { id: 'IA', en: 'Iowa', ru: 'Айова', country: 'US' },
  { id: 'KS', en: 'Kansas', ru: 'Канзас', country: 'US' },
  { id: 'KY', en: 'Kentucky', ru: 'Кентукки', country: 'US' },
  { id: 'LA', en: 'Louisiana', ru: 'Луизиана', country: 'US' },
  { id: 'ME', en: 'Maine', ru: 'Мэн', country: 'US' },
  { id: 'MD', en: 'Maryland', ru: 'Мэриленд', country: 'US' },
  { id: 'MA', en: 'Massachusetts', ru: 'Массачусетс', country: 'US' },
  { id: 'MI', en: 'Michigan', ru: 'Мичиган', country: 'US' },
  { id: 'MN', en: 'Minnesota', ru: 'Миннесота', country: 'US' },
  { id: 'MS', en: 'Mississippi', ru: 'Миссисипи', country: 'US' },
  { id: 'MO', en: 'Missouri', ru: 'Миссури', country: 'US' },
  { id: 'MT', en: 'Montana', ru: 'Монтана', country: 'US' },
  { id: 'NE', en: 'Nebraska', ru: 'Небраска', country: 'US' },
  { id: 'NV', en: 'Nevada', ru: 'Невада', country: 'US' },
  { id: 'NH', en: 'New Hampshire', ru: 'Нью-Гэмпшир', country: 'US' },
  { id: 'NJ', en: 'New Jersey', ru: 'Нью-Джерси', country: 'US' },
  { id: 'NM', en: 'New Mexico', ru: 'Нью-Мексико', country: 'US' },
  { id: 'NY', en: 'New York', ru: 'Нью-Йорк', country: 'US' },
  { id: 'NC', en: 'North Carolina', ru: 'Северная Каролина', country: 'US' },
  { id: 'ND', en: 'North Dakota', ru: 'Северная Дакота', country: 'US' },
  { id: 'OH', en: 'Ohio', ru: 'Огайо', country: 'US' },
  { id: 'OK', en: 'Oklahoma', ru: 'Оклахома', country: 'US' },
  { id: 'OR', en: 'Oregon', ru: 'Орегон', country: 'US' },
  { id: 'PA', en: 'Pennsylvania', ru: 'Пенсильвания', country: 'US' },
  { id: 'RI', en: 'Rhode Island', ru: 'Род-Айленд', country: 'US' },
  { id: 'SC', en: 'South Carolina', ru: 'Южная Каролина', country: 'US' },
  { id: 'SD', en: 'South Dakota', ru: 'Южная Дакота', country: 'US' },
  { id: 'TN', en: 'Tennessee', ru: 'Теннесси', country: 'US' },
  { id: 'TX', en: 'Texas', ru: 'Техас', country: 'US' },
  { id: 'UT', en: 'Utah', ru: 'Юта', country: 'US' },
  { id: 'VT', en: 'Vermont', ru: 'Вермонт', country: 'US' },
  { id: 'VA', en: 'Virginia', ru: 'Виргиния', country: 'US' },
  { id: 'WA', en: 'Washington', ru: 'Вашингтон', country: 'US' },
  { id: 'WV', en: 'West Virginia', ru: 'Западная Виргиния', country: 'US' },
  { id: 'WI', en: 'Wisconsin', ru: 'Висконсин', country: 'US' },
  { id: 'WY', en: 'Wyoming', ru: 'Вайоминг', country: 'US' },
];

/** Canada's 10 provinces and 3 territories; id is the Canada Post code. */
export const CA_PROVINCES: RegionEntry[] = [
  { id: 'AB', en: 'Alberta', ru: 'Альберта', country: 'CA' },
  { id: 'BC', en: 'British Columbia', ru: 'Британская Колумбия', country: 'CA' },
  { id: 'MB', en: 'Manitoba', ru: 'Манитоба', country: 'CA' },
  { id: 'NB', en: 'New Brunswick', ru: 'Нью-Брансуик', country: 'CA' },
  { id: 'NL', en: 'Newfoundland and Labrador', ru: 'Ньюфаундленд и Лабрадор', country: 'CA' },
  { id: 'NS', en: 'Nova Scotia', ru: 'Новая Шотландия', country: 'CA' },
  { id: 'NT', en: 'Northwest Territories', ru: 'Северо-Западные территории', country: 'CA' },
  { id: 'NU', en: 'Nunavut', ru: 'Нунавут', country: 'CA' },
  { id: 'ON', en: 'Ontario', ru: 'Онтарио', country: 'CA' },
  { id: 'PE', en: 'Prince Edward Island', ru: 'Остров Принца Эдуарда', country: 'CA' },
  { id: 'QC', en: 'Quebec', ru: 'Квебек', country: 'CA' },
  { id: 'SK', en: 'Saskatchewan', ru: 'Саскачеван', country: 'CA' },
  { id: 'YT', en: 'Yukon', ru: 'Юкон', country: 'CA' },
];

/** Every state and province an address may be in (the codes of the two countries do not overlap). */
export const REGIONS: RegionEntry[] = [...US_STATES, ...CA_PROVINCES];

export function isRegionCode(value: unknown): boolean {
  return REGIONS.some((region) => region.id === value);
}

// ---------------------------------------------------------------- accounting

const paymentStatusTable = lookupTable([
  { id: 1, en: 'Standard', ru: 'Стандартный' },
  { id: 2, en: 'Approved for payment', ru: 'Одобрен к оплате' },
  { id: 3, en: 'Sent to factoring', ru: 'Отправлен в факторинг' },
  { id: 4, en: 'Accepted by factoring', ru: 'Принят факторингом' },
  { id: 5, en: 'Direct pay', ru: 'Прямая оплата' },
  { id: 6, en: 'Payment on hold', ru: 'Оплата приостановлена' },
  { id: 7, en: 'Ready to pay', ru: 'Готов к оплате' },
  { id: 8, en: 'Completed', ru: 'Завершён' },
  { id: 9, en: 'Chargeback', ru: 'Чарджбэк' },
]);
export const PAYMENT_STATUS_IDS = paymentStatusTable.ids;
export type PaymentStatusId = (typeof PAYMENT_STATUS_IDS)[number];
export const PAYMENT_STATUSES: LookupEntry<PaymentStatusId>[] = paymentStatusTable.entries;

/** The payment (accounting) statuses by name. */
export const PAYMENT_STATUS = {
  standard: 1,
  approvedForPayment: 2,
  sentToFactoring: 3,
  acceptedByFactoring: 4,
  directPay: 5,
  paymentOnHold: 6,
  readyToPay: 7,
  completed: 8,
  chargeback: 9,
} as const satisfies Record<string, PaymentStatusId>;

// The spec writes 'W/0 Factoring' (without factoring); the id keeps its spelling, the display name is fixed.
const payStatusTable = lookupTable([
  { id: 'Standard', en: 'Standard', ru: 'Стандартный' },
  { id: 'TONU', en: 'TONU', ru: 'TONU' },
  { id: 'Problems', en: 'Problems', ru: 'Проблемы' },
  { id: 'W/0 Factoring', en: 'W/O Factoring', ru: 'Без факторинга' },
  { id: 'Quickpay', en: 'Quickpay', ru: 'Быстрая оплата' },
  { id: 'Canceled', en: 'Canceled', ru: 'Отменён' },
]);
export const PAY_STATUS_IDS = payStatusTable.ids;
export type PayStatusId = (typeof PAY_STATUS_IDS)[number];
export const PAY_STATUSES: LookupEntry<PayStatusId>[] = payStatusTable.entries;

const invoiceStatusTable = lookupTable([
  { id: 1, en: 'Unpaid', ru: 'Не оплачен' },
  { id: 2, en: 'Closed', ru: 'Закрыт' },
  { id: 3, en: 'Paid', ru: 'Оплачен' },
]);
export const INVOICE_STATUS_IDS = invoiceStatusTable.ids;
export type InvoiceStatusId = (typeof INVOICE_STATUS_IDS)[number];
export const INVOICE_STATUSES: LookupEntry<InvoiceStatusId>[] = invoiceStatusTable.entries;

// The spec names an income status dictionary without its contents. This one follows the money of a
// delivered load: waiting for the invoice, invoiced to the broker, paid, paid early through quick pay
// (with the quick pay deduction), or sold to the factoring company.
const incomeStatusTable = lookupTable([
  { id: 1, en: 'Pending', ru: 'Ожидает' },
  { id: 2, en: 'Invoiced', ru: 'Счёт выставлен' },
  { id: 3, en: 'Paid', ru: 'Оплачен' },
  { id: 4, en: 'Quick pay', ru: 'Быстрая оплата' },
  { id: 5, en: 'Factored', ru: 'Передан в факторинг' },
]);
export const INCOME_STATUS_IDS = incomeStatusTable.ids;
export type IncomeStatusId = (typeof INCOME_STATUS_IDS)[number];
export const INCOME_STATUSES: LookupEntry<IncomeStatusId>[] = incomeStatusTable.entries;

const incentiveTypeTable = lookupTable([
  { id: 'Bonus', en: 'Bonus', ru: 'Бонус' },
  { id: 'Fine', en: 'Fine', ru: 'Штраф' },
]);
export const INCENTIVE_TYPE_IDS = incentiveTypeTable.ids;
export type IncentiveTypeId = (typeof INCENTIVE_TYPE_IDS)[number];
export const INCENTIVE_TYPES: LookupEntry<IncentiveTypeId>[] = incentiveTypeTable.entries;

// ---------------------------------------------------------------- brokers

const brokerRatingTable = lookupTable([
  { id: 1, en: 'Unknown', ru: 'Неизвестно', color: '#9e9e9e' },
  { id: 2, en: 'Not Approved', ru: 'Не одобрен', color: '#fb8c00' },
  { id: 3, en: 'Approved', ru: 'Одобрен', color: '#43a047' },
  { id: 4, en: 'Severe Risk', ru: 'Высокий риск', color: '#e53935' },
  { id: 5, en: 'Call Office', ru: 'Позвонить в офис', color: '#5e35b1' },
]);
export const BROKER_RATING_IDS = brokerRatingTable.ids;
export type BrokerRatingId = (typeof BROKER_RATING_IDS)[number];
export const BROKER_RATINGS: (LookupEntry<BrokerRatingId> & { color: string })[] = brokerRatingTable.entries;

// ---------------------------------------------------------------- users and requests

const requestStatusTable = lookupTable([
  { id: 1, en: 'No', ru: 'Нет' },
  { id: 2, en: 'Requested', ru: 'Запрошен' },
  { id: 3, en: 'Approved', ru: 'Одобрен' },
  { id: 4, en: 'Rejected', ru: 'Отклонён' },
]);
export const REQUEST_STATUS_IDS = requestStatusTable.ids;
export type RequestStatusId = (typeof REQUEST_STATUS_IDS)[number];
export const REQUEST_STATUSES: LookupEntry<RequestStatusId>[] = requestStatusTable.entries;

const userStatusTable = lookupTable([
  { id: 'Active', en: 'Active', ru: 'Активен' },
  { id: 'Pending', en: 'Pending', ru: 'Ожидает' },
  { id: 'Fired', en: 'Fired', ru: 'Уволен' },
]);
export const USER_STATUS_IDS = userStatusTable.ids;
export type UserStatusId = (typeof USER_STATUS_IDS)[number];
export const USER_STATUSES: LookupEntry<UserStatusId>[] = userStatusTable.entries;

/** The department a newcomer asks to join on the registration-confirmation screen. */
const departmentTable = lookupTable([
  { id: 'Carrier', en: 'Carrier', ru: 'Перевозчик' },
  { id: 'Shipper', en: 'Shipper', ru: 'Грузоотправитель' },
  { id: 'Dispatcher', en: 'Dispatcher', ru: 'Диспетчер' },
]);
export const DEPARTMENT_IDS = departmentTable.ids;
export type Department = (typeof DEPARTMENT_IDS)[number];
export const DEPARTMENTS: LookupEntry<Department>[] = departmentTable.entries;

// ---------------------------------------------------------------- notifications and chats

export const NOTIFICATION_TYPE_NAMES = [
  'group_chat',
  'sms_chat',
  'bid_info',
  'load_info',
  'tracking_info',
  'notes_chat',
  'rate_notice',
  'damage_notice',
  'email_chat_message',
  'owner_sms_chat',
  'load_status',
] as const;
export type NotificationTypeName = (typeof NOTIFICATION_TYPE_NAMES)[number];

/** Types from this id up are transient: shown for a while, never stored as unread. */
export const TRANSIENT_NOTIFICATION_TYPE_MIN_ID = 100;

export type NotificationTypeEntry = LookupEntry<NotificationTypeId> & {
  name: NotificationTypeName;
  transient: boolean;
};

const notificationTypeTable = lookupTable([
  { id: 1, name: 'group_chat', en: 'Group chat', ru: 'Групповой чат', transient: false },
  { id: 2, name: 'sms_chat', en: 'SMS chat', ru: 'SMS-чат', transient: false },
  { id: 3, name: 'bid_info', en: 'Bid', ru: 'Ставка', transient: false },
  { id: 4, name: 'load_info', en: 'Load', ru: 'Груз', transient: false },
  { id: 5, name: 'tracking_info', en: 'Tracking', ru: 'Трекинг', transient: false },
  { id: 6, name: 'tracking_info', en: 'Tracking', ru: 'Трекинг', transient: false },
  { id: 7, name: 'notes_chat', en: 'Load notes', ru: 'Заметки по грузу', transient: false },
  { id: 8, name: 'rate_notice', en: 'Rate change', ru: 'Изменение ставки', transient: false },
  { id: 9, name: 'damage_notice', en: 'Damage report', ru: 'Повреждение груза', transient: false },
  { id: 10, name: 'email_chat_message', en: 'E-mail', ru: 'Письмо', transient: false },
  { id: 11, name: 'owner_sms_chat', en: 'Owner SMS chat', ru: 'SMS-чат с владельцем', transient: false },
  { id: 100, name: 'load_status', en: 'Load status', ru: 'Статус груза', transient: true },
]);
export const NOTIFICATION_TYPE_IDS = notificationTypeTable.ids;
export type NotificationTypeId = (typeof NOTIFICATION_TYPE_IDS)[number];
export const NOTIFICATION_TYPES: NotificationTypeEntry[] = notificationTypeTable.entries;

export function isTransientNotificationType(typeId: number): boolean {
  return typeId >= TRANSIENT_NOTIFICATION_TYPE_MIN_ID;
}

export function notificationTypeName(typeId: number): NotificationTypeName | undefined {
  return NOTIFICATION_TYPES.find((type) => type.id === typeId)?.name;
}

/** What an e-mail chain is about. */
const emailChatTypeTable = lookupTable([
  { id: 1, name: 'bid', en: 'Bid', ru: 'Ставка' },
  { id: 2, name: 'load', en: 'Load', ru: 'Груз' },
  { id: 3, name: 'accounting', en: 'Accounting', ru: 'Бухгалтерия' },
]);
export const EMAIL_CHAT_TYPE_IDS = emailChatTypeTable.ids;
export type EmailChatTypeId = (typeof EMAIL_CHAT_TYPE_IDS)[number];
export const EMAIL_CHAT_TYPES: (LookupEntry<EmailChatTypeId> & { name: 'bid' | 'load' | 'accounting' })[] =
  emailChatTypeTable.entries;

// ---------------------------------------------------------------- calendar

/** Monday is 0 and Sunday 6 (unlike Date.getDay, where Sunday is 0). */
const weekdayTable = lookupTable([
  { id: 0, en: 'Monday', ru: 'Понедельник' },
  { id: 1, en: 'Tuesday', ru: 'Вторник' },
  { id: 2, en: 'Wednesday', ru: 'Среда' },
  { id: 3, en: 'Thursday', ru: 'Четверг' },
  { id: 4, en: 'Friday', ru: 'Пятница' },
  { id: 5, en: 'Saturday', ru: 'Суббота' },
  { id: 6, en: 'Sunday', ru: 'Воскресенье' },
]);
export const WEEKDAY_IDS = weekdayTable.ids;
export type WeekdayId = (typeof WEEKDAY_IDS)[number];
export const WEEKDAYS: LookupEntry<WeekdayId>[] = weekdayTable.entries;

// The IANA zones observe daylight saving time, as the US zones the short names stand for do.
const timeZoneTable = lookupTable([
  { id: 'EST', zone: 'America/New_York', en: 'Eastern (EST)', ru: 'Восточное (EST)' },
  { id: 'CST', zone: 'America/Chicago', en: 'Central (CST)', ru: 'Центральное (CST)' },
  { id: 'MST', zone: 'America/Denver', en: 'Mountain (MST)', ru: 'Горное (MST)' },
  { id: 'PST', zone: 'America/Los_Angeles', en: 'Pacific (PST)', ru: 'Тихоокеанское (PST)' },
]);
export const TIME_ZONE_IDS = timeZoneTable.ids;
export type TimeZoneId = (typeof TIME_ZONE_IDS)[number];
export const TIME_ZONES: (LookupEntry<TimeZoneId> & { zone: string })[] = timeZoneTable.entries;
