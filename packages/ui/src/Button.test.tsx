import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Button, ButtonLink } from './Button.js';

describe('Button and ButtonLink', () => {
  it('a Button does not submit forms unless asked to', () => {
    render(<Button>Add sample</Button>);
    expect(screen.getByRole('button', { name: 'Add sample' })).toHaveAttribute('type', 'button');
  });

  it('a ButtonLink stays a link to the route', () => {
    render(
      <MemoryRouter>
        <ButtonLink to="/checkout" variant="secondary">
          Checkout
        </ButtonLink>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Checkout' });
    expect(link).toHaveAttribute('href', '/checkout');
    expect(link).toHaveClass('sf-button', 'sf-button--secondary');
  });
});
