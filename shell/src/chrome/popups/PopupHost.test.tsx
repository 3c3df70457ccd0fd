import type { PopupSettings } from '@storefront/contracts';
import { storeCookieConsent } from '@storefront/ui';
import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { RemoteLoaderContext } from '../../federation/RemoteModule';
import { PopupHost } from './PopupHost';

const offer: PopupSettings = {
  name: 'offer',
  title: 'Free kitchen design',
  description: 'A designer draws your kitchen for free.',
  triggers: [{ type: 'delay', delayMs: 3000 }],
  action: { text: 'Start my free design', url: '/free-kitchen-design' },
  cookieExpiry: '2h',
};

function clearCookies() {
  for (const name of ['cookie_consent', 'popup-shown-offer']) document.cookie = `${name}=; Max-Age=0; Path=/`;
}

function renderHost(popups: PopupSettings[] = [offer], path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <button type="button">Before</button>
      <PopupHost popups={popups} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  clearCookies();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('PopupHost', () => {
  it('waits for the cookie question to be answered, then shows after its delay, once', () => {
    renderHost();
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => storeCookieConsent('rejectAll'));
    act(() => jest.advanceTimersByTime(2999));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    const dialog = screen.getByRole('dialog', { name: 'Free kitchen design' });
    expect(dialog).toHaveAccessibleDescription('A designer draws your kitchen for free.');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
    expect(document.cookie).toContain('popup-shown-offer=1');
  });

  it('is not shown again while its cookie lasts', () => {
    storeCookieConsent('acceptAll');
    document.cookie = 'popup-shown-offer=1; Path=/';
    renderHost();
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes itself after 10 s', () => {
    storeCookieConsent('acceptAll');
    renderHost();
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it.each(['Escape', 'Close'])('closes with %s and gives focus back', async (how) => {
    jest.useRealTimers();
    storeCookieConsent('acceptAll');
    const user = userEvent.setup();
    renderHost([{ ...offer, triggers: [{ type: 'delay', delayMs: 0 }] }]);
    screen.getByRole('button', { name: 'Before' }).focus();
    await screen.findByRole('dialog');
    if (how === 'Escape') await user.keyboard('{Escape}');
    else await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Before' })).toHaveFocus();
  });

  it('closes on a backdrop click', async () => {
    jest.useRealTimers();
    storeCookieConsent('acceptAll');
    const user = userEvent.setup();
    renderHost([{ ...offer, triggers: [{ type: 'delay', delayMs: 0 }] }]);
    await screen.findByRole('dialog');
    await user.click(document.querySelector('.shell-popup__backdrop') as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('only shows on its pages', () => {
    storeCookieConsent('acceptAll');
    renderHost([{ ...offer, paths: ['/products/*'] }], '/checkout');
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens on the scroll trigger at 50% by default', () => {
    storeCookieConsent('acceptAll');
    renderHost([{ ...offer, triggers: [{ type: 'scroll' }] }]);
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 2768 });
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 768 });
    act(() => {
      window.scrollY = 900;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      window.scrollY = 1000;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows the form it names (mf_forms/FormBlock) and closes 5 s after the form is sent', async () => {
    storeCookieConsent('acceptAll');
    function FakeFormBlock({ formName, onSuccess }: { formName?: string; onSuccess?: () => void }) {
      return (
        <button type="button" onClick={onSuccess}>
          Subscribe to {formName}
        </button>
      );
    }
    const load = jest.fn(async () => FakeFormBlock as ComponentType);
    const newsletter: PopupSettings = {
      name: 'offer',
      title: 'Kitchen ideas in your inbox',
      description: 'New articles twice a month.',
      form: 'newsletter',
      triggers: [{ type: 'delay', delayMs: 0 }],
      delays: { autoCloseMs: 0 },
    };
    render(
      <RemoteLoaderContext.Provider value={{ load, refresh: async () => undefined }}>
        <MemoryRouter initialEntries={['/blogs']}>
          <PopupHost popups={[newsletter]} />
        </MemoryRouter>
      </RemoteLoaderContext.Provider>,
    );
    act(() => jest.advanceTimersByTime(0));
    const subscribe = await screen.findByRole('button', { name: 'Subscribe to newsletter' });
    expect(load).toHaveBeenCalledWith('mf_forms/FormBlock');
    expect(screen.getByRole('dialog', { name: 'Kitchen ideas in your inbox' })).toContainElement(subscribe);

    act(() => subscribe.click());
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
