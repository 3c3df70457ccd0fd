import type { AccordionBlock } from '@storefront/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import Accordion, { nextOpenIndex } from './Accordion';

const block: AccordionBlock = {
  id: 'faqs',
  type: 'accordion',
  title: 'Shipping',
  faqs: [
    { question: 'How long does shipping take?', answer: '<p>5 to 7 business days.</p>' },
    { question: 'Do you ship to Alaska?', answer: '<p>Yes.</p><script>alert(1)</script>' },
  ],
};

describe('Accordion', () => {
  it('opens one item at a time; clicking the open one closes it', async () => {
    render(<Accordion block={block} position={1} />);
    const first = screen.getByRole('button', { name: 'How long does shipping take?' });
    const second = screen.getByRole('button', { name: 'Do you ship to Alaska?' });
    expect(first).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    // rich text shows once the browser's sanitiser has loaded (SafeHtml)
    expect(await screen.findByText('5 to 7 business days.')).toBeVisible();

    fireEvent.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');

    fireEvent.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it('sanitises the answers', () => {
    const { container } = render(<Accordion block={block} position={1} />);
    expect(container.querySelector('script')).toBeNull();
  });

  it('nextOpenIndex toggles', () => {
    expect(nextOpenIndex(null, 2)).toBe(2);
    expect(nextOpenIndex(2, 2)).toBeNull();
    expect(nextOpenIndex(1, 2)).toBe(2);
  });
});
