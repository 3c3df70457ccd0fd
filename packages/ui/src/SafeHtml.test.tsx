import { render } from '@testing-library/react';
import { SafeHtml } from './SafeHtml.js';

describe('SafeHtml', () => {
  it('keeps formatting but strips scripts and inline event handlers', () => {
    const html =
      '<p>Solid <strong>wood</strong> doors</p><script>window.hacked = true</script><img src="x.png" alt="door" onerror="window.hacked = true">';
    const { container } = render(<SafeHtml html={html} />);
    expect(container.querySelector('strong')).toHaveTextContent('wood');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).not.toHaveAttribute('onerror');
    expect(container.innerHTML).not.toContain('hacked');
  });

  it('removes javascript: links', () => {
    const { container } = render(<SafeHtml as="section" html={'<a href="javascript:alert(1)">click</a>'} />);
    expect(container.querySelector('section')).not.toBeNull();
    expect(container.querySelector('a')).not.toHaveAttribute('href');
  });
});
