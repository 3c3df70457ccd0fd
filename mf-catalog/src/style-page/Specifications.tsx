import type { ProductStyle, Spec, SpecProp } from '@storefront/contracts';
import { ASSEMBLY_VIDEOS_SPEC } from '@storefront/contracts';
import { Tabs } from '@storefront/ui';
import { AssemblyVideos } from './AssemblyVideos.js';

/** A spec has something to show: props, or (assembly-videos) videos. */
export function specHasContent(spec: Spec): boolean {
  return spec.props.length > 0 || (spec.name === ASSEMBLY_VIDEOS_SPEC && (spec.videos?.length ?? 0) > 0);
}

/**
 * The style's specifications in the view its content asks for: tabular (every spec under its own
 * heading, one after another) or tabbing (one tab per spec).
 */
export function Specifications({ specifications }: { specifications: ProductStyle['specifications'] | undefined }) {
  const specs = (specifications?.specs ?? []).filter(specHasContent);
  if (specs.length === 0) return null;
  const view = specifications?.specView === 'tabbing' ? 'tabbing' : 'tabular';
  return (
    <section className={`sf-style-specs sf-style-specs--${view}`} aria-labelledby="sf-style-specs-title">
      <h2 id="sf-style-specs-title">Specifications</h2>
      {view === 'tabbing' ? (
        <Tabs label="Specifications" tabs={specs.map((spec) => ({ id: spec.name, label: spec.title, content: <SpecContent spec={spec} titled={false} /> }))} />
      ) : (
        specs.map((spec) => <SpecContent key={spec.name} spec={spec} titled />)
      )}
    </section>
  );
}

/**
 * One spec in its display format: rows of label and value (a table) when no format is given, or an
 * unordered list, an ordered list or text; grid-view lays entries out in columns, list-view stacks them.
 * `titled`: the tabular view names each spec itself (a tab names it in the tabbing view).
 */
export function SpecContent({ spec, titled }: { spec: Spec; titled: boolean }) {
  const options = spec.options ?? {};
  const display = options.display === 'grid-view' ? 'grid' : 'list';
  const showKeys = options.showKeys !== false;
  const titleId = `sf-spec-${spec.name}`;
  const heading = titled ? <h3 id={titleId}>{spec.title}</h3> : null;

  let body;
  if (spec.name === ASSEMBLY_VIDEOS_SPEC) {
    body = (
      <>
        {heading}
        <AssemblyVideos spec={spec} />
      </>
    );
  } else if (options.format === 'unordered-list' || options.format === 'ordered-list') {
    const List = options.format === 'ordered-list' ? 'ol' : 'ul';
    body = (
      <>
        {heading}
        <List className={`sf-spec__list sf-spec__list--${display}`} aria-labelledby={titled ? titleId : undefined} aria-label={titled ? undefined : spec.title}>
          {spec.props.map((prop) => (
            <li key={prop.label + prop.value}>
              <PropText prop={prop} showKeys={showKeys} />
            </li>
          ))}
        </List>
      </>
    );
  } else if (options.format === 'text') {
    body = (
      <>
        {heading}
        <div className={`sf-spec__text sf-spec__text--${display}`}>
          {spec.props.map((prop) => (
            <p key={prop.label + prop.value}>
              <PropText prop={prop} showKeys={showKeys} />
            </p>
          ))}
        </div>
      </>
    );
  } else if (display === 'grid') {
    body = (
      <>
        {heading}
        <dl className="sf-spec__grid">
          {spec.props.map((prop) => (
            <div key={prop.label} className="sf-spec__cell">
              {showKeys && <dt>{prop.label}</dt>}
              <dd>{prop.value}</dd>
            </div>
          ))}
        </dl>
      </>
    );
  } else {
    body = (
      <table className="sf-style-specs__table" aria-label={titled ? undefined : spec.title}>
        {titled && <caption>{spec.title}</caption>}
        <tbody>
          {spec.props.map((prop) => (
            <tr key={prop.label}>
              {showKeys && <th scope="row">{prop.label}</th>}
              <td>{prop.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }

  return (
    <div className={`sf-spec${options.image ? ' sf-spec--with-image' : ''}`}>
      <div className="sf-spec__body">{body}</div>
      {options.image && (
        <img className="sf-spec__image" src={options.image.src} alt={options.image.altText} width={options.image.width} height={options.image.height} loading="lazy" />
      )}
    </div>
  );
}

function PropText({ prop, showKeys }: { prop: SpecProp; showKeys: boolean }) {
  if (!showKeys) return <>{prop.value}</>;
  return (
    <>
      <strong>{prop.label}:</strong> {prop.value}
    </>
  );
}
