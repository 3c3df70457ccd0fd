import type { DownloadCatalogBlock } from '@storefront/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import DownloadCatalog from './DownloadCatalog';

const two: DownloadCatalogBlock = {
  id: 'catalogs',
  type: 'download-catalog',
  label: 'Download Catalog',
  catalogs: [
    { text: 'Kitchen Cabinets 2026', url: '/catalogs/kitchen-2026.pdf' },
    { text: 'Bath Vanities 2026', url: '/catalogs/bath-2026.pdf' },
  ],
};

describe('DownloadCatalog', () => {
  it('one catalog renders a plain download link', () => {
    render(<DownloadCatalog block={{ ...two, catalogs: [two.catalogs[0]!] }} position={1} />);
    expect(screen.getByRole('link', { name: /Download Catalog/ })).toHaveAttribute('href', '/catalogs/kitchen-2026.pdf');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('several open a dropdown that closes on an outside click', () => {
    render(
      <div>
        <p>Outside</p>
        <DownloadCatalog block={two} position={1} />
      </div>,
    );
    const toggle = screen.getByRole('button', { name: /Download Catalog/ });
    expect(screen.queryByRole('link', { name: 'Bath Vanities 2026' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Bath Vanities 2026' })).toHaveAttribute('href', '/catalogs/bath-2026.pdf');

    fireEvent.pointerDown(screen.getByRole('link', { name: 'Bath Vanities 2026' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    fireEvent.pointerDown(screen.getByText('Outside'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('Escape closes the dropdown and focus returns to the button', () => {
    render(<DownloadCatalog block={two} position={1} />);
    const toggle = screen.getByRole('button', { name: /Download Catalog/ });
    fireEvent.click(toggle);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
