/**
 * Stored points for the runtime's trend charts: the device's history curve over a chart's time
 * range, sized so there is about one point per second of a five-minute window and buckets beyond.
 */
import { historyApi } from '../../api/history.api.ts';
import type { HistoryPoints } from '../../widgets/render-context.ts';
import { curveToPoints } from '../../widgets/charts/chart-samples.ts';

const CURVE_WIDTH = 300;

export async function loadChartHistory(
  equipmentId: string,
  keys: readonly string[],
  start: number,
  end: number,
): Promise<HistoryPoints> {
  const answer = await historyApi.queryCurve({
    equipmentId,
    keys: [...keys],
    start,
    end,
    width: CURVE_WIDTH,
  });
  return curveToPoints(answer);
}
