/** Hands a downloaded file to the browser as a download with its own name. */
import type { DownloadedFile } from '../../../api/catalogue-files.ts';

export function saveFile({ name, blob }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is no longer needed after this turn.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Rows as a CSV file (UTF-8 with a byte-order mark, so spreadsheet programs read Chinese right). */
export function toCsvFile(name: string, rows: readonly (readonly (string | number)[])[]): DownloadedFile {
  const escape = (cell: string | number) => {
    const text = String(cell);
    return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const text = rows.map((row) => row.map(escape).join(',')).join('\r\n');
  return { name, blob: new Blob([`\uFEFF${text}\r\n`], { type: 'text/csv;charset=utf-8' }) };
}
