import type { AnalysisRow } from '#shared/product-content.ts';
import { BarFill } from './bar-fill.tsx';

const percent = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * Guaranteed analysis as a real table: product, nutrient with its symbol, minimum content with its unit.
 * On narrow screens each row is drawn as a stacked card (CSS, with the column names from data-label),
 * so every number shows without sideways scrolling; the markup stays one table for assistive technology.
 */
export function ProductAnalysisTable({ rows, caption }: { rows: readonly AnalysisRow[]; caption: string }) {
  return (
    <div className="analysis-table__scroll">
      <table className="analysis-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Nutrient</th>
            <th scope="col" className="analysis-table__num">
              Guaranteed minimum <span className="analysis-table__unit">(% by weight)</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.product + row.symbol}>
              <th scope="row">{row.product}</th>
              <td data-label="Nutrient">
                <span>
                  {row.nutrient} <span className="analysis-table__symbol">({row.symbol})</span>
                </span>
              </td>
              <td className="analysis-table__num" data-label="Guaranteed minimum">
                <span>
                  <span className="analysis-table__figure">{percent.format(row.amount)}</span>
                  <span className="analysis-table__unit-inline">&nbsp;{row.unit}</span>
                </span>
                <span className="analysis-table__bar" aria-hidden="true">
                  <BarFill percent={row.amount} />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
