import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { wallTimeInZone } from '@app/domain/common/time';

// An accounting list as an .xlsx, streamed: exceljs's WorkbookWriter writes each row into the zip as it
// comes, so a list of 100,000 loads never sits in memory. Cells are typed: amounts are numbers of dollars
// in a currency format, dates and times are Excel dates (the Eastern wall clock, since Excel has no time
// zones), counts and percents are numbers; only text is text. The last row sums the columns that total.

export type ExcelCellType = 'text' | 'int' | 'money' | 'percent' | 'date' | 'datetime';

export type ExcelValue = string | number | Date | null | undefined;

export type ExcelColumn<Row> = {
  header: string;
  type: ExcelCellType;
  /** Characters; a default by type otherwise. */
  width?: number;
  /**
   * The cell: text; a number (int, percent as 3.5 for 3.5 %); integer cents for money; for dates an
   * instant (Date or ISO text) or a calendar date 'YYYY-MM-DD'.
   */
  value: (row: Row) => ExcelValue;
  /** Sum the column in the last row. */
  total?: boolean;
};

const NUMBER_FORMAT: Record<ExcelCellType, string | undefined> = {
  text: undefined,
  int: '#,##0',
  money: '"$"#,##0.00;-"$"#,##0.00',
  percent: '0.00"%"',
  date: 'mm/dd/yyyy',
  datetime: 'mm/dd/yyyy hh:mm AM/PM',
};

const DEFAULT_WIDTH: Record<ExcelCellType, number> = {
  text: 22,
  int: 10,
  money: 14,
  percent: 10,
  date: 12,
  datetime: 20,
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const HOUR_MS = 3_600_000;

/**
 * Eastern time's offset (ms) during the UTC hour of an instant, read once per hour: clocks change on the
 * hour, so every instant of an hour has the offset of its start. Reading the zone for each of a list's
 * hundreds of thousands of dates would cost more than writing them.
 */
const offsets = new Map<number, number>();
function easternOffsetMs(instant: number): number {
  const hour = Math.floor(instant / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const wall = wallTimeInZone(new Date(hour * HOUR_MS));
    offset = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) - hour * HOUR_MS;
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

/** An instant as the Eastern wall clock, or a calendar date, as the Date exceljs writes (read as UTC). */
export function excelDate(value: Date | string, type: 'date' | 'datetime'): Date | null {
  if (typeof value === 'string' && DATE_ONLY.test(value)) {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(year, month - 1, day));
  }
  const instant = (value instanceof Date ? value : new Date(value)).getTime();
  if (Number.isNaN(instant)) return null;
  // The wall clock as if it were UTC, to the minute.
  const wall = Math.floor((instant + easternOffsetMs(instant)) / 60_000) * 60_000;
  return new Date(type === 'date' ? wall - (wall % 86_400_000) : wall);
}

function cellValue(type: ExcelCellType, value: ExcelValue): string | number | Date | null {
  if (value === null || value === undefined || value === '') return null;
  switch (type) {
    case 'text':
      return String(value);
    case 'money':
      return Number(value) / 100;
    case 'int':
    case 'percent':
      return Number(value);
    case 'date':
    case 'datetime':
      return typeof value === 'number' ? null : excelDate(value, type);
  }
}

/**
 * Waits while the zip is behind. exceljs writes the sheet's rows into the zip's compressor without waiting
 * for it, so without this the whole uncompressed sheet could pile up in memory before it is compressed.
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  type Pipe = Writable & { _writableState?: { needDrain?: boolean } };
  const pipes = (sheet as unknown as { stream?: { pipes?: Pipe[] } }).stream?.pipes ?? [];
  // The zip's entry is a readable-stream PassThrough: its state says when it wants the writer to wait.
  for (const pipe of pipes) if (pipe._writableState?.needDrain) await once(pipe, 'drain');
}

function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/**
 * Writes the workbook into `out` (ended when done) from the rows' pages; answers the number of rows. The
 * first row names the columns and stays in view when scrolling.
 */
export async function writeExcel<Row>(
  out: Writable,
  sheetName: string,
  columns: readonly ExcelColumn<Row>[],
  pages: AsyncIterable<readonly Row[]>,
  totalLabel: string,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((column, index) => ({
    key: `c${index}`,
    header: column.header,
    width: column.width ?? DEFAULT_WIDTH[column.type],
  }));
  // One style object per column, given to each of its cells: exceljs knows an object it has seen and
  // skips working out its style again (a copy per cell would be worked out per cell).
  const styles = columns.map((column): Partial<ExcelJS.Style> => {
    const numFmt = NUMBER_FORMAT[column.type];
    return numFmt ? { numFmt } : {};
  });
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  const sums = columns.map(() => 0);
  let count = 0;
  for await (const page of pages) {
    for (const row of page) {
      const values = columns.map((column, index) => {
        const value = cellValue(column.type, column.value(row));
        if (column.total && typeof value === 'number')
          sums[index]! += column.type === 'money' ? Math.round(value * 100) : value;
        return value;
      });
      const added = sheet.addRow(values);
      for (let index = 0; index < styles.length; index += 1) added.getCell(index + 1).style = styles[index]!;
      added.commit();
      count += 1;
      if (count % 500 === 0) await zipCaughtUp(sheet);
    }
  }

  if (columns.some((column) => column.total)) {
    const lastRow = count + 1;
    type TotalCell = string | number | null | { formula: string; result: number };
    const values = columns.map((column, index): TotalCell => {
      if (!column.total) return null;
      const letter = columnLetter(index);
      const result = column.type === 'money' ? sums[index]! / 100 : sums[index]!;
      return count === 0 ? 0 : { formula: `SUM(${letter}2:${letter}${lastRow})`, result };
    });
    const labelIndex = columns.findIndex((column) => !column.total);
    if (labelIndex >= 0) values[labelIndex] = totalLabel;
    const totalRow = sheet.addRow(values);
    columns.forEach((column, index) => {
      totalRow.getCell(index + 1).style = { ...styles[index], font: { bold: true } };
    });
    totalRow.commit();
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
