import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Tabs, nextTabIndex } from './Tabs.js';

const tabs = [
  { id: 'construction', label: 'Construction', content: <p>Plywood box</p> },
  { id: 'dimensions', label: 'Dimensions', content: <p>34-1/2 inches high</p> },
  { id: 'assembly', label: 'Assembly', content: <p>Cam locks</p> },
];

describe('Tabs', () => {
  it('shows the first panel and switches on click', async () => {
    render(<Tabs tabs={tabs} label="Specifications" />);
    expect(screen.getByRole('tablist', { name: 'Specifications' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Construction' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Construction' })).toHaveTextContent('Plywood box');
    expect(screen.getByText('34-1/2 inches high')).not.toBeVisible();

    await userEvent.click(screen.getByRole('tab', { name: 'Assembly' }));
    expect(screen.getByRole('tabpanel', { name: 'Assembly' })).toHaveTextContent('Cam locks');
    expect(screen.getByText('Plywood box')).not.toBeVisible();
  });

  it('is one tab stop; arrows wrap, Home and End jump, and focus follows the selection', async () => {
    render(<Tabs tabs={tabs} label="Specifications" />);
    await userEvent.tab();
    const construction = screen.getByRole('tab', { name: 'Construction' });
    expect(construction).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Dimensions' })).toHaveAttribute('tabindex', '-1');

    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Dimensions' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Dimensions' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Assembly' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(construction).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Assembly' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(construction).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Plywood box');

    // Tab leaves the tab list for the panel
    await userEvent.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('can open on another tab', () => {
    render(<Tabs tabs={tabs} label="Specifications" initialIndex={2} />);
    expect(screen.getByRole('tab', { name: 'Assembly' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Cam locks');
  });

  it('nextTabIndex ignores other keys', () => {
    expect(nextTabIndex('ArrowDown', 1, 3)).toBeNull();
    expect(nextTabIndex('ArrowLeft', 0, 3)).toBe(2);
    expect(nextTabIndex('End', 0, 0)).toBeNull();
  });
});
