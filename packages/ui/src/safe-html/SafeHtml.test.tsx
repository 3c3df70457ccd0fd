import { render, screen } from '@testing-library/react';
import { SafeHtml } from './SafeHtml.js';

describe('SafeHtml', () => {
  it('keeps formatting but strips scripts and inline event handlers', async () => {
    const html =
      '<p>Solid <strong>wood</strong> doors</p><script>window.hacked = true</script><img src="x.png" alt="door" onerror="window.hacked = true">';
    const { container } = render(<SafeHtml html={html} />);
    // rendered in the browser: empty (never unsanitised) until the sanitiser has loaded
    expect(container.querySelector('div')).toBeEmptyDOMElement();
    expect(await screen.findByText('wood')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).not.toHaveAttribute('onerror');
    expect(container.innerHTML).not.toContain('hacked');
  });

  it('removes javascript: links', async () => {
    const { container } = render(<SafeHtml as="section" html={'<a href="javascript:alert(1)">click</a>'} />);
    expect(await screen.findByText('click')).toBeInTheDocument();
    expect(container.querySelector('section')).not.toBeNull();
    expect(container.querySelector('a')).not.toHaveAttribute('href');
  });
});
