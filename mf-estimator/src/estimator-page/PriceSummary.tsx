import { ESTIMATOR_MESSAGES, type EstimatorSummaryConfig, type PriceResult } from '@storefront/contracts';
import { breakdownSections, hasPrice } from '@storefront/estimator-pricing';

/** The live estimate: product, labor and total ranges, updated as options are picked. */
export function PriceSummary({ summary, price }: { summary: EstimatorSummaryConfig; price: PriceResult | null }) {
  return (
    <aside className="mf-estimator-summary" aria-labelledby="mf-estimator-summary-title">
      <h2 id="mf-estimator-summary-title" className="mf-estimator-summary__title">
        {summary.title}
      </h2>
      <div aria-live="polite">
        {!hasPrice(price) ? (
          <p className="mf-estimator-summary__empty">{ESTIMATOR_MESSAGES.noPrice}</p>
        ) : (
          <>
            {breakdownSections(summary, price).map((section) => (
              <dl key={section.label} className="mf-estimator-summary__section" aria-label={section.label}>
                {section.rows.map((row) => (
                  <div key={row.label} className="mf-estimator-summary__row">
                    <dt>{row.label}</dt>
                    <dd>{row.value}</dd>
                  </div>
                ))}
              </dl>
            ))}
            <dl className="mf-estimator-summary__totals">
              <div className="mf-estimator-summary__row">
                <dt>{summary.productTotal.label}</dt>
                <dd data-testid="estimate-product">{price.display.product}</dd>
              </div>
              <div className="mf-estimator-summary__row">
                <dt>{summary.laborTotal.label}</dt>
                <dd data-testid="estimate-labor">{price.display.labor}</dd>
              </div>
              <div className="mf-estimator-summary__row mf-estimator-summary__row--total">
                <dt>{summary.grandTotal.label}</dt>
                <dd data-testid="estimate-total">{price.display.total}</dd>
              </div>
            </dl>
          </>
        )}
      </div>
      {summary.note && <p className="mf-estimator-summary__note">{summary.note}</p>}
    </aside>
  );
}
