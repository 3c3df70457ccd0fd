import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { REMOTE_FAILURE_TITLE, RemoteLoaderContext, RemoteModule, type RemoteLoader } from './RemoteModule';

// The MF runtime and the network are the edge: a fake remote that can be down, then up.
function fakeRemote(behaviour: { down: boolean; Page: ComponentType }) {
  const refreshed: string[] = [];
  const loader: RemoteLoader = {
    load: async () => {
      if (behaviour.down) throw new Error('Failed to get manifest');
      return behaviour.Page;
    },
    refresh: async (name) => {
      refreshed.push(name);
    },
  };
  return { loader, refreshed };
}

function renderInShell(loader: RemoteLoader, moduleId = 'mf_content/ContentPage') {
  return render(
    <RemoteLoaderContext.Provider value={loader}>
      <header>Shop header</header>
      <RemoteModule moduleId={moduleId} loadingLabel="Loading page…" />
    </RemoteLoaderContext.Provider>,
  );
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('RemoteModule', () => {
  it('shows a loading status, then the remote component', async () => {
    const { loader } = fakeRemote({ down: false, Page: () => <h1>Kitchen cabinets</h1> });
    renderInShell(loader);
    expect(screen.getByRole('status')).toHaveTextContent('Loading page…');
    expect(await screen.findByRole('heading', { name: 'Kitchen cabinets' })).toBeInTheDocument();
  });

  it('keeps a remote that cannot load inside its area, and Retry re-registers and loads it again', async () => {
    const behaviour = { down: true, Page: () => <h1>Contact us</h1> };
    const { loader, refreshed } = fakeRemote(behaviour);
    renderInShell(loader, 'mf_forms/ContactPage');

    expect(await screen.findByText(REMOTE_FAILURE_TITLE)).toBeInTheDocument();
    expect(screen.getByText('Shop header')).toBeInTheDocument();

    behaviour.down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Contact us' })).toBeInTheDocument();
    expect(refreshed).toEqual(['mf_forms']);
  });

  it('catches a remote that throws while rendering and offers Retry', async () => {
    let broken = true;
    function Checkout() {
      if (broken) throw new Error('boom');
      return <h1>Checkout</h1>;
    }
    const { loader, refreshed } = fakeRemote({ down: false, Page: Checkout });
    renderInShell(loader, 'mf_checkout/CheckoutPage');

    expect(await screen.findByText(REMOTE_FAILURE_TITLE)).toBeInTheDocument();
    expect(screen.getByText('Shop header')).toBeInTheDocument();

    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(refreshed).toEqual(['mf_checkout']);
  });

  describe('for a remote that draws the page\'s main itself (a route without the shop\'s chrome)', () => {
    function renderBare(loader: RemoteLoader) {
      return render(
        <RemoteLoaderContext.Provider value={loader}>
          <RemoteModule moduleId="mf_backoffice/OrdersPage" loadingLabel="Loading orders…" drawsOwnMain />
        </RemoteLoaderContext.Provider>,
      );
    }

    it('draws its loading state inside the main the skip link points at, then leaves the main to the remote', async () => {
      const { loader } = fakeRemote({
        down: false,
        Page: () => (
          <main id="main-content">
            <h1>Orders</h1>
          </main>
        ),
      });
      renderBare(loader);
      expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
      expect(screen.getByRole('main')).toContainElement(screen.getByRole('status'));
      expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
      expect(screen.getAllByRole('main')).toHaveLength(1);
    });

    it('draws the failure and its Retry inside that main', async () => {
      const behaviour = { down: true, Page: () => <main id="main-content">Orders</main> };
      const { loader } = fakeRemote(behaviour);
      renderBare(loader);
      expect(await screen.findByText(REMOTE_FAILURE_TITLE)).toBeInTheDocument();
      expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
      expect(screen.getByRole('main')).toContainElement(screen.getByRole('button', { name: 'Retry' }));
      behaviour.down = false;
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText('Orders')).toBeInTheDocument();
      expect(screen.getAllByRole('main')).toHaveLength(1);
    });
  });
});
