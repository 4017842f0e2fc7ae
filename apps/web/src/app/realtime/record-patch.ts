// A change that an event carries in full, applied to a record wherever a cached answer holds it: the
// answer itself (a load page, a vehicle card) or an item of its `results` (a list page, the map, a
// capacity search). Answers the very same object when nothing matched, so that TanStack Query keeps the
// cache entry as it is and no component renders again for nothing.

type UnknownRecord = Record<string, unknown>;

/** Answers the record changed, or the same record when the change does not apply to its shape. */
export type RecordChange = (record: UnknownRecord) => UnknownRecord;

function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRecordWithId(value: unknown, id: number): value is UnknownRecord {
  return isRecord(value) && value.id === id;
}

/** The cached answer with the record `id` changed, or the same answer when it does not hold that record. */
export function patchRecordIn(data: unknown, id: number, change: RecordChange): unknown {
  if (isRecordWithId(data, id)) return change(data);
  if (!isRecord(data) || !Array.isArray(data.results)) return data;
  let changed = false;
  const results = data.results.map((item: unknown) => {
    if (!isRecordWithId(item, id)) return item;
    const next = change(item);
    if (next !== item) changed = true;
    return next;
  });
  return changed ? { ...data, results } : data;
}

/** Sets these fields on records that have them all already (another shape of record is left alone). */
export function setFields(fields: UnknownRecord): RecordChange {
  const names = Object.keys(fields);
  return (record) => (names.every((name) => name in record) ? { ...record, ...fields } : record);
}
