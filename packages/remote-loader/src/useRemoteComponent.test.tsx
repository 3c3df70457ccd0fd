import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { areasCommitted, forgetRemote, useRemoteComponent, type RemoteComponentLoad } from './useRemoteComponent.js';

// The MF runtime is the edge: a fake remote whose answers each test controls.
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Heading({ text }: { text: string }) {
  return <h1>{text}</h1>;
}
const page = (text: string): ComponentType => () => <Heading text={text} />;

function Slot({ moduleId, load, attempt }: { moduleId: string; load: RemoteComponentLoad<object>; attempt?: number }) {
  const state = useRemoteComponent(moduleId, load, attempt);
  if (state.status === 'loading') return <p>loading</p>;
  if (state.status === 'error') return <p>failed</p>;
  return <state.Component />;
}

afterEach(() => jest.restoreAllMocks());

describe('useRemoteComponent', () => {
  it('is loading, then ready with the remote component', async () => {
    const load = jest.fn(async () => page('Kitchen cabinets'));
    render(<Slot moduleId="mf_content/ContentPage" load={load} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Kitchen cabinets' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('mf_content/ContentPage');
  });

  it('renders a component this loader already loaded at once, without a loading flash or a second load', async () => {
    const load = jest.fn(async () => page('Bath vanities'));
    const first = render(<Slot moduleId="mf_content/ContentPage" load={load} />);
    await screen.findByRole('heading', { name: 'Bath vanities' });
    first.unmount();

    const statuses: string[] = [];
    renderHook(() => {
      const state = useRemoteComponent('mf_content/ContentPage', load);
      statuses.push(state.status);
      return state;
    });
    expect(statuses[0]).toBe('ready');
    await act(async () => undefined);
    expect(statuses).not.toContain('loading');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps caches of different loaders apart', async () => {
    const real = jest.fn(async () => page('Real'));
    const fake = jest.fn(async () => page('Fake'));
    const first = render(<Slot moduleId="mf_content/ContentPage" load={real} />);
    await screen.findByRole('heading', { name: 'Real' });
    first.unmount();

    render(<Slot moduleId="mf_content/ContentPage" load={fake} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Fake' })).toBeInTheDocument();
  });

  it('reports a remote that cannot load as an error and logs why', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = jest.fn(async (): Promise<ComponentType> => {
      throw new Error('Failed to get manifest');
    });
    const { result } = renderHook(() => useRemoteComponent('mf_forms/ContactPage', load));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(error).toHaveBeenCalledWith('Remote mf_forms/ContactPage could not be loaded', expect.any(Error));
  });

  it('ignores a slow answer for a module it no longer shows', async () => {
    const answers: Record<string, ReturnType<typeof deferred<ComponentType>>> = {
      'mf_content/ContentPage': deferred(),
      'mf_forms/ContactPage': deferred(),
    };
    const load = (moduleId: string) => answers[moduleId]!.promise;
    const { rerender } = render(<Slot moduleId="mf_content/ContentPage" load={load} />);
    rerender(<Slot moduleId="mf_forms/ContactPage" load={load} />);

    await act(async () => answers['mf_forms/ContactPage']!.resolve(page('Contact us')));
    expect(screen.getByRole('heading', { name: 'Contact us' })).toBeInTheDocument();
    await act(async () => answers['mf_content/ContentPage']!.resolve(page('Old page')));
    expect(screen.getByRole('heading', { name: 'Contact us' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Old page' })).not.toBeInTheDocument();
  });

  it('ignores a late failure of an earlier request for the module it shows again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const firstTry = deferred<ComponentType>();
    let calls = 0;
    const load = async (moduleId: string) => {
      if (moduleId !== 'mf_content/ContentPage') return page('Contact us');
      calls += 1;
      return calls === 1 ? firstTry.promise : page('Kitchen cabinets');
    };
    const { rerender } = render(<Slot moduleId="mf_content/ContentPage" load={load} />);
    rerender(<Slot moduleId="mf_forms/ContactPage" load={load} />);
    await screen.findByRole('heading', { name: 'Contact us' });
    rerender(<Slot moduleId="mf_content/ContentPage" load={load} />);
    await screen.findByRole('heading', { name: 'Kitchen cabinets' });

    await act(async () => firstTry.reject(new Error('Failed to get manifest')));
    expect(screen.getByRole('heading', { name: 'Kitchen cabinets' })).toBeInTheDocument();
  });

  it('ignores a failure that arrives after the component left the page', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const answer = deferred<ComponentType>();
    const statuses: string[] = [];
    const { unmount } = renderHook(() => {
      const state = useRemoteComponent('mf_forms/ContactPage', () => answer.promise);
      statuses.push(state.status);
    });
    unmount();
    await act(async () => answer.reject(new Error('Failed to get manifest')));
    expect(statuses).toEqual(['loading']);
    // Logged all the same: the failure is worth knowing about even if nobody waits for it.
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('loads a forgotten remote again on the next attempt, keeping other remotes cached', async () => {
    let title = 'Contact us (old)';
    const load = jest.fn(async (moduleId: string) => (moduleId.startsWith('mf_forms/') ? page(title) : page('Home')));
    const other = render(<Slot moduleId="mf_content/ContentPage" load={load} />);
    await screen.findByRole('heading', { name: 'Home' });
    other.unmount();
    const { rerender } = render(<Slot moduleId="mf_forms/ContactPage" load={load} attempt={0} />);
    await screen.findByRole('heading', { name: 'Contact us (old)' });

    forgetRemote(load, 'mf_forms');
    title = 'Contact us (new)';
    rerender(<Slot moduleId="mf_forms/ContactPage" load={load} attempt={1} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Contact us (new)' })).toBeInTheDocument();

    const { result } = renderHook(() => useRemoteComponent('mf_content/ContentPage', load));
    expect(result.current.status).toBe('ready');
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe('areasCommitted', () => {
  it('resolves once every listed area has committed with its module, false after its bound otherwise', async () => {
    const load = async () => () => <p>area</p>;
    function Area({ moduleId }: { moduleId: string }) {
      const state = useRemoteComponent(moduleId, load);
      return state.status === 'ready' ? <state.Component /> : null;
    }
    expect(await areasCommitted(['mf_test/Never'], 30)).toBe(false);
    const waiting = areasCommitted(['mf_test/One', 'mf_test/Two'], 2000);
    render(
      <>
        <Area moduleId="mf_test/One" />
        <Area moduleId="mf_test/Two" />
      </>,
    );
    expect(await waiting).toBe(true);
    expect(await areasCommitted(['mf_test/One'], 10)).toBe(true);
  });
});
