import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Breadcrumb } from './Breadcrumb.js';

describe('Breadcrumb', () => {
  it('links every crumb but the last, which is the current page', () => {
    render(
      <MemoryRouter>
        <Breadcrumb className="trail" items={[{ label: 'Home', path: '/' }, { label: 'Blogs', path: '/blogs' }, { label: 'Shaker doors', path: '/blogs/shaker' }]} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav).toHaveClass('trail');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Blogs' })).toHaveAttribute('href', '/blogs');
    expect(screen.queryByRole('link', { name: 'Shaker doors' })).toBeNull();
    expect(screen.getByText('Shaker doors')).toHaveAttribute('aria-current', 'page');
  });

  it('shows a crumb without a path as text', () => {
    render(
      <MemoryRouter>
        <Breadcrumb className="trail" items={[{ label: 'Products' }, { label: 'Doors' }]} />
      </MemoryRouter>,
    );
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});
