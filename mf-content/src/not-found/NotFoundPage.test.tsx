import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import NotFoundPage from './NotFoundPage';

function renderAt(entries: string[], variant?: 'full' | 'compact') {
  render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route path="/" element={<h1>Home page</h1>} />
        <Route path="/contact" element={<h1>Contact page</h1>} />
        <Route path="*" element={<NotFoundPage variant={variant} />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => window.history.replaceState(null, ''));

describe('NotFoundPage', () => {
  it('offers Go to home', async () => {
    renderAt(['/missing']);
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to home' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('Go back returns to the previous page', async () => {
    renderAt(['/contact', '/missing']);
    // BrowserRouter numbers entries in history.state.idx; the memory router does not, so mirror it.
    window.history.replaceState({ idx: 1 }, '');
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(await screen.findByRole('heading', { name: 'Contact page' })).toBeInTheDocument();
  });

  it('Go back with no history to go back to goes home', async () => {
    renderAt(['/missing']);
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('the compact variant uses a section heading', () => {
    renderAt(['/x'], 'compact');
    expect(screen.getByRole('heading', { level: 2, name: 'Page Not Found' })).toBeInTheDocument();
  });
});
