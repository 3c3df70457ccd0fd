import './interactive.css';
import type { BlockComponentProps, DownloadCatalogBlock } from '@storefront/contracts';
import { useDropdown } from '@storefront/ui';

/** One catalog is a plain download link; several open a dropdown that closes on outside click and Escape. */
export default function DownloadCatalog({ block }: BlockComponentProps<DownloadCatalogBlock>) {
  const { open, setOpen, rootRef, toggleProps, panelId: menuId } = useDropdown<HTMLDivElement>();

  const [only] = block.catalogs;
  if (block.catalogs.length === 1 && only) {
    return (
      <div className="sf-container content-catalog">
        {block.title && <h2 className="content-catalog__title">{block.title}</h2>}
        <a href={only.url} className="sf-button sf-button--secondary content-catalog__link" download>
          {block.label}
          <span className="sf-visually-hidden">: {only.text} (PDF)</span>
        </a>
      </div>
    );
  }

  return (
    <div ref={rootRef} className="sf-container content-catalog">
      {block.title && <h2 className="content-catalog__title">{block.title}</h2>}
      <div className="content-catalog__dropdown">
        <button {...toggleProps} className="sf-button sf-button--secondary content-catalog__toggle">
          {block.label} <span aria-hidden="true">{open ? '▴' : '▾'}</span>
        </button>
        <ul id={menuId} className="content-catalog__menu" hidden={!open}>
          {block.catalogs.map((catalog) => (
            <li key={catalog.url}>
              <a href={catalog.url} className="content-catalog__option" download onClick={() => setOpen(false)}>
                {catalog.text}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
