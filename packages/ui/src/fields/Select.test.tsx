import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { act, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { SearchableSelect } from './SearchableSelect.js';
import { Select } from './Select.js';

const states = [
  { value: 'NJ', label: 'New Jersey' },
  { value: 'NY', label: 'New York' },
  { value: 'NM', label: 'New Mexico' },
  { value: 'TX', label: 'Texas' },
];

describe('Select', () => {
  it('offers the placeholder then the options', async () => {
    render(<Select id="s" label="State" placeholder="Select a state" options={states} defaultValue="" />);
    const select = screen.getByRole('combobox', { name: 'State' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Select a state', 'New Jersey', 'New York', 'New Mexico', 'Texas']);
    await userEvent.selectOptions(select, 'TX');
    expect(select).toHaveValue('TX');
  });

  it('is a list box of several choices with multiSelect', async () => {
    render(<Select id="m" label="Styles" multiSelect options={states} defaultValue={[]} />);
    const list = screen.getByRole('listbox', { name: 'Styles' });
    await userEvent.selectOptions(list, ['NJ', 'TX']);
    expect((list as HTMLSelectElement).selectedOptions).toHaveLength(2);
    expect(screen.queryByText('Select a state')).toBeNull();
  });

  it('says "Loading..." and cannot be used while its options load', () => {
    render(<Select id="s" label="State" options={[]} loading />);
    const select = screen.getByRole('combobox', { name: 'State' });
    expect(select).toBeDisabled();
    expect(select).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('option')).toHaveTextContent('Loading...');
  });

  it('says when its options could not be loaded, with Retry', async () => {
    const retry = jest.fn();
    render(<Select id="s" label="State" options={[]} loadError="Could not load the list" onRetry={retry} />);
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveAccessibleDescription(/Could not load the list/);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalled();
  });
});

function Searchable({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <SearchableSelect id="st" label="State" placeholder="Select a state" options={states} value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('SearchableSelect', () => {
  it('is a combobox that narrows its listbox as you type and picks with the keyboard', async () => {
    render(<Searchable />);
    const box = screen.getByRole('combobox', { name: 'State' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(box, 'new');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const listbox = screen.getByRole('listbox', { name: 'State' });
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['New Jersey', 'New York', 'New Mexico']);
    // the first match is active; Down moves to the next
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'New Jersey' }).id);
    await userEvent.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'New York' }).id);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('value')).toHaveTextContent('NY');
    expect(box).toHaveValue('New York');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens on ArrowDown at the chosen option, and Escape closes it keeping the choice', async () => {
    render(<Searchable initial="TX" />);
    const box = screen.getByRole('combobox', { name: 'State' });
    box.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Texas' })).toHaveAttribute('aria-selected', 'true');
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Texas' }).id);
    await userEvent.keyboard('{ArrowUp}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('value')).toHaveTextContent('TX');
    expect(box).toHaveValue('Texas');
  });

  it('picks an option by click, takes an exact typed name on leaving, and clears when emptied', async () => {
    render(<Searchable />);
    const box = screen.getByRole('combobox', { name: 'State' });
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('option', { name: 'Texas' }));
    expect(screen.getByTestId('value')).toHaveTextContent('TX');

    await userEvent.clear(box);
    await userEvent.type(box, 'new mexico');
    await userEvent.tab();
    expect(screen.getByTestId('value')).toHaveTextContent('NM');

    await userEvent.clear(box);
    await userEvent.tab();
    expect(screen.getByTestId('value')).toHaveTextContent('');
  });

  it('puts the chosen label back when what was typed names no option', async () => {
    render(<Searchable initial="NJ" />);
    const box = screen.getByRole('combobox', { name: 'State' });
    await userEvent.clear(box);
    await userEvent.type(box, 'zz');
    expect(screen.getByText('No matches')).toBeInTheDocument();
    await userEvent.tab();
    expect(box).toHaveValue('New Jersey');
    expect(screen.getByTestId('value')).toHaveTextContent('NJ');
  });

  it('shows "Loading..." while the list loads', () => {
    render(<SearchableSelect id="c" label="City" options={[]} value="" onChange={() => undefined} loading />);
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveValue('Loading...');
    expect(screen.getByRole('combobox', { name: 'City' })).toBeDisabled();
  });

  describe('typed into before hydration', () => {
    /** The server's HTML in the document, typed into as a shopper would before the scripts ran. */
    function serverBox(initial: string, typed: string, focused: boolean): HTMLElement {
      const container = document.createElement('div');
      container.innerHTML = renderToString(<Searchable initial={initial} />);
      document.body.appendChild(container);
      const box = container.querySelector('input[role=combobox]') as HTMLInputElement;
      box.value = typed;
      if (focused) box.focus();
      return container;
    }

    afterEach(() => document.body.replaceChildren());

    it('keeps the search and opens its matches when the shopper is still in the box', async () => {
      const container = serverBox('', 'new', true);
      await act(async () => {
        render(<Searchable />, { container, hydrate: true });
      });
      const box = screen.getByRole('combobox', { name: 'State' });
      expect(box).toHaveValue('new');
      expect(box).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['New Jersey', 'New York', 'New Mexico']);
      await userEvent.keyboard('{Enter}');
      expect(screen.getByTestId('value')).toHaveTextContent('NJ');
    });

    it('takes a whole typed name as the choice when the shopper leaves the box', async () => {
      const container = serverBox('TX', 'New Mexico', true);
      await act(async () => {
        render(<Searchable initial="TX" />, { container, hydrate: true });
      });
      const box = screen.getByRole('combobox', { name: 'State' });
      expect(box).toHaveValue('New Mexico');
      await userEvent.tab();
      expect(screen.getByTestId('value')).toHaveTextContent('NM');
      expect(box).toHaveValue('New Mexico');
    });

    it('leaves an untouched box as the server drew it, closed', async () => {
      const container = serverBox('TX', 'Texas', false);
      await act(async () => {
        render(<Searchable initial="TX" />, { container, hydrate: true });
      });
      const box = screen.getByRole('combobox', { name: 'State' });
      expect(box).toHaveValue('Texas');
      expect(box).toHaveAttribute('aria-expanded', 'false');
    });
  });
});
