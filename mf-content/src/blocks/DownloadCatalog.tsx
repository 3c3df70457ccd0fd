import './interactive.css';
import type { BlockComponentProps, DownloadCatalogBlock } from '@storefront/contracts';
import { useEffect, useId, useRef, useState } from 'react';

/** One catalog is a plain download link; several open a dropdown that closes on outside click and Escape. */
export default function DownloadCatalog({ block }: BlockComponentProps<DownloadCatalogBlock>) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent | TouchEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

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
    <div ref={root} className="sf-container content-catalog">
      {block.title && <h2 className="content-catalog__title">{block.title}</h2>}
      <div className="content-catalog__dropdown">
        <button
          ref={toggle}
          type="button"
          className="sf-button sf-button--secondary content-catalog__toggle"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((o) => !o)}
        >
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
