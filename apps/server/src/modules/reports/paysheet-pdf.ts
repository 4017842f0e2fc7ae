import type { Lang } from '@app/domain/common/lookups';
import { formatUsd } from '@app/domain/common/money';
import { formatEasternDate, formatEasternDateTime } from '@app/domain/common/time';
import { reportText } from '@app/domain/accounting/report-texts';
import {
  createPdf,
  drawHeader,
  finishPdf,
  heading,
  MARGIN,
  note,
  table,
  totals,
  type CompanyHeader,
} from './pdf-layout';

// The owner's pay sheet as a carrier sends it: the company header, the owner and the week, each load of
// the week with its route, dates, driver, unit and pay, the bonuses and fines, the payments, charges and
// adjustments, and the totals that add up to what the owner is paid, to the cent.

export type PaySheetStop = { city: string; state: string; date: string | null };

export type PaySheetLoad = {
  number: string;
  /** 'tonu' and 'canceled' are named on the line. */
  kind: 'normal' | 'tonu' | 'canceled';
  pick_up: PaySheetStop | null;
  delivery: PaySheetStop | null;
  driver: string | null;
  unit: string | null;
  pay_cents: number;
};

export type PaySheetLine = {
  kind: 'bonus' | 'fine' | 'payment' | 'charge' | 'adjustment';
  load_number: string | null;
  reason: string;
  /** Signed: a fine or a charge is negative. */
  amount_cents: number;
};

export type PaySheetDocument = {
  company: CompanyHeader;
  owner: { name: string; company_name: string | null; email: string | null; phone: string | null };
  year: number;
  week: number;
  /** The week's Monday and Sunday, 'YYYY-MM-DD'. */
  from: string;
  to: string;
  status: string | null;
  closed: boolean;
  loads: PaySheetLoad[];
  lines: PaySheetLine[];
  totals: {
    loads_cents: number;
    bonuses_cents: number;
    /** Positive: what the fines take away. */
    fines_cents: number;
    items_cents: number;
    total_cents: number;
  };
  generated_at: Date;
};

/** A calendar date 'YYYY-MM-DD' in the language's order (noon UTC keeps the day in Eastern time). */
export function calendarDate(date: string, lang: Lang): string {
  return formatEasternDate(`${date}T17:00:00Z`, lang);
}

function stopText(stop: PaySheetStop | null, lang: Lang): string {
  if (!stop) return '';
  const place = [stop.city, stop.state].filter(Boolean).join(', ');
  return stop.date ? `${place}\n${formatEasternDate(stop.date, lang)}` : place;
}

const LINE_LABEL = {
  bonus: 'bonus',
  fine: 'fine',
  payment: 'payment',
  charge: 'charge',
  adjustment: 'adjustment',
} as const;

/** The pay sheet as PDF bytes. */
export async function renderPaySheetPdf(sheet: PaySheetDocument, lang: Lang): Promise<Buffer> {
  const t = (key: Parameters<typeof reportText>[1], values?: Record<string, string | number>) =>
    reportText(lang, key, values);
  const pdf = createPdf(lang, {
    title: `${t('paySheet')} ${sheet.owner.name} ${sheet.year}-W${sheet.week}`,
    author: sheet.company.name,
  });
  const { doc } = pdf;
  const period = `${calendarDate(sheet.from, lang)} – ${calendarDate(sheet.to, lang)}`;
  drawHeader(pdf, sheet.company, t('paySheet'), [
    [t('week'), `${sheet.week} / ${sheet.year}`],
    [t('period'), period],
    ...(sheet.status ? ([[t('status'), sheet.status]] as [string, string][]) : []),
    [t('generated'), formatEasternDateTime(sheet.generated_at, lang)],
  ]);

  doc.font('regular').fontSize(8.5).fillColor('#6b7280').text(t('owner'), MARGIN, doc.y);
  doc.font('bold').fontSize(12).fillColor('#1f2937').text(sheet.owner.name);
  const contacts = [sheet.owner.company_name, sheet.owner.phone, sheet.owner.email].filter(Boolean);
  if (contacts.length) doc.font('regular').fontSize(8.5).text(contacts.join('  ·  '));
  doc.moveDown(0.3);
  note(doc, sheet.closed ? t('weekClosed') : t('weekOpen'));
  doc.y += 8;

  heading(doc, `${t('loads')} (${sheet.loads.length})`);
  if (sheet.loads.length === 0) note(doc, t('noLoads'));
  else
    table(
      doc,
      [
        { header: t('load'), width: 70 },
        { header: t('pickUp'), width: 120 },
        { header: t('delivery'), width: 120 },
        { header: t('driver'), width: 110 },
        { header: t('unit'), width: 55 },
        { header: t('pay'), width: 80, align: 'right' },
      ],
      sheet.loads.map((load) => [
        load.kind === 'normal' ? load.number : `${load.number}\n${t(load.kind)}`,
        stopText(load.pick_up, lang),
        stopText(load.delivery, lang),
        load.driver ?? '',
        load.unit ?? '',
        formatUsd(load.pay_cents),
      ]),
    );

  const incentives = sheet.lines.filter((line) => line.kind === 'bonus' || line.kind === 'fine');
  const items = sheet.lines.filter((line) => line.kind !== 'bonus' && line.kind !== 'fine');
  for (const [title, lines] of [
    [t('incentives'), incentives],
    [t('payItems'), items],
  ] as const) {
    if (lines.length === 0) continue;
    heading(doc, title);
    table(
      doc,
      [
        { header: t('load'), width: 70 },
        { header: t('description'), width: 90 },
        { header: t('reason'), width: 315 },
        { header: t('amount'), width: 80, align: 'right' },
      ],
      lines.map((line) => [
        line.load_number ?? '',
        t(LINE_LABEL[line.kind]),
        line.reason,
        formatUsd(line.amount_cents),
      ]),
    );
  }

  doc.x = MARGIN;
  doc.y += 4;
  totals(doc, [
    [t('loadsTotal'), formatUsd(sheet.totals.loads_cents)],
    [t('bonusesTotal'), formatUsd(sheet.totals.bonuses_cents)],
    [t('finesTotal'), formatUsd(0 - sheet.totals.fines_cents || 0)],
    [t('itemsTotal'), formatUsd(sheet.totals.items_cents)],
    [t('totalPay'), formatUsd(sheet.totals.total_cents)],
  ]);
  return finishPdf(pdf);
}
