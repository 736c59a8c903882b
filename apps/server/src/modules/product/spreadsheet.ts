/**
 * Reading and writing the sheets people exchange with the platform (XLSX and CSV) through exceljs.
 * Every cell is read as the text a person sees, so SNs keep their leading zeros; a header row
 * names the columns, in Chinese or English.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { CatalogueError, type SheetFormat } from '@lyyp/contracts';

export { SHEET_FORMATS, type SheetFormat } from '@lyyp/contracts';

export const SHEET_CONTENT_TYPES: Record<SheetFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** A column of a sheet: its field and the header names accepted for it. */
export interface SheetColumn {
  readonly field: string;
  readonly zh: string;
  readonly en: string;
}

export interface SheetRow {
  /** Row number as the spreadsheet shows it (the header is row 1). */
  readonly row: number;
  /** Non-empty cells by field. */
  readonly values: Readonly<Record<string, string>>;
}

const UTF8_BOM = '\uFEFF';
// XLSX files are ZIP archives.
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export function detectSheetFormat(bytes: Buffer): SheetFormat {
  return bytes.subarray(0, 4).equals(ZIP_MAGIC) ? 'xlsx' : 'csv';
}

const normalise = (text: string) =>
  text
    .replace(UTF8_BOM, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_\-()（）]/g, '');

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return cell.text.trim();
}

async function loadWorksheet(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    if (detectSheetFormat(bytes) === 'xlsx') {
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      if (!sheet) throw new CatalogueError('1002', { field: 'file' });
      return sheet;
    }
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    // Keep every value as text: the default would turn "000123456789" into a number.
    return await workbook.csv.read(Readable.from([text]), { map: (value: unknown) => value });
  } catch (error) {
    if (error instanceof CatalogueError) throw error;
    throw new CatalogueError('1002', { field: 'file' }, { cause: error });
  }
}

/**
 * Reads the data rows of the first sheet. Headers are matched against each column's field name,
 * Chinese and English names (case, spaces and brackets ignored); unknown columns are ignored, a
 * missing required column is 1001 naming it, and empty rows are skipped.
 */
export async function readSheet(
  bytes: Buffer,
  columns: readonly SheetColumn[],
  required: readonly string[],
): Promise<SheetRow[]> {
  const sheet = await loadWorksheet(bytes);
  const byHeader = new Map<string, string>();
  for (const column of columns) {
    for (const name of [column.field, column.zh, column.en]) byHeader.set(normalise(name), column.field);
  }
  const fieldOfColumn = new Map<number, string>();
  sheet.getRow(1).eachCell({ includeEmpty: false }, (cell, columnNumber) => {
    const field = byHeader.get(normalise(cellText(cell)));
    if (field && ![...fieldOfColumn.values()].includes(field)) fieldOfColumn.set(columnNumber, field);
  });
  const present = new Set(fieldOfColumn.values());
  for (const field of required)
    if (!present.has(field)) throw new CatalogueError('1001', { field: `header.${field}` });

  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const values: Record<string, string> = {};
    for (const [columnNumber, field] of fieldOfColumn) {
      const text = cellText(row.getCell(columnNumber));
      if (text) values[field] = text;
    }
    if (Object.keys(values).length > 0) rows.push({ row: rowNumber, values });
  });
  return rows;
}

export type CellValue = string | number | boolean | null;

/** Writes one sheet: a bold header row, then the rows (empty cells for null). */
export async function writeSheet(
  format: SheetFormat,
  sheetName: string,
  headers: readonly string[],
  rows: ReadonlyArray<readonly CellValue[]>,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow([...headers]).font = { bold: true };
  for (const row of rows) sheet.addRow(row.map((value) => value ?? ''));
  if (format === 'xlsx') {
    sheet.columns.forEach((column) => {
      column.width = 18;
    });
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }
  const csv = await workbook.csv.writeBuffer({ formatterOptions: { writeBOM: false } });
  // The BOM lets spreadsheet programs read the Chinese headers as UTF-8.
  return Buffer.concat([Buffer.from(UTF8_BOM, 'utf8'), Buffer.from(csv)]);
}
