import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { AlertsProvider, ALERT_FADE_MS, useAlerts, type SiteAlert } from './AlertsProvider.js';

function Trigger({ alert }: { alert: SiteAlert }) {
  const { showAlert } = useAlerts();
  return (
    <button type="button" onClick={() => showAlert(alert)}>
      {`show ${alert.message}`}
    </button>
  );
}

afterEach(() => jest.useRealTimers());

describe('AlertsProvider', () => {
  it('shows one alert at a time: a new one replaces the old', async () => {
    const user = userEvent.setup();
    render(
      <AlertsProvider>
        <Trigger alert={{ message: 'First' }} />
        <Trigger alert={{ message: 'Second' }} />
      </AlertsProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'show First' }));
    await user.click(screen.getByRole('button', { name: 'show Second' }));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Second');
  });

  it('dismisses itself after autoDismiss, then fades for 500 ms', () => {
    jest.useFakeTimers();
    render(
      <AlertsProvider>
        <Trigger alert={{ message: 'Saved', autoDismiss: 1000 }} />
      </AlertsProvider>,
    );
    act(() => screen.getByRole('button', { name: 'show Saved' }).click());
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByText('Saved').closest('.sf-alert-host')).toHaveClass('sf-alert-host--fading');
    act(() => jest.advanceTimersByTime(ALERT_FADE_MS));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('offers Dismiss unless messageRemovable is false', async () => {
    const user = userEvent.setup();
    render(
      <AlertsProvider>
        <Trigger alert={{ message: 'Pinned', messageRemovable: false }} />
        <Trigger alert={{ message: 'Gone', fadeEffect: false }} />
      </AlertsProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'show Pinned' }));
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'show Gone' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Gone')).not.toBeInTheDocument();
  });

  it('throws outside its provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Trigger alert={{ message: 'x' }} />)).toThrow('useAlerts must be used inside AlertsProvider');
  });
});
