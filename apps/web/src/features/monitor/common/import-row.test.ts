import { describe, expect, it } from 'vitest';
import { readImportRow } from './import-row.ts';

describe('refused sheet imports', () => {
  it('find the row and column the platform names', () => {
    expect(readImportRow('rows.3.sn')).toEqual({ row: 3, column: 'sn' });
    expect(readImportRow('rows.12.stateMapping')).toEqual({ row: 12, column: 'stateMapping' });
    expect(readImportRow('file')).toBeNull();
    expect(readImportRow(undefined)).toBeNull();
  });
});
