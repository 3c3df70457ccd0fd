import { act, screen } from '@testing-library/react';
import { createHtmlSanitizer, type WindowLike } from '@storefront/html-sanitizer';
import { hydrateRoot } from 'react-dom/client';
import { SafeHtml } from './SafeHtml.js';
import { readySanitizer } from './sanitizers.js';

// A file of its own: the browser's sanitiser is loaded once per page (module state), and this test
// needs a page that has not loaded it.
describe('SafeHtml hydrating the server HTML', () => {
  it("hydrates the server's sanitised HTML as it is, without touching it, and sanitises a changed html", async () => {
    // what the server rendered (SafeHtml.server.test.tsx holds the server to this shape)
    const first = '<p>Shaker <em>white</em></p><img src="x.png" onerror="window.hacked = true">';
    const sanitise = createHtmlSanitizer(window as unknown as WindowLike);
    const serverHtml = `<div class="sf-rich-text">${sanitise(first)}</div>`;
    expect(serverHtml).not.toContain('onerror');

    const container = document.createElement('div');
    container.innerHTML = serverHtml;
    document.body.append(container);
    const serverParagraph = container.querySelector('p');
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(container, <SafeHtml html={first} />);
    });
    // the very node the server wrote is still there, and no sanitiser was loaded for it
    expect(readySanitizer()).toBeNull();
    expect(container.querySelector('p')).toBe(serverParagraph);
    expect(container.querySelector('em')).toHaveTextContent('white');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();

    await act(async () => {
      root.render(<SafeHtml html={'<p>Slab <strong>grey</strong></p><script>window.hacked = true</script>'} />);
    });
    expect(await screen.findByText('grey')).toBeInTheDocument();
    expect(readySanitizer()).not.toBeNull();
    expect(container.querySelector('script')).toBeNull();
    act(() => root.unmount());
    container.remove();
  });
});
