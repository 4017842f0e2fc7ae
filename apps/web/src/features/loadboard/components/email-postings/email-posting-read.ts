import type { EmailPosting, EmailPostingPlace } from '@app/domain/loadboard/email-postings.schema';
import { lookupName, VEHICLE_TYPES, type Lang } from '@app/domain/common/lookups';
import { formatDateTime, formatDims, formatUsd, formatWeight } from '@/lib/format';

// What the review list shows of the values read from a posting e-mail, as label keys and display texts.

export const placeText = (place: EmailPostingPlace | null) =>
  place
    ? [[place.city, place.state].filter(Boolean).join(', '), place.zip_code].filter(Boolean).join(' ')
    : '';

/** The values read, as [label key, text], in the order of a posting; the ones not read are left out. */
export function readLines(read: EmailPosting['read'], lang: Lang): [string, string][] {
  const lines: [string, string | null][] = [
    ['pick_up', placeText(read.pick_up)],
    ['pick_up_date', read.pick_up_date ? formatDateTime(read.pick_up_date, lang) : null],
    ['deliver_to', placeText(read.deliver_to)],
    ['delivery_date', read.delivery_date ? formatDateTime(read.delivery_date, lang) : null],
    ['car', read.car ? lookupName(VEHICLE_TYPES, read.car, lang) : null],
    ['pays', read.pays_cents === null ? null : formatUsd(read.pays_cents / 100)],
    ['miles', read.miles === null ? null : String(read.miles)],
    ['weight', formatWeight(read.weight, lang)],
    ['pieces', read.pieces === null ? null : String(read.pieces)],
    ['dims', formatDims(read, lang)],
    ['reference', read.reference],
    ['mc_number', read.mc_number ? `MC ${read.mc_number}` : null],
    ['broker_name', read.broker_name],
    ['broker_phone', read.broker_phone],
  ];
  return lines.filter((line): line is [string, string] => Boolean(line[1]));
}
