/** A refused sheet import names the row at fault (`rows.3.sn`): its number and column. */
export function readImportRow(field: string | undefined): { row: number; column: string } | null {
  const match = /^rows\.(\d+)\.(\w+)$/.exec(field ?? '');
  return match?.[1] && match[2] ? { row: Number(match[1]), column: match[2] } : null;
}
