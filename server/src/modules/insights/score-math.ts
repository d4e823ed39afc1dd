/** Mean of metric values from their count and sum in hundredths, as a percent; 0 when none. */
export function averageFromTotals(count: number, sumHundredths: number): number {
  return count > 0 ? sumHundredths / count / 100 : 0;
}
