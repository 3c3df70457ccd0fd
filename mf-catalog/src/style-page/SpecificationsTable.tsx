import type { Spec } from '@storefront/contracts';

/** The tabular spec view: one captioned table per spec, label -> value rows. */
export function SpecificationsTable({ specs }: { specs: Spec[] }) {
  const withRows = specs.filter((spec) => spec.props.length > 0);
  if (withRows.length === 0) return null;
  return (
    <section className="sf-style-specs" aria-labelledby="sf-style-specs-title">
      <h2 id="sf-style-specs-title">Specifications</h2>
      {withRows.map((spec) => (
        <table key={spec.name} className="sf-style-specs__table">
          <caption>{spec.title}</caption>
          <tbody>
            {spec.props.map((prop) => (
              <tr key={prop.label}>
                <th scope="row">{prop.label}</th>
                <td>{prop.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </section>
  );
}
