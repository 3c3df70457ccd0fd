import { renderHook } from '@testing-library/react';
import { useScrollLock } from './useScrollLock.js';

afterEach(() => {
  document.body.style.overflow = '';
});

describe('useScrollLock', () => {
  it('stops the page scrolling while active and gives back the page its own overflow afterwards', () => {
    document.body.style.overflow = 'auto';
    const { rerender, unmount } = renderHook(({ active }) => useScrollLock(active), { initialProps: { active: false } });
    expect(document.body.style.overflow).toBe('auto');
    rerender({ active: true });
    expect(document.body.style.overflow).toBe('hidden');
    rerender({ active: false });
    expect(document.body.style.overflow).toBe('auto');
    rerender({ active: true });
    unmount();
    expect(document.body.style.overflow).toBe('auto');
  });
});
