import type { SelectType } from 'kysely';
import { ACCOUNTING_COLUMNS } from './columns-accounting';
import { CHATS_COLUMNS } from './columns-chats';
import { DASHBOARD_COLUMNS } from './columns-dashboard';
import { EMAIL_COLUMNS } from './columns-email';
import { EMAIL_POSTINGS_COLUMNS } from './columns-email-postings';
import { LOADS_COLUMNS } from './columns-loads';
import { PEOPLE_COLUMNS } from './columns-people';
import { SMS_COLUMNS } from './columns-sms';
import { UNITS_COLUMNS } from './columns-units';
import type { Database } from './schema';

// The columns of every table as the migrations make them, in one map the types are checked against: the
// compiler fails when a table type of schema.ts and this map disagree (a column missing on either side, a
// nullable column typed as never null or the other way, a text column typed as a number...), and
// columns.int.test.ts migrates a fresh database and fails when information_schema disagrees with the map.
// A migration that adds or changes a column therefore changes three places that check each other: the
// migration, this map and the table type.

/** What the connection's parsers make of a column (database.ts): int8/int4/int2 and float8 arrive as numbers. */
export type ColumnKind = 'int' | 'float' | 'numeric' | 'text' | 'bool' | 'date' | 'timestamp' | 'json';
/** A column: its kind, and '?' when it may be null. */
export type ColumnSpec = ColumnKind | `${ColumnKind}?`;

export const DATABASE_COLUMNS = {
  ...PEOPLE_COLUMNS,
  ...UNITS_COLUMNS,
  ...LOADS_COLUMNS,
  ...CHATS_COLUMNS,
  ...EMAIL_COLUMNS,
  ...EMAIL_POSTINGS_COLUMNS,
  ...SMS_COLUMNS,
  ...ACCOUNTING_COLUMNS,
  ...DASHBOARD_COLUMNS,
} as const satisfies Record<keyof Database, Record<string, ColumnSpec>>;

// ---------------------------------------------------------------- the check of the table types

/** The TypeScript type a column of each kind is read as. */
type KindType = {
  int: number;
  float: number;
  numeric: string;
  text: string;
  bool: boolean;
  date: string;
  timestamp: Date;
  json: unknown;
};

type Columns = typeof DATABASE_COLUMNS;

/** Whether a column's read type fits its spec: nullable exactly when the spec says so, of the spec's kind. */
type Agrees<Read, Spec> = Spec extends `${infer Kind extends ColumnKind}?`
  ? null extends Read
    ? NonNullable<Read> extends KindType[Kind]
      ? true
      : false
    : false
  : Spec extends ColumnKind
    ? null extends Read
      ? false
      : Read extends KindType[Spec]
        ? true
        : false
    : false;

/** 'table.column' for each column the table type and the map do not agree on. */
type Disagreements<T extends keyof Database> = {
  [K in (keyof Database[T] | keyof Columns[T]) & string]: K extends keyof Database[T]
    ? K extends keyof Columns[T]
      ? Agrees<SelectType<Database[T][K]>, Columns[T][K]> extends true
        ? never
        : `${T}.${K}`
      : `${T}.${K}`
    : `${T}.${K}`;
}[(keyof Database[T] | keyof Columns[T]) & string];

type AllDisagreements = { [T in keyof Database]: Disagreements<T> }[keyof Database];

/** Fails to compile, naming a column, when schema.ts and the map disagree. */
type ExpectNone<Columns extends never> = Columns;
export type TableTypesAgree = ExpectNone<AllDisagreements>;
