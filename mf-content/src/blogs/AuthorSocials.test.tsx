import { render, screen, within } from '@testing-library/react';
import { AuthorSocials } from './AuthorSocials';

describe('AuthorSocials', () => {
  it('draws each social as a 50 px icon link named "<Author> on <Network>", opening in a new tab safely', () => {
    render(
      <AuthorSocials
        author={{
          name: 'Maria Alvarez',
          socials: [
            { type: 'facebook', url: 'https://www.facebook.com/maria' },
            { type: 'Instagram', url: 'https://www.instagram.com/maria' },
            { type: 'twitter', url: 'https://twitter.com/maria' },
            { type: 'houzz', url: 'https://www.houzz.com/pro/maria' },
            { type: 'portfolio', url: 'https://maria.example.com' },
          ],
        }}
      />,
    );
    const list = screen.getByRole('list', { name: 'Maria Alvarez on social media' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Maria Alvarez on Facebook',
      'Maria Alvarez on Instagram',
      'Maria Alvarez on X (Twitter)',
      'Maria Alvarez on Houzz',
      'Maria Alvarez on Portfolio',
    ]);
    const facebook = screen.getByRole('link', { name: 'Maria Alvarez on Facebook' });
    expect(facebook).toHaveAttribute('href', 'https://www.facebook.com/maria');
    expect(facebook).toHaveAttribute('target', '_blank');
    expect(facebook).toHaveAttribute('rel', 'noopener noreferrer');
    // an icon, not the bare word
    expect(facebook).not.toHaveTextContent(/facebook/i);
    const icon = facebook.querySelector('svg')!;
    expect(icon).toHaveAttribute('width', '50');
    expect(icon).toHaveAttribute('height', '50');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
  });

  it('uses the size the content gives, and draws nothing without socials', () => {
    const { container, rerender } = render(
      <AuthorSocials author={{ name: 'Derek Chen', socials: [{ type: 'youtube', url: 'https://www.youtube.com/@derek', size: 32 }] }} />,
    );
    expect(screen.getByRole('link', { name: 'Derek Chen on YouTube' }).querySelector('svg')).toHaveAttribute('width', '32');
    rerender(<AuthorSocials author={{ name: 'Derek Chen', socials: [] }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
