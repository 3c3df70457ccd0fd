import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Accordion, nextOpenIndex } from './Accordion.js';

const faqs = [
  { question: 'Can I paint these doors?', answer: '<p>Yes, after a light sanding.</p>' },
  { question: 'How are they shipped?', answer: '<p>Flat-packed.</p><img src=x onerror="window.hacked=1">' },
];

describe('Accordion', () => {
  it('draws a list-valued answer as a bulleted list, sanitised like any answer', async () => {
    render(<Accordion items={[{ question: 'What is in the box?', answer: ['Doors', '<strong>Hinges</strong><img src=x onerror="window.hacked=1">'] }]} />);
    await userEvent.click(screen.getByRole('button', { name: 'What is in the box?' }));
    const region = screen.getByRole('region', { name: 'What is in the box?' });
    const items = await within(region).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Doors', 'Hinges']);
    expect(within(items[1]!).getByText('Hinges').tagName).toBe('STRONG');
    expect(region.querySelector('img')?.getAttribute('onerror')).toBeFalsy();
  });

  it('opens one answer at a time; the open one closes on a second click', async () => {
    render(<Accordion items={faqs} />);
    const first = screen.getByRole('button', { name: 'Can I paint these doors?' });
    const second = screen.getByRole('button', { name: 'How are they shipped?' });
    expect(screen.getByRole('heading', { level: 3, name: 'Can I paint these doors?' })).toBeInTheDocument();
    // rich text shows once the browser's sanitiser has loaded (SafeHtml)
    expect(await screen.findByText('Yes, after a light sanding.')).not.toBeVisible();

    await userEvent.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Can I paint these doors?' })).toHaveTextContent('Yes, after a light sanding.');

    await userEvent.click(second);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(document.querySelector('img')?.getAttribute('onerror')).toBeFalsy();

    await userEvent.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it('nextOpenIndex toggles', () => {
    expect(nextOpenIndex(null, 1)).toBe(1);
    expect(nextOpenIndex(1, 1)).toBeNull();
  });
});
