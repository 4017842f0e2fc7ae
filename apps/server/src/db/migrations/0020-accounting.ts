/**
 * Accounting: what brokers owe the carrier and what the carrier owes owners and dispatchers, by accounting
 * week (the money model is written down in packages/domain/src/accounting/money.rules.ts).
 *
 * - `payments`: one row of type broker per load that reached checkout (its payment status, invoice status,
 *   invoice date, days to pay and quick pay percent), and one row of type owner or dispatcher per person and
 *   accounting week (the status of that week's pay; its amount is computed from the week's loads, incentives
 *   and pay items, and frozen in `amount_cents` when the week's pay sheets are sent).
 * - `pay_items`: money for an owner or a dispatcher that is not a load's price: a payment made for a canceled
 *   load (`POST payments/create`), a charge, or the adjustment a change to a closed week's load makes in the
 *   next open week.
 * - `incentives` and `incentive_templates`: bonuses and fines on a load for its driver, owner or dispatcher.
 * - `dispatcher_pay_terms`: how a dispatcher is paid (a percentage of gross or of margin, or a fixed amount
 *   per load).
 * - `accounting_weeks`: a company's weeks whose pay sheets were sent (closed).
 * - `paysheet_runs`: the scheduled sending of a week's pay sheets, claimed by one server process.
 * - `report_sends`: every pay sheet and invoice e-mailed, to whom and with what result.
 */
import { sql, type Kysely } from 'kysely';

const statements = [
  sql`CREATE TABLE payments (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    type text NOT NULL CHECK (type IN ('broker', 'owner', 'dispatcher')),
    status smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 1 AND 9),
    load_id bigint REFERENCES loads (id) ON DELETE CASCADE,
    broker_company_id bigint REFERENCES broker_companies (id) ON DELETE SET NULL,
    owner_id bigint REFERENCES owners (id) ON DELETE CASCADE,
    dispatcher_id bigint REFERENCES users (id) ON DELETE CASCADE,
    week smallint NOT NULL CHECK (week BETWEEN 1 AND 53),
    year smallint NOT NULL CHECK (year BETWEEN 2000 AND 2100),
    amount_cents bigint,
    quickpay_percent numeric(5, 2) CHECK (quickpay_percent >= 0 AND quickpay_percent <= 100),
    invoice_status smallint NOT NULL DEFAULT 1 CHECK (invoice_status BETWEEN 1 AND 3),
    invoice_date date,
    days_to_pay smallint CHECK (days_to_pay >= 0),
    paid_at timestamptz,
    note text CHECK (char_length(note) <= 300),
    created_by bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((type = 'broker') = (load_id IS NOT NULL)),
    CHECK ((type = 'owner') = (owner_id IS NOT NULL)),
    CHECK ((type = 'dispatcher') = (dispatcher_id IS NOT NULL))
  )`,
  sql`CREATE UNIQUE INDEX payments_broker_load_key ON payments (load_id) WHERE type = 'broker'`,
  sql`CREATE UNIQUE INDEX payments_owner_week_key ON payments (company_id, owner_id, year, week)
    WHERE type = 'owner'`,
  sql`CREATE UNIQUE INDEX payments_dispatcher_week_key ON payments (company_id, dispatcher_id, year, week)
    WHERE type = 'dispatcher'`,
  sql`CREATE INDEX payments_company_week_idx ON payments (company_id, type, year, week, id)`,
  sql`CREATE INDEX payments_company_status_idx ON payments (company_id, type, status, id DESC)`,
  sql`CREATE INDEX payments_broker_company_idx ON payments (company_id, broker_company_id)
    WHERE type = 'broker'`,

  sql`CREATE TABLE pay_items (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('payment', 'charge', 'adjustment')),
    person_type text NOT NULL CHECK (person_type IN ('owner', 'dispatcher')),
    owner_id bigint REFERENCES owners (id) ON DELETE CASCADE,
    dispatcher_id bigint REFERENCES users (id) ON DELETE CASCADE,
    load_id bigint REFERENCES loads (id) ON DELETE SET NULL,
    week smallint NOT NULL CHECK (week BETWEEN 1 AND 53),
    year smallint NOT NULL CHECK (year BETWEEN 2000 AND 2100),
    amount_cents bigint NOT NULL,
    reason text NOT NULL DEFAULT '' CHECK (char_length(reason) <= 300),
    created_by bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((person_type = 'owner') = (owner_id IS NOT NULL)),
    CHECK ((person_type = 'dispatcher') = (dispatcher_id IS NOT NULL))
  )`,
  sql`CREATE INDEX pay_items_company_week_idx ON pay_items (company_id, year, week)`,
  sql`CREATE INDEX pay_items_load_idx ON pay_items (load_id) WHERE load_id IS NOT NULL`,

  sql`CREATE TABLE incentives (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    load_id bigint NOT NULL REFERENCES loads (id) ON DELETE CASCADE,
    type text NOT NULL CHECK (type IN ('Bonus', 'Fine')),
    person_type text NOT NULL CHECK (person_type IN ('driver', 'owner', 'dispatcher')),
    driver_id bigint REFERENCES drivers (id) ON DELETE SET NULL,
    owner_id bigint REFERENCES owners (id) ON DELETE SET NULL,
    dispatcher_id bigint REFERENCES users (id) ON DELETE SET NULL,
    amount_cents bigint NOT NULL CHECK (amount_cents > 0),
    reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 300),
    template_id bigint,
    created_by bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX incentives_load_idx ON incentives (load_id)`,
  sql`CREATE INDEX incentives_company_idx ON incentives (company_id, created_at DESC)`,

  sql`CREATE TABLE incentive_templates (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
    type text NOT NULL CHECK (type IN ('Bonus', 'Fine')),
    person_type text NOT NULL CHECK (person_type IN ('driver', 'owner', 'dispatcher')),
    amount_cents bigint NOT NULL CHECK (amount_cents > 0),
    reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 300),
    created_by bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE UNIQUE INDEX incentive_templates_name_key ON incentive_templates (company_id, lower(name))`,

  sql`CREATE TABLE dispatcher_pay_terms (
    user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    basis text NOT NULL CHECK (basis IN ('gross_percent', 'margin_percent', 'per_load')),
    percent numeric(5, 2) CHECK (percent >= 0 AND percent <= 100),
    amount_cents bigint CHECK (amount_cents >= 0),
    updated_by bigint REFERENCES users (id) ON DELETE SET NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((basis = 'per_load') = (amount_cents IS NOT NULL)),
    CHECK ((basis = 'per_load') = (percent IS NULL))
  )`,
  sql`CREATE INDEX dispatcher_pay_terms_company_idx ON dispatcher_pay_terms (company_id)`,

  sql`CREATE TABLE accounting_weeks (
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    year smallint NOT NULL,
    week smallint NOT NULL CHECK (week BETWEEN 1 AND 53),
    closed_at timestamptz NOT NULL DEFAULT now(),
    closed_by bigint REFERENCES users (id) ON DELETE SET NULL,
    PRIMARY KEY (company_id, year, week)
  )`,

  sql`CREATE TABLE paysheet_runs (
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    year smallint NOT NULL,
    week smallint NOT NULL CHECK (week BETWEEN 1 AND 53),
    claimed_by text NOT NULL,
    claimed_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz,
    sent integer NOT NULL DEFAULT 0,
    failed integer NOT NULL DEFAULT 0,
    PRIMARY KEY (company_id, year, week)
  )`,

  sql`CREATE TABLE report_sends (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('paysheet', 'invoice')),
    payment_id bigint REFERENCES payments (id) ON DELETE SET NULL,
    load_id bigint REFERENCES loads (id) ON DELETE SET NULL,
    to_email text NOT NULL,
    subject text NOT NULL,
    state text NOT NULL CHECK (state IN ('sent', 'failed')),
    error text,
    sent_by bigint REFERENCES users (id) ON DELETE SET NULL,
    sent_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX report_sends_company_idx ON report_sends (company_id, sent_at DESC)`,
  sql`CREATE INDEX report_sends_payment_idx ON report_sends (payment_id) WHERE payment_id IS NOT NULL`,

  // The accounting lists read a week of a company's loads.
  sql`CREATE INDEX loads_company_accounting_week_idx
    ON loads (company_id, load_accounting_year, load_accounting_week, id DESC)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS loads_company_accounting_week_idx`.execute(db);
  for (const table of [
    'report_sends',
    'paysheet_runs',
    'accounting_weeks',
    'dispatcher_pay_terms',
    'incentive_templates',
    'incentives',
    'pay_items',
    'payments',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
