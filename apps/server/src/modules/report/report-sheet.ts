/** Report and data centre tables as XLSX (ExcelJS, as the alarm export) or CSV with a byte-order mark. */
import ExcelJS from 'exceljs';
import type { SheetFormat } from '@lyyp/contracts';

export async function writeSheet(
  format: SheetFormat,
  sheetName: string,
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>,
): Promise<Buffer> {
  if (format === 'csv') {
    const escape = (cell: string | number | null) => {
      const text = cell === null ? '' : String(cell);
      return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    };
    return Buffer.from(
      `\uFEFF${[header, ...rows].map((line) => line.map(escape).join(',')).join('\r\n')}\r\n`,
    );
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  sheet.addRow([...header]);
  for (const row of rows) sheet.addRow(row.map((cell) => cell ?? ''));
  sheet.getRow(1).font = { bold: true };
  sheet.getColumn(1).width = 20;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
