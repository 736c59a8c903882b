/** Benchmark output: one JSON line per figure, then a readable table. Figures, never pass/fail. */
export interface Figure {
  scenario: string;
  metric: string;
  value: number;
  unit: string;
  config: Record<string, unknown>;
}

const figures: Figure[] = [];

export function record(figure: Figure) {
  figures.push(figure);
  console.log(JSON.stringify(figure));
}

export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export function printTable() {
  const rows = figures.map((figure) => [
    figure.scenario,
    figure.metric,
    figure.value.toFixed(figure.value < 10 ? 2 : 0),
    figure.unit,
  ]);
  const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => row[column]!.length), 8));
  console.log('');
  for (const row of [['scenario', 'metric', 'value', 'unit'], ...rows]) {
    console.log(
      row
        .map((cell, column) => (column === 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
        .join('  '),
    );
  }
}
